import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatRupees, type PaymentRecord, receiptMessages } from '@app/shared';

const r = receiptMessages;

/** The amount of a payment as the lists show it: signed (a refund is below ₹0), struck through when void. */
export function PaymentAmount({ payment }: { payment: Pick<PaymentRecord, 'amount' | 'voided_at'> }) {
  const amount = formatRupees(payment.amount);
  if (!payment.voided_at) return <>{amount}</>;
  return (
    <Box component="s" sx={{ color: 'text.secondary' }}>
      {amount}
    </Box>
  );
}

type NotedPayment = Pick<PaymentRecord, 'amount' | 'kind' | 'reason' | 'voided_at' | 'void_reason'>;

/**
 * What a list says about a correction: a void payment is marked VOID with why it was voided
 * (who and when are on its receipt); an adjustment says what it is (more received or a
 * refund) and why. A dash for a plain payment.
 */
export function PaymentNote({ payment }: { payment: NotedPayment }) {
  const adjustment =
    payment.kind === 'adjustment' && payment.reason
      ? payment.amount < 0
        ? r.notes.refund(payment.reason)
        : r.notes.more(payment.reason)
      : null;
  const text = payment.voided_at ? payment.void_reason : adjustment;
  if (!payment.voided_at && !text) return <>—</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
      {payment.voided_at ? <Chip size="small" color="error" variant="outlined" label={r.void} /> : null}
      {text ? (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      ) : null}
    </Box>
  );
}
