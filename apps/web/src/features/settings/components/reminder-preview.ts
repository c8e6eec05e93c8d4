import dayjs from 'dayjs';
import {
  dueReference,
  formatDateDMY,
  formatRupees,
  renderReminder,
  upiPayLink,
  VPA_PATTERN,
  duesMessages,
  settingsMessages,
} from '@app/shared';

/** When the price list has no price yet, the preview's amount. */
export const SAMPLE_AMOUNT = 1500;
// The sample due's `tr`: the subscription id of no real subscription.
const SAMPLE_SUBSCRIPTION_ID = '00000000-0000-0000-0000-000000000000';

interface PreviewInput {
  template: string;
  library: string;
  upiId: string;
  payee: string;
  /** Today in the library's time zone (YYYY-MM-DD). */
  today: string;
  expiringDays: number;
  amount: number;
}

/**
 * The reminder a student would get from `template`: a sample student whose plan ends at the
 * edge of the expiring window, owing `amount`, with the UPI link the current UPI ID makes
 * (none while the UPI ID is empty or malformed, so its line drops out as it will on Dues).
 */
export function reminderPreview({ template, library, upiId, payee, today, expiringDays, amount }: PreviewInput) {
  const student = settingsMessages.previewStudent;
  const expiry = dayjs(today).add(expiringDays, 'day').format('YYYY-MM-DD');
  const vpa = upiId.trim();
  const upiLink = VPA_PATTERN.test(vpa)
    ? upiPayLink({
        vpa,
        payee: payee.trim() || library,
        amount,
        note: duesMessages.upiNote(library, student),
        reference: dueReference(SAMPLE_SUBSCRIPTION_ID, expiry, 'renewal'),
      })
    : null;
  return renderReminder(template, {
    name: student,
    library,
    expiry: formatDateDMY(expiry),
    amount: formatRupees(amount),
    upi_link: upiLink,
  });
}
