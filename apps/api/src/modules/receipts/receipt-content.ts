import { formatDateDMY, formatRupees, formatTime12h, formatWindow, messages, type ReceiptDocument } from '@app/shared';

/**
 * What a receipt says, in the words of the catalogue, worked out once from its document and
 * drawn by both renderers (the HTML page and the PDF), so the page, the print and the PDF
 * can never say different things. Sections are label–value rows: they read the same on
 * an A5 sheet and on an 80 mm roll.
 */

const m = messages.receipts;

export interface ReceiptRowText {
  label: string;
  value: string;
  /** The amount's row, set large. */
  strong?: boolean;
}

export interface ReceiptSection {
  /** Read out, not printed: the section's name for assistive technology. */
  name: string;
  rows: ReceiptRowText[];
}

export interface ReceiptContent {
  /** Receipt or Tax Invoice. */
  title: string;
  /** The page's title: the title and its number. */
  documentTitle: string;
  supplier: { name: string; lines: string[] };
  void: { mark: string; note: string } | null;
  sections: ReceiptSection[];
  notes: string[];
  thanks: string;
}

const dateTime = (date: string, time: string) => `${formatDateDMY(date)} ${formatTime12h(time)}`;

function seatText(plan: ReceiptDocument['plan']): string {
  const seat = plan.is_reserved ? (plan.seat_name ?? m.seat) : m.anyFreeSeat;
  return plan.area_name ? `${seat}, ${plan.area_name}` : seat;
}

/** The receipt's texts, from its document. */
export function receiptContent(receipt: ReceiptDocument): ReceiptContent {
  const { tax, plan } = receipt;
  const title = tax ? m.taxInvoice : m.receipt;
  const supplierLines = [
    receipt.library.address,
    `${m.phone}: ${receipt.library.phone}`,
    tax ? `${m.tax.gstin}: ${tax.gstin}` : null,
  ].filter((line): line is string => Boolean(line));

  const heading: ReceiptRowText[] = [
    { label: tax ? m.invoiceNo : m.receiptNo, value: receipt.receipt_no },
    { label: m.date, value: dateTime(receipt.date, receipt.time) },
  ];
  const party: ReceiptRowText[] = [
    { label: tax ? m.billTo : m.receivedFrom, value: receipt.student.name },
    { label: m.mobile, value: receipt.student.mobile },
  ];
  const paidFor: ReceiptRowText[] = [
    { label: m.paidFor, value: m.kinds[receipt.kind] },
    { label: m.plan, value: m.planMonths(plan.duration_months) },
    { label: m.seat, value: seatText(plan) },
    { label: m.dailyWindow, value: formatWindow(plan.start_time, plan.end_time) },
    { label: m.period, value: m.periodValue(formatDateDMY(plan.period_start), formatDateDMY(plan.period_end)) },
  ];
  const money: ReceiptRowText[] = tax
    ? [
        { label: m.tax.description, value: m.tax.service },
        { label: m.tax.sac, value: tax.sac },
        { label: m.tax.placeOfSupply, value: m.tax.stateValue(tax.place_of_supply.code, tax.place_of_supply.name) },
        { label: m.tax.taxableValue, value: formatRupees(tax.taxable_value) },
        ...(tax.inter_state
          ? [{ label: m.tax.igst(tax.rate), value: formatRupees(tax.igst) }]
          : [
              { label: m.tax.cgst(tax.rate), value: formatRupees(tax.cgst) },
              { label: m.tax.sgst(tax.rate), value: formatRupees(tax.sgst) },
            ]),
        { label: m.tax.total, value: formatRupees(receipt.amount), strong: true },
        { label: m.amountInWords, value: receipt.amount_in_words },
      ]
    : [
        { label: m.amount, value: formatRupees(receipt.amount), strong: true },
        { label: m.amountInWords, value: receipt.amount_in_words },
      ];
  const payment: ReceiptRowText[] = [
    {
      label: m.mode,
      value: (messages.payments.modes as Readonly<Record<string, string>>)[receipt.mode] ?? receipt.mode,
    },
    ...(receipt.reference ? [{ label: m.reference, value: receipt.reference }] : []),
    { label: m.receivedBy, value: receipt.received_by ?? messages.payments.notRecorded },
  ];

  const notes = [
    receipt.adjusts ? m.adjustsNote(receipt.adjusts.receipt_no ?? '', receipt.adjusts.reason) : null,
    tax ? m.tax.rounding(tax.rate) : null,
    tax && !tax.inter_state ? m.tax.roundingSplit : null,
    tax ? m.tax.reverseCharge : null,
    m.computerGenerated,
  ].filter((note): note is string => Boolean(note));

  return {
    title,
    documentTitle: `${title} ${receipt.receipt_no}`,
    supplier: { name: receipt.library.name, lines: supplierLines },
    void: receipt.void
      ? {
          mark: m.void,
          note: m.voidedNote(
            dateTime(receipt.void.at.slice(0, 10), receipt.void.at.slice(11, 16)),
            receipt.void.by ?? messages.payments.notRecorded,
            receipt.void.reason,
          ),
        }
      : null,
    sections: [
      { name: title, rows: heading },
      { name: tax ? m.billTo : m.receivedFrom, rows: party },
      { name: m.paidFor, rows: paidFor },
      { name: tax ? m.tax.total : m.amount, rows: money },
      { name: m.mode, rows: payment },
    ],
    notes,
    thanks: m.thanks,
  };
}
