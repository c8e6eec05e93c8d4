import { z } from 'zod';
import { messages } from '../messages';

const d = messages.notification.devices;

/** Crockford's base-32 digits: no I, L, O or U, so a code read aloud or typed is not misread. */
export const PAIRING_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAIRING_CODE_LENGTH = 8;

/**
 * A typed pairing code in its canonical form: upper case, spaces and dashes dropped, and
 * the letters people confuse with digits (O, I, L) read as those digits.
 */
export function normalizePairingCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** `K7QH3MZP` → `K7QH-3MZP`, as the admin reads it out. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

const codePattern = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

export const DEVICE_PLATFORMS = ['android', 'ios', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** `POST /devices` body: what the student app sends to pair a phone (no admin token). */
export const deviceRegistrationSchema = z.object({
  pairingCode: z
    .string({ error: d.codeRequired })
    .max(40, { error: d.codeInvalid })
    .transform(normalizePairingCode)
    .pipe(z.string().min(1, { error: d.codeRequired, abort: true }).regex(codePattern, { error: d.codeInvalid })),
  // FCM registration tokens are a few hundred URL-safe characters; a `:` separates their parts.
  fcmToken: z
    .string({ error: d.tokenRequired })
    .trim()
    .min(1, { error: d.tokenRequired, abort: true })
    .max(4096, { error: d.tokenInvalid, abort: true })
    .regex(/^[A-Za-z0-9_:.-]{20,}$/, { error: d.tokenInvalid }),
  platform: z.enum(DEVICE_PLATFORMS, { error: d.platformInvalid }),
});
export type DeviceRegistrationInput = z.input<typeof deviceRegistrationSchema>;

/** What `POST /devices` answers: enough for the app to say whose phone it now is. */
export const deviceRegistrationResultSchema = z.object({
  device: z.object({ id: z.string(), platform: z.enum(DEVICE_PLATFORMS) }),
  student: z.object({ first_name: z.string() }),
  library: z.object({ name: z.string() }),
});

/** A paired phone as the admin sees it. */
export const studentDeviceSchema = z.object({
  id: z.string(),
  platform: z.enum(DEVICE_PLATFORMS),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type StudentDevice = z.infer<typeof studentDeviceSchema>;

/** `GET /user/{id}/devices`: the student's paired phones and whether a code exists. */
export const studentPairingSchema = z.object({
  devices: z.array(studentDeviceSchema),
  has_code: z.boolean(),
  code_created_at: z.string().nullable(),
});
export type StudentPairing = z.infer<typeof studentPairingSchema>;

/** `POST /user/{id}/pairing-code`: a fresh code, shown this once (only its hash is kept). */
export const pairingCodeResultSchema = z.object({
  code: z.string(),
  created_at: z.string(),
});
export type PairingCodeResult = z.infer<typeof pairingCodeResultSchema>;

/** `{ id }` of a student in the pairing calls; an id that is not a UUID is simply not found (404). */
export const pairingStudentParamsSchema = z.object({ id: z.string().max(100) });
