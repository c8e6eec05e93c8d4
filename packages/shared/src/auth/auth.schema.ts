import { z } from 'zod';
import { languageSchema } from '../i18n/language.schema';
import { coreMessages } from '../core.messages';
import { optionalText, requiredEmail, requiredMobile, requiredText } from '../common/fields';
import { ROLES } from '../team/roles';

const reg = coreMessages.registration;

/** Sign-in form and `POST /auth/login` body (SPEC.md §5 Login). */
export const loginSchema = z.object({
  identifier: z
    .string({ error: () => coreMessages.login.invalidEmail })
    .trim()
    .toLowerCase()
    .max(254, { error: () => coreMessages.login.invalidEmail, abort: true })
    .pipe(z.email({ error: () => coreMessages.login.invalidEmail })),
  password: z
    .string({ error: () => coreMessages.login.passwordMin })
    .min(6, { error: () => coreMessages.login.passwordMin })
    .max(256, { error: () => coreMessages.login.passwordMin }),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Library registration form and `POST /auth/register/library` body (SPEC.md §5 Registration). */
export const registrationSchema = z.object({
  library_name: requiredText(() => reg.libraryNameRequired, 120),
  mobile: requiredMobile(
    () => reg.mobileRequired,
    () => reg.mobileInvalid,
  ),
  email: requiredEmail(
    () => reg.emailRequired,
    () => reg.emailInvalid,
  ),
  address: optionalText(500),
  first_name: requiredText(() => reg.ownerNameRequired, 80),
  last_name: optionalText(80),
  owner_mobile: requiredMobile(
    () => reg.ownerMobileRequired,
    () => reg.mobileInvalid,
  ),
  owner_email: requiredEmail(
    () => reg.ownerEmailRequired,
    () => reg.emailInvalid,
  ),
  password: z
    .string({ error: () => reg.passwordRequired })
    .min(1, { error: () => reg.passwordRequired, abort: true })
    .min(8, { error: () => reg.passwordMin })
    .max(256, { error: () => coreMessages.validation.passwordTooLong }),
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The library an admin belongs to, as the session carries it. */
export const libraryRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
});

/** The admin as answered to the client (never the password hash). */
export const adminSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  profileImage: z.string().nullable(),
  library: libraryRefSchema,
  /** Issue 16: what this person may do (`can(role, ability)`), and whether they must first choose their own password. */
  role: z.enum(ROLES),
  mustChangePassword: z.boolean(),
  /** Issue 20: the language the person chose, null until they choose (the device's choice then applies). */
  language: languageSchema.nullable(),
});
export type Admin = z.infer<typeof adminSchema>;

/** What login and registration answer in `data`, stored under `admin` in local storage. */
export const sessionSchema = adminSchema.extend({
  token: z.string(),
  expiresAt: z.string(),
});
export type AdminSession = z.infer<typeof sessionSchema>;
