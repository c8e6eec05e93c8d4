import { formatTime12h, wallClockIn, type DayBook, paymentMessages } from '@app/shared';
import { ListTable, type ListActions, type ListColumn } from '@/components/ListTable';
import { ReceiptLinkButton } from '@/components/ReceiptLink';
import { PaymentAmount, PaymentNote } from './PaymentEntry';
import { paymentModeName } from '@/components/payment-mode';

const m = paymentMessages;
const c = m.dayBook.columns;
const nowrap = { whiteSpace: 'nowrap' } as const;

type DayBookPayment = DayBook['payments'][number];

/** The time of day a payment was recorded, on the library's clock: 9:05 AM. */
function timeOfDay(timestamp: string, timeZone: string): string {
  const { minute } = wallClockIn(timeZone, timestamp);
  return formatTime12h(`${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`);
}

const columns = (timeZone: string): ListColumn<DayBookPayment>[] => [
  { label: c.time, sx: nowrap, cell: (payment) => timeOfDay(payment.created_at, timeZone) },
  { label: c.receiptNo, sx: nowrap, cell: (payment) => payment.receipt_no ?? '—' },
  {
    label: c.student,
    card: 'title',
    sx: { fontWeight: 600, overflowWrap: 'anywhere' },
    cell: (payment) => [payment.first_name, payment.last_name].filter(Boolean).join(' '),
  },
  { label: c.mobile, card: 'subtitle', sx: { ...nowrap, fontVariantNumeric: 'tabular-nums' }, cell: (p) => p.mobile },
  {
    label: c.amount,
    align: 'right',
    sx: { ...nowrap, fontVariantNumeric: 'tabular-nums' },
    cell: (payment) => <PaymentAmount payment={payment} />,
  },
  { label: c.mode, sx: nowrap, cell: (payment) => paymentModeName(payment.mode) },
  { label: c.reference, sx: { overflowWrap: 'anywhere' }, cell: (payment) => payment.reference ?? '—' },
  { label: c.receivedBy, cell: (payment) => payment.recorded_by_name ?? m.notRecorded },
  { label: c.note, sx: { minWidth: 120 }, cell: (payment) => <PaymentNote payment={payment} /> },
];

/** A payment's receipt, when it has one (a refund has none). */
const actions: ListActions<DayBookPayment> = {
  label: c.actions,
  cell: (payment) =>
    payment.receipt_no ? <ReceiptLinkButton paymentId={payment.id} receiptNo={payment.receipt_no} /> : null,
};

/**
 * Every payment of the day, in the order they came in, each with its receipt; a void one
 * struck through and marked VOID (the totals leave it out), an adjustment signed with its reason.
 */
export function DayBookTable({
  payments,
  loading,
  timeZone,
}: {
  payments: DayBookPayment[];
  loading: boolean;
  timeZone: string;
}) {
  return (
    <ListTable
      label={m.dayBook.title}
      minWidth={880}
      columns={columns(timeZone)}
      actions={actions}
      rows={payments}
      rowKey={(payment) => payment.id}
      loading={loading}
      emptyText={m.dayBook.empty}
    />
  );
}
