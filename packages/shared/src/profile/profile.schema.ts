import { z } from 'zod';
import { coreMessages } from '../core.messages';
import { adminSchema } from '../auth/auth.schema';
import { requiredEmail, requiredText } from '../common/fields';

const p = coreMessages.profile;

/** Profile edit form and `PUT /admin/update-admin-profile` body (SPEC.md §5 Admin profile). */
export const profileUpdateSchema = z.object({
  name: requiredText(() => p.nameRequired, 120),
  email: requiredEmail(
    () => p.emailRequired,
    () => p.emailInvalid,
  ),
  phone: z
    .string({ error: () => p.phoneRequired })
    .trim()
    .min(1, { error: () => p.phoneRequired, abort: true })
    .regex(/^\d{10}$/, { error: () => p.phoneInvalid }),
  password: z
    .string({ error: () => p.passwordRequired })
    .min(1, { error: () => p.passwordRequired, abort: true })
    .min(8, { error: () => p.passwordMin })
    .max(256, { error: () => coreMessages.validation.passwordTooLong }),
  /** Proves the caller knows the password: needed when the email or the password changes. */
  currentPassword: z
    .string({ error: () => p.currentPasswordRequired })
    .max(256, { error: () => p.currentPasswordWrong })
    .optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/**
 * The Edit Profile form's schema for an admin whose email is `currentEmail`: changing the
 * email needs the current password (a changed password is only known to the server, which
 * answers the same field error).
 */
export function profileFormSchema(currentEmail: string) {
  return profileUpdateSchema.superRefine((values, context) => {
    if (values.email !== currentEmail.trim().toLowerCase() && !values.currentPassword) {
      context.addIssue({ code: 'custom', path: ['currentPassword'], message: p.currentPasswordRequired });
    }
  });
}

export const profileUpdateResultSchema = z.object({ admin: adminSchema });
