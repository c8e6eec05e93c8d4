import { z } from 'zod';
import { auditEntrySchema } from '../audit/audit.schema';
import { MOBILE_PATTERN, requiredEmail, requiredText } from '../common/fields';
import { teamPeopleMessages as m } from './team-people.messages';

/** The three roles of issue 16 (the same list as roles.ts' ROLES). */
export const teamRoleSchema = z.enum(['owner', 'manager', 'desk'], { error: () => m.roleInvalid });
/** Who can be invited or added: an owner is made by changing a member's role after they join. */
export const invitedRoleSchema = z.enum(['manager', 'desk'], { error: () => m.invitedRoleInvalid });

/** A new password: registration's rules (8 to 256 characters). */
export const newPasswordSchema = z
  .string({ error: () => m.passwordRequired })
  .min(1, { error: () => m.passwordRequired, abort: true })
  .min(8, { error: () => m.passwordMin })
  .max(256, { error: () => m.passwordMax });

const optionalMobile = z
  .string({ error: () => m.phoneInvalid })
  .trim()
  .max(20, { error: () => m.phoneInvalid, abort: true })
  .refine((value) => value === '' || MOBILE_PATTERN.test(value), { error: () => m.phoneInvalid })
  .optional()
  .transform((value) => (value ? value : undefined));

/** `POST /team/invitations` body: the owner invites someone by email (mail must be set up). */
export const invitationCreateSchema = z.object({
  name: requiredText(() => m.nameRequired, 120),
  email: requiredEmail(
    () => m.emailRequired,
    () => m.emailInvalid,
  ),
  role: invitedRoleSchema,
});
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;

/** `POST /team/people` body: without mail, the owner adds someone with a one-time password. */
export const personCreateSchema = z.object({
  name: requiredText(() => m.nameRequired, 120),
  email: requiredEmail(
    () => m.emailRequired,
    () => m.emailInvalid,
  ),
  phone: z
    .string({ error: () => m.phoneRequired })
    .trim()
    .min(1, { error: () => m.phoneRequired, abort: true })
    .regex(MOBILE_PATTERN, { error: () => m.phoneInvalid }),
  role: invitedRoleSchema,
});
export type PersonCreateInput = z.input<typeof personCreateSchema>;

/** `PATCH /team/people/:id` body. */
export const roleChangeSchema = z.object({ role: teamRoleSchema });
export type RoleChangeInput = z.input<typeof roleChangeSchema>;

/** `POST /invitations/:token/accept` body: the invited person sets their password. */
export const invitationAcceptSchema = z.object({
  password: newPasswordSchema,
  phone: optionalMobile,
});
export type InvitationAcceptInput = z.input<typeof invitationAcceptSchema>;

/** `POST /auth/change-password` body: own password change (and the must-change-password screen). */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: () => m.currentPasswordRequired })
    .min(1, { error: () => m.currentPasswordRequired, abort: true })
    .max(256, { error: () => m.currentPasswordRequired }),
  password: newPasswordSchema,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** One person of the team as the Team screen lists them. */
export const teamPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: teamRoleSchema,
  active: z.boolean(),
  deactivatedAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  /** The signed-in owner's own row (no deactivate button on it). */
  isSelf: z.boolean(),
});
export type TeamPerson = z.infer<typeof teamPersonSchema>;

/** An invitation not yet accepted nor revoked; `expired` once its 7 days are over. */
export const teamInvitationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: invitedRoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** `GET /team`: the people, the open invitations, and whether invitations can be mailed. */
export const teamSchema = z.object({
  people: z.array(teamPersonSchema),
  invitations: z.array(teamInvitationSchema),
  mailConfigured: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;

/** `POST /team/people` answer: the one-time password, shown once and never again. */
export const personCreatedSchema = z.object({
  person: teamPersonSchema,
  oneTimePassword: z.string(),
});
export type PersonCreated = z.infer<typeof personCreatedSchema>;

/** `GET /invitations/:token` (public): what the invitation page shows before joining. */
export const invitationPreviewSchema = z.object({
  libraryName: z.string(),
  invitedBy: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  role: invitedRoleSchema,
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** `GET /team/activity` query: the newest entries, of one person or of everyone. */
export const teamActivityQuerySchema = z.object({
  person: z.uuid({ error: () => m.personNotFound }).optional(),
  limit: z.coerce
    .number({ error: () => m.activityLimitInvalid })
    .int()
    .min(1)
    .max(100)
    .default(50),
});
export type TeamActivityQuery = z.input<typeof teamActivityQuerySchema>;

/** One entry of the team's activity: an audit entry with who did it. */
export const teamActivityEntrySchema = auditEntrySchema.extend({ admin_id: z.string().nullable() });
export type TeamActivityEntry = z.infer<typeof teamActivityEntrySchema>;

export const teamActivitySchema = z.object({ entries: z.array(teamActivityEntrySchema) });
export type TeamActivity = z.infer<typeof teamActivitySchema>;
