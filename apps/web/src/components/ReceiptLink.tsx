import { Link as RouterLink, useLocation } from 'react-router';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '@/components/Tooltip';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import { receiptMessages } from '@app/shared';

/** The receipt screen of a payment (issue 14). */
export const receiptPath = (paymentId: string) => `/app/receipts/${encodeURIComponent(paymentId)}`;

/** What the receipt screen's Back goes to: the list or dialog's screen the receipt was opened from. */
export interface ReceiptLinkState {
  from: string;
}

/**
 * A row's "Receipt" action (the day book, the fee report, a subscription's payments): an icon
 * link named by the receipt number, which takes the screen it was opened from along, so the
 * receipt's Back returns there.
 */
export function ReceiptLinkButton({ paymentId, receiptNo }: { paymentId: string; receiptNo: string }) {
  const location = useLocation();
  const label = receiptMessages.actions.openFor(receiptNo);
  const state: ReceiptLinkState = { from: `${location.pathname}${location.search}` };
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={receiptPath(paymentId)} state={state} aria-label={label} size="small">
        <ReceiptLongRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
