import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import {
  formatDateDMY,
  subscriptionUpdateFormSchema,
  type Subscription,
  type SubscriptionUpdateFormInput,
  type SubscriptionUpdateInput,
  todayIn,
  subscriptionMessages,
} from '@app/shared';
import { useAvailability, type SeatOption } from '../hooks/use-availability';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { SubmitActions } from '@/components/FormDialogActions';
import { useSubscriptionActions } from '../hooks/use-subscription-actions';
import { remainingPlanArgs } from './availability-args';
import { studentName } from './row-format';
import { WindowAndSeatFields } from './WindowAndSeatFields';

const m = subscriptionMessages;

function initialValues(subscription: Subscription): SubscriptionUpdateFormInput {
  return {
    start_time: subscription.start_time.slice(0, 5),
    end_time: subscription.end_time.slice(0, 5),
    seat_status: subscription.is_reserved ? 'reserved' : 'non_reserved',
    seat_id: subscription.is_reserved ? (subscription.seat_id ?? '') : '',
  };
}

/** The seat held now, so the Reserved Seat shows it before any availability check. */
function heldSeat(subscription: Subscription): SeatOption[] {
  if (!subscription.is_reserved || !subscription.seat_id) return [];
  return [
    { id: subscription.seat_id, name: subscription.name ?? '', area_name: subscription.area_name ?? '', capacity: 1 },
  ];
}

interface UpdateSubscriptionFormProps {
  subscription: Subscription;
  /** Tells the dialog a save is under way, so it does not close on a backdrop click meanwhile. */
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}

/** Update Subscription fields (SPEC.md §5): mobile and joining date read-only; the window and seat editable. */
export function UpdateSubscriptionForm({ subscription, onBusyChange, onClose }: UpdateSubscriptionFormProps) {
  const timeZone = useLibraryTimeZone();
  const form = useForm<SubscriptionUpdateFormInput, unknown, SubscriptionUpdateInput>({
    resolver: zodResolver(subscriptionUpdateFormSchema),
    defaultValues: initialValues(subscription),
  });
  const initialSeats = useMemo(() => heldSeat(subscription), [subscription]);
  const availability = useAvailability(initialSeats);
  const { update } = useSubscriptionActions();
  const busy = form.formState.isSubmitting;

  const checkAvailability = async () => {
    const { start_time, end_time, seat_id } = form.getValues();
    const seats = await availability.check({
      ...remainingPlanArgs(subscription, todayIn(timeZone)),
      start_time,
      end_time,
      exclude_id: subscription.id,
    });
    if (seats && seat_id && !seats.some((seat) => seat.id === seat_id)) form.setValue('seat_id', '');
  };

  const submit = form.handleSubmit(async (body) => {
    onBusyChange(true);
    const result = await update(subscription.id, body);
    onBusyChange(false);
    if (result.saved) {
      onClose();
      return;
    }
    for (const { field, message } of result.fieldErrors) {
      if (field === 'start_time' || field === 'end_time' || field === 'seat_id') form.setError(field, { message });
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} aria-label={m.updateTitle}>
        <DialogContent sx={{ pt: 1 }}>
          <Box sx={{ display: 'grid', rowGap: 1.5, pt: 1 }}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1.5 }}>
              <TextField
                id="mobile"
                label={m.fields.mobile}
                value={subscription.mobile}
                helperText={studentName(subscription)}
                slotProps={{ input: { readOnly: true } }}
              />
              <TextField
                id="joining_date"
                label={m.fields.joiningDate}
                value={formatDateDMY(subscription.joining_date)}
                helperText=" "
                slotProps={{ input: { readOnly: true } }}
              />
            </Box>
            <WindowAndSeatFields availability={availability} onCheck={() => void checkAvailability()} />
          </Box>
        </DialogContent>
        <SubmitActions
          busy={busy}
          cancelLabel={m.cancel}
          submitLabel={m.updateSubmit}
          busyLabel={m.updating}
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
