import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import {
  formatDateDMY,
  subscriptionRenewFormSchema,
  type Subscription,
  type SubscriptionRenewFormInput,
  type SubscriptionRenewInput,
  todayIn,
  subscriptionMessages,
} from '@app/shared';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { SubmitActions } from '@/components/FormDialogActions';
import { useSubscriptionActions } from '../hooks/use-subscription-actions';
import { durationArg, planEnd } from './availability-args';
import { PaymentFields } from './PaymentFields';
import { studentName, timing } from './row-format';
import { SubscriptionDialog } from './SubscriptionDialog';

const m = subscriptionMessages;
const RENEW_FIELDS = ['fee', 'duration', 'mode', 'price', 'reference'] as const;
type RenewField = (typeof RENEW_FIELDS)[number];

/**
 * Where a renewal would end: a plan still running goes on from the day after its expiry,
 * a lapsed one restarts today (the server's rule, shown before saving).
 */
function renewedExpiry(subscription: Subscription, months: number, today: string): string {
  const lapsed = subscription.plan_expires_at < today;
  const from = lapsed ? today : dayjs(subscription.plan_expires_at).add(1, 'day').format('YYYY-MM-DD');
  return planEnd(from, months);
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

interface RenewSubscriptionDialogProps {
  open: boolean;
  subscription?: Subscription;
  onClose: () => void;
}

/**
 * Renew Subscription (SPEC.md §5): fee, duration and payment method, with the agreed price
 * from the price list for the plan's seat kind and window; the parent remounts it per opening.
 */
export function RenewSubscriptionDialog({ open, subscription, onClose }: RenewSubscriptionDialogProps) {
  const timeZone = useLibraryTimeZone();
  const form = useForm<SubscriptionRenewFormInput, unknown, SubscriptionRenewInput>({
    resolver: zodResolver(subscriptionRenewFormSchema),
    defaultValues: { fee: '', duration: '', mode: 'Cash', price: '', reference: '' },
  });
  const duration = useWatch({ control: form.control, name: 'duration' });
  const { keyFor } = useIdempotencyKey();
  const { renew } = useSubscriptionActions();
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (body) => {
    if (!subscription) return;
    const result = await renew(subscription.id, body, keyFor(body));
    if (result.saved) {
      onClose();
      return;
    }
    for (const { field, message } of result.fieldErrors) {
      if (RENEW_FIELDS.includes(field as RenewField)) form.setError(field as RenewField, { message });
    }
  });

  const months = durationArg(duration ?? '').duration;
  return (
    <SubscriptionDialog open={open} title={m.renewTitle} busy={busy} onClose={onClose}>
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} aria-label={m.renewTitle}>
          <DialogContent sx={{ pt: 1 }}>
            {subscription ? (
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr 1fr', sm: '1.4fr 1fr 1fr' },
                  gap: 2,
                  p: 2,
                  mb: 3,
                  borderRadius: 2,
                  bgcolor: 'action.hover',
                }}
              >
                <Fact label={m.studentLabel} value={`${studentName(subscription)} · ${subscription.mobile}`} />
                <Fact label={m.timing} value={timing(subscription)} />
                <Fact label={m.currentExpiry} value={formatDateDMY(subscription.plan_expires_at)} />
              </Box>
            ) : null}
            <PaymentFields plan={subscription} autoFocus />
            <Typography variant="body2" color="text.secondary" role="status" sx={{ minHeight: 20, mt: 1 }}>
              {subscription && months
                ? m.newExpiry(formatDateDMY(renewedExpiry(subscription, months, todayIn(timeZone))))
                : ' '}
            </Typography>
          </DialogContent>
          <SubmitActions
            busy={busy}
            cancelLabel={m.cancel}
            submitLabel={m.renewSubmit}
            busyLabel={m.submitting}
            onCancel={onClose}
            submitDisabled={!subscription}
          />
        </form>
      </FormProvider>
    </SubscriptionDialog>
  );
}
