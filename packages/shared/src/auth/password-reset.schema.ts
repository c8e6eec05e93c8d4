import { z } from 'zod';
import { passwordResetMessages as m } from './password-reset.messages';

/** `POST /auth/forgot-password` and the Forgot password form (issue 16). */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: () => m.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: () => m.emailRequired, abort: true })
    .max(254, { error: () => m.emailInvalid, abort: true })
    .pipe(z.email({ error: () => m.emailInvalid })),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** A new password: registration's rules (8 to 256 characters). */
const resetPasswordRule = z
  .string({ error: () => m.passwordRequired })
  .min(1, { error: () => m.passwordRequired, abort: true })
  .min(8, { error: () => m.passwordMin })
  .max(256, { error: () => m.passwordMax });

/** `POST /auth/reset-password`: the token from the emailed link and the new password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: () => m.linkInvalid })
    .trim()
    .min(1, { error: () => m.linkInvalid })
    .max(200, { error: () => m.linkInvalid }),
  password: resetPasswordRule,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** `GET /auth/mail-status`: whether this server sends email (SMTP_URL is set). */
export const mailStatusSchema = z.object({ configured: z.boolean() });
export type MailStatus = z.infer<typeof mailStatusSchema>;
