import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import {
  subscriptionAddFormSchema,
  type SubscriptionAddFormInput,
  type SubscriptionCreateInput,
  todayIn,
  subscriptionMessages,
} from '@app/shared';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useAvailability } from '../hooks/use-availability';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { SubmitActions } from '@/components/FormDialogActions';
import { useStudentLookup } from '../hooks/use-student-lookup';
import { useSubscriptionActions } from '../hooks/use-subscription-actions';
import { durationArg } from './availability-args';
import { PaymentFields } from './PaymentFields';
import { fromPickerDate, toPickerDate } from './picker-values';
import { StudentMobileField } from './StudentMobileField';
import { SubscriptionDialog } from './SubscriptionDialog';
import { WindowAndSeatFields } from './WindowAndSeatFields';

const m = subscriptionMessages;

const emptyForm = (today = ''): SubscriptionAddFormInput => ({
  mobile: '',
  student_id: '',
  joining_date: today,
  start_time: '',
  end_time: '',
  seat_status: 'non_reserved',
  seat_id: '',
  fee: '',
  duration: '',
  mode: 'Cash',
  price: '',
  reference: '',
});

const FORM_FIELDS = new Set(Object.keys(emptyForm()));

interface AddSubscriptionDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Add Subscription (SPEC.md §2, §5): the parent remounts it for every opening. */
export function AddSubscriptionDialog({ open, onClose }: AddSubscriptionDialogProps) {
  const timeZone = useLibraryTimeZone();
  const form = useForm<SubscriptionAddFormInput, unknown, SubscriptionCreateInput>({
    resolver: zodResolver(subscriptionAddFormSchema),
    defaultValues: emptyForm(todayIn(timeZone)),
  });
  const lookup = useStudentLookup();
  const availability = useAvailability();
  const { keyFor } = useIdempotencyKey();
  const { create } = useSubscriptionActions();
  const busy = form.formState.isSubmitting;
  const [startTime, endTime, seatStatus] = useWatch({
    control: form.control,
    name: ['start_time', 'end_time', 'seat_status'],
  });
  const plan = { is_reserved: seatStatus === 'reserved', start_time: startTime, end_time: endTime };

  const checkAvailability = async () => {
    const { joining_date, start_time, end_time, duration, seat_id } = form.getValues();
    const seats = await availability.check({ joining_date, start_time, end_time, ...durationArg(duration) });
    if (seats && seat_id && !seats.some((seat) => seat.id === seat_id)) form.setValue('seat_id', '');
  };

  const submit = form.handleSubmit(async (body) => {
    const result = await create(body, keyFor(body));
    if (result.saved) {
      onClose();
      return;
    }
    for (const { field, message } of result.fieldErrors) {
      const name = field === 'student_id' ? 'mobile' : field;
      if (FORM_FIELDS.has(name)) form.setError(name as keyof SubscriptionAddFormInput, { message });
    }
  });

  return (
    <SubscriptionDialog open={open} title={m.addTitle} busy={busy} onClose={onClose}>
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} aria-label={m.addTitle}>
          <DialogContent sx={{ pt: 1 }}>
            <Box sx={{ display: 'grid', rowGap: 1.5, pt: 1 }}>
              <StudentMobileField lookup={lookup.state} lookUp={lookup.lookUp} />
              <Controller
                control={form.control}
                name="joining_date"
                render={({ field, fieldState }) => (
                  <DatePicker
                    label={m.fields.joiningDate}
                    value={toPickerDate(field.value)}
                    onChange={(value) => {
                      field.onChange(fromPickerDate(value));
                      availability.clearNote();
                    }}
                    format="DD/MM/YYYY"
                    inputRef={field.ref}
                    sx={{ width: '100%' }}
                    slotProps={{
                      textField: {
                        id: 'joining_date',
                        required: true,
                        onBlur: field.onBlur,
                        error: Boolean(fieldState.error),
                        helperText: fieldState.error?.message ?? ' ',
                      },
                    }}
                  />
                )}
              />
              <WindowAndSeatFields availability={availability} onCheck={() => void checkAvailability()} />
              <PaymentFields plan={plan} />
            </Box>
          </DialogContent>
          <SubmitActions
            busy={busy}
            cancelLabel={m.cancel}
            submitLabel={m.createSubmit}
            busyLabel={m.creating}
            onCancel={onClose}
            submitDisabled={lookup.state.status === 'loading'}
          />
        </form>
      </FormProvider>
    </SubscriptionDialog>
  );
}
