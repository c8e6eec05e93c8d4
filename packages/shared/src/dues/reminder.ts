/**
 * Links a phone opens: UPI payment (`upi://pay`), WhatsApp click-to-chat and SMS, and the
 * reminder text from the owner's template. One implementation for the API and the web.
 */

export const REMINDER_PLACEHOLDERS = ['name', 'library', 'expiry', 'amount', 'upi_link'] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];

/** A mobile that can take WhatsApp and SMS: an Indian mobile, 10 digits starting 6–9. */
export const WHATSAPP_MOBILE_PATTERN = /^[6-9]\d{9}$/;

export function canTakeWhatsApp(mobile: string): boolean {
  return WHATSAPP_MOBILE_PATTERN.test(mobile);
}

/** Rupees with exactly two decimals, as `am` wants them: 1500 → "1500.00". Amounts have at most 2 decimals. */
export function amountWithTwoDecimals(amount: number): string {
  const paise = Math.round(amount * 100);
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** `tr`: a reference unique to one due: the subscription, the plan's expiry and what is due (R renewal, B balance). */
export function dueReference(subscriptionId: string, planExpiresAt: string, kind: 'renewal' | 'balance'): string {
  const id = subscriptionId.replace(/-/g, '').slice(0, 16).toUpperCase();
  return `SL${id}${planExpiresAt.replace(/-/g, '')}${kind === 'renewal' ? 'R' : 'B'}`;
}

const encode = (value: string) => encodeURIComponent(value);

/** A `upi://pay` link (NPCI's UPI linking specification): `pa`, `pn`, `am`, `cu=INR`, `tn`, `tr`. */
export function upiPayLink(pay: { vpa: string; payee: string; amount: number; note: string; reference: string }) {
  // `@` stays as it is: some UPI apps do not decode `%40` in `pa`.
  const params = [
    `pa=${encode(pay.vpa).replace(/%40/g, '@')}`,
    `pn=${encode(pay.payee)}`,
    `am=${amountWithTwoDecimals(pay.amount)}`,
    'cu=INR',
    // Cut by characters, not UTF-16 units: half an emoji cannot be encoded.
    `tn=${encode(Array.from(pay.note).slice(0, 50).join(''))}`,
    `tr=${encode(pay.reference)}`,
  ];
  return `upi://pay?${params.join('&')}`;
}

/** WhatsApp click-to-chat for an Indian mobile (10 digits): `https://wa.me/91XXXXXXXXXX?text=…`. */
export function whatsappLink(mobile: string, text: string): string {
  return `https://wa.me/91${mobile}?text=${encode(text)}`;
}

/** The SMS fallback: `sms:+91XXXXXXXXXX?body=…`. */
export function smsLink(mobile: string, text: string): string {
  return `sms:+91${mobile}?body=${encode(text)}`;
}

/**
 * The reminder text: each `{placeholder}` replaced by its value. A line holding `{upi_link}`
 * is left out when there is no UPI link (no UPI ID in settings).
 */
export function renderReminder(template: string, values: Record<ReminderPlaceholder, string | null>): string {
  return template
    .split('\n')
    .filter((line) => !(line.includes('{upi_link}') && !values.upi_link))
    .join('\n')
    .replace(/\{(name|library|expiry|amount|upi_link)\}/g, (_, key: ReminderPlaceholder) => values[key] ?? '');
}
