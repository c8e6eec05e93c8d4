import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '@/components/Tooltip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import BlockRounded from '@mui/icons-material/BlockRounded';
import PaymentsRounded from '@mui/icons-material/PaymentsRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import {
  formatDateTimeDMY,
  formatRupees,
  type ChargeRecord,
  type PaymentRecord,
  type SubscriptionAccount,
  coreMessages,
  paymentMessages,
  receiptMessages,
} from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { ListSpinner, ListTable, type ListActions, type ListColumn } from '@/components/ListTable';
import { ReceiptLinkButton } from '@/components/ReceiptLink';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useGetSubscriptionAccountQuery } from '../api/payments-api';
import { AdjustPaymentDialog } from './AdjustPaymentDialog';
import type { CorrectablePayment } from './correctable-payment';
import { PaymentAmount, PaymentNote } from './PaymentEntry';
import { RecordPaymentDialog } from './RecordPaymentDialog';
import { VoidPaymentDialog } from './VoidPaymentDialog';
import { useCan } from '@/lib/use-can';
import { paymentModeName } from '@/components/payment-mode';

const m = paymentMessages;
const a = m.account;
const r = receiptMessages;
const money = { align: 'right', sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums', color: tone }}>
        {value}
      </Typography>
    </Box>
  );
}

function chargeColumns(timeZone: string): ListColumn<ChargeRecord>[] {
  const c = a.columns;
  return [
    { label: c.date, card: 'title', cell: (charge) => formatDateTimeDMY(charge.created_at, timeZone) },
    { label: c.plan, card: 'subtitle', cell: (charge) => `${a.kinds[charge.kind]} · ${a.months(charge.duration)}` },
    {
      label: c.listPrice,
      ...money,
      cell: (charge) => (charge.list_price === null ? a.noListPrice : formatRupees(charge.list_price)),
    },
    { label: c.price, ...money, cell: (charge) => formatRupees(charge.price) },
    { label: c.discount, ...money, cell: (charge) => (charge.discount > 0 ? formatRupees(charge.discount) : '—') },
  ];
}

function paymentColumns(timeZone: string): ListColumn<PaymentRecord>[] {
  const c = a.columns;
  return [
    { label: c.date, card: 'title', cell: (payment) => formatDateTimeDMY(payment.created_at, timeZone) },
    { label: c.amount, ...money, card: 'subtitle', cell: (payment) => <PaymentAmount payment={payment} /> },
    { label: c.mode, cell: (payment) => `${paymentModeName(payment.mode)} · ${a.kinds[payment.kind]}` },
    { label: c.reference, sx: { overflowWrap: 'anywhere' }, cell: (payment) => payment.reference ?? '—' },
    { label: c.receiptNo, sx: { whiteSpace: 'nowrap' }, cell: (payment) => payment.receipt_no ?? '—' },
    { label: c.receivedBy, cell: (payment) => payment.recorded_by_name ?? m.notRecorded },
    { label: c.note, sx: { minWidth: 160 }, cell: (payment) => <PaymentNote payment={payment} /> },
  ];
}

/** A correction the owner has asked for: which payment, void or adjust. */
type Correction = { action: 'void' | 'adjust'; payment: CorrectablePayment };

/**
 * A payment's actions: its receipt (when it has one), Void (anything above or below ₹0 not
 * yet void) and Adjust (an original payment: not void, not itself an adjustment).
 */
function paymentActions(
  studentName: string,
  onCorrect: (correction: Correction) => void,
  mayCorrect: boolean,
): ListActions<PaymentRecord> {
  return {
    label: a.columns.actions,
    cell: (payment) => {
      const correctable = {
        id: payment.id,
        receipt_no: payment.receipt_no,
        amount: payment.amount,
        student: studentName,
      };
      const voidLabel = payment.receipt_no ? r.voidFor(payment.receipt_no) : r.voidRefundFor(payment.amount);
      const canVoid = mayCorrect && !payment.voided_at && payment.amount !== 0;
      const adjustable = canVoid && payment.kind !== 'adjustment' && payment.amount > 0 ? payment.receipt_no : null;
      return (
        <Box sx={{ display: 'inline-flex', gap: 0.25 }}>
          {payment.receipt_no ? <ReceiptLinkButton paymentId={payment.id} receiptNo={payment.receipt_no} /> : null}
          {adjustable ? (
            <Tooltip title={r.adjustFor(adjustable)}>
              <IconButton
                size="small"
                aria-label={r.adjustFor(adjustable)}
                onClick={() => onCorrect({ action: 'adjust', payment: correctable })}
              >
                <TuneRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          {canVoid ? (
            <Tooltip title={voidLabel}>
              <IconButton
                size="small"
                color="error"
                aria-label={voidLabel}
                onClick={() => onCorrect({ action: 'void', payment: correctable })}
              >
                <BlockRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      );
    },
  };
}

function AccountBody({
  account,
  timeZone,
  studentName,
  onCorrect,
}: {
  account: SubscriptionAccount;
  timeZone: string;
  studentName: string;
  onCorrect: (correction: Correction) => void;
}) {
  // Issue 16: voiding and adjusting are not the desk's; they see the payments and receipts.
  const mayCorrect = useCan('deletes');
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: 2,
          p: 2,
          borderRadius: 2,
          bgcolor: 'action.hover',
        }}
      >
        <Figure label={m.price} value={formatRupees(account.price)} />
        <Figure label={m.paid} value={formatRupees(account.paid)} />
        <Figure
          label={m.balance}
          value={m.balanceValue(account.balance)}
          tone={account.balance > 0 ? 'warning.main' : 'success.main'}
        />
      </Box>
      <Box component="section" aria-labelledby="account-charges">
        <Typography id="account-charges" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
          {a.charges}
        </Typography>
        <ListTable
          label={a.charges}
          minWidth={560}
          columns={chargeColumns(timeZone)}
          rows={account.charges}
          rowKey={(charge) => charge.id}
          emptyText="—"
        />
      </Box>
      <Box component="section" aria-labelledby="account-payments">
        <Typography id="account-payments" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
          {a.payments}
        </Typography>
        <ListTable
          label={a.payments}
          minWidth={840}
          columns={paymentColumns(timeZone)}
          actions={paymentActions(studentName, onCorrect, mayCorrect)}
          rows={account.payments}
          rowKey={(payment) => payment.id}
          emptyText={a.noPayments}
        />
      </Box>
    </Box>
  );
}

export interface SubscriptionAccountDialogProps {
  open: boolean;
  subscriptionId: string;
  studentName: string;
  onClose(): void;
}

/**
 * A subscription's account: the price agreed for each period (and the discount off the
 * price list), every payment with its mode, reference and who received it, and the
 * balance, with Record Payment while something is due. Each payment links to its receipt
 * and can be voided or adjusted (issue 14); a void one is struck through and marked VOID.
 */
export function SubscriptionAccountDialog({
  open,
  subscriptionId,
  studentName,
  onClose,
}: SubscriptionAccountDialogProps) {
  const timeZone = useLibraryTimeZone();
  const account = useGetSubscriptionAccountQuery(subscriptionId, { skip: !open, refetchOnMountOrArgChange: true });
  const [recording, setRecording] = useState(false);
  const [correction, setCorrection] = useState<Correction | null>(null);
  const balance = account.data?.balance ?? 0;
  const titleId = 'subscription-account-title';

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth="md"
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { m: 2, width: 'calc(100% - 32px)' } } }}
      >
        <DialogTitle id={titleId}>
          {a.title}
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {studentName}
          </Typography>
        </DialogTitle>
        <DialogContent>
          {account.isError ? (
            <ErrorScreen detail={a.fetchFailed} onRefresh={() => void account.refetch()} />
          ) : account.data ? (
            <AccountBody
              account={account.data}
              timeZone={timeZone}
              studentName={studentName}
              onCorrect={setCorrection}
            />
          ) : (
            <ListSpinner />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>{coreMessages.common.close}</Button>
          {balance > 0 ? (
            <Button variant="contained" startIcon={<PaymentsRounded />} onClick={() => setRecording(true)}>
              {m.submit}
            </Button>
          ) : null}
        </DialogActions>
      </Dialog>
      <RecordPaymentDialog
        open={open && recording}
        subscriptionId={subscriptionId}
        studentName={studentName}
        balance={balance}
        onClose={() => setRecording(false)}
        onRecorded={() => undefined}
      />
      {correction?.action === 'void' ? (
        <VoidPaymentDialog open={open} payment={correction.payment} onClose={() => setCorrection(null)} />
      ) : null}
      {correction?.action === 'adjust' && correction.payment.receipt_no ? (
        <AdjustPaymentDialog
          open={open}
          payment={{ ...correction.payment, receipt_no: correction.payment.receipt_no }}
          onClose={() => setCorrection(null)}
        />
      ) : null}
    </>
  );
}
