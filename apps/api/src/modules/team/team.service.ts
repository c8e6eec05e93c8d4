import { randomBytes } from 'node:crypto';
import {
  messages,
  teamPeopleMessages as m,
  type AdminSession,
  type InvitationPreview,
  type Team,
  type TeamActivity,
  type TeamInvitation,
  type TeamPerson,
  type PersonCreated,
  type Role,
} from '@app/shared';
import type { z } from 'zod';
import type {
  invitationAcceptSchema,
  invitationCreateSchema,
  passwordChangeSchema,
  personCreateSchema,
  teamActivityQuerySchema,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { findAdminById } from '../../db/admins.repository';
import { presentAdmin } from '../../lib/admin-record';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { AUDIT_ACTIONS, writeAudit, type AuditEvent } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './team.repository';

/** An invitation link lasts 7 days (issue 16). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A mail for the outbox (api-mail's `queueMail`), sent after the transaction that queued it commits. */
export interface TeamMail {
  libraryId: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the team's rules run on: the database, whether mail is set up and how to queue it, sessions' length. */
export interface TeamContext extends ServiceContext {
  mail: { configured: () => boolean; queue: (db: DbOrTx, mail: TeamMail) => Promise<unknown> };
  sessionTtlMs: number;
}

/** A wrong current password on a password change: the route counts these per session. */
export class WrongCurrentPassword extends AppError {
  constructor() {
    const message = messages.profile.currentPasswordWrong;
    super(400, message, [{ field: 'currentPassword', message }]);
  }
}

const gone = (message: string) => new AppError(410, message);

/** A role's name in the current language (the team catalogue's). */
function roleName(role: Role): string {
  const t = messages.team;
  return role === 'owner' ? t.roleOwner : role === 'manager' ? t.roleManager : t.roleDesk;
}

function presentPerson(row: repository.PersonRow, actor: Actor): TeamPerson {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    active: row.deactivatedAt === null,
    deactivatedAt: row.deactivatedAt,
    mustChangePassword: row.mustChangePassword,
    lastSignInAt: row.lastSignInAt,
    createdAt: row.createdAt,
    isSelf: row.id === actor.adminId,
  };
}

function presentInvitation(row: repository.InvitationRow): TeamInvitation {
  return { ...row, expired: Boolean(row.expired) };
}

function audit(db: DbOrTx, actor: Actor, event: AuditEvent) {
  return writeAudit(db, actor, event);
}

/** The Team screen: people, open invitations, and whether invitations can be mailed. */
export async function team(context: TeamContext, actor: Actor): Promise<Team> {
  const [people, invitations] = await Promise.all([
    repository.listPeople(context.db, actor.libraryId),
    repository.listOpenInvitations(context.db, actor.libraryId),
  ]);
  return {
    people: people.map((row) => presentPerson(row, actor)),
    invitations: invitations.map(presentInvitation),
    mailConfigured: context.mail.configured(),
  };
}

/** Refuses an email that already has an account: in this team (the owner's words) or elsewhere. */
async function refuseKnownEmail(db: DbOrTx, libraryId: string, email: string) {
  const owner = await repository.libraryOfEmail(db, email);
  if (owner === libraryId) throw conflict(m.emailInTeam, 'email');
  if (owner) throw conflict(m.emailUsedElsewhere, 'email');
}

async function invitationMail(
  db: DbOrTx,
  actor: Actor,
  invitation: { email: string; role: 'manager' | 'desk' },
  link: string,
): Promise<TeamMail> {
  const inviter = await findAdminById(db, actor.libraryId, actor.adminId);
  const library = inviter?.libraryName ?? '';
  const text = m.invitationText(inviter?.name ?? library, library, roleName(invitation.role), link);
  return {
    libraryId: actor.libraryId,
    kind: 'invitation',
    to: invitation.email,
    subject: m.invitationSubject(library),
    text,
    html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const inviteLink = (origin: string, token: string) => `${origin}/invite#token=${token}`;

/**
 * Invites someone by email: the invitation and its mail are written in one transaction (the
 * outbox sends it after), so there is never an invitation whose mail was lost or the reverse.
 */
export async function invite(
  context: TeamContext,
  actor: Actor,
  input: z.output<typeof invitationCreateSchema>,
  origin: string,
): Promise<TeamInvitation> {
  if (!context.mail.configured()) throw conflict(m.mailNotConfigured);
  return context.db.transaction(async (tx) => {
    await refuseKnownEmail(tx, actor.libraryId, input.email);
    const token = newSessionToken();
    const created = await repository.insertInvitation(tx, {
      libraryId: actor.libraryId,
      email: input.email,
      name: input.name,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: actor.adminId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    if (!created) throw conflict(m.invitationWaiting, 'email');
    await context.mail.queue(tx, await invitationMail(tx, actor, input, inviteLink(origin, token)));
    await audit(tx, actor, {
      action: AUDIT_ACTIONS.teamInvited,
      entityType: 'invitation',
      entityId: created.id,
      detail: `${input.email} (${roleName(input.role)})`,
    });
    const invitation = await repository.findOpenInvitation(tx, actor.libraryId, created.id);
    if (!invitation) throw notFound(m.invitationNotFound);
    return presentInvitation(invitation);
  });
}

/** Sends an open invitation again with a new link (the old one stops working) and 7 more days. */
export async function resendInvitation(
  context: TeamContext,
  actor: Actor,
  invitationId: string,
  origin: string,
): Promise<TeamInvitation> {
  return context.db.transaction(async (tx) => {
    // Another library's id is unknown here whether or not mail is set up.
    if (!(await repository.findOpenInvitation(tx, actor.libraryId, invitationId))) throw notFound(m.invitationNotFound);
    if (!context.mail.configured()) throw conflict(m.mailNotConfigured);
    const token = newSessionToken();
    const renewed = await repository.renewInvitation(
      tx,
      actor.libraryId,
      invitationId,
      hashToken(token),
      new Date(Date.now() + INVITATION_TTL_MS),
    );
    const invitation = renewed ? await repository.findOpenInvitation(tx, actor.libraryId, invitationId) : undefined;
    if (!invitation) throw notFound(m.invitationNotFound);
    await context.mail.queue(tx, await invitationMail(tx, actor, invitation, inviteLink(origin, token)));
    await audit(tx, actor, {
      action: AUDIT_ACTIONS.teamInvitationResent,
      entityType: 'invitation',
      entityId: invitationId,
      detail: invitation.email,
    });
    return presentInvitation(invitation);
  });
}

export async function revokeInvitation(context: TeamContext, actor: Actor, invitationId: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const invitation = await repository.findOpenInvitation(tx, actor.libraryId, invitationId);
    if (!invitation || !(await repository.revokeInvitation(tx, actor.libraryId, invitationId))) {
      throw notFound(m.invitationNotFound);
    }
    await audit(tx, actor, {
      action: AUDIT_ACTIONS.teamInvitationRevoked,
      entityType: 'invitation',
      entityId: invitationId,
      detail: invitation.email,
    });
  });
}

/** 12 characters from an alphabet without look-alikes (0/O, 1/l/I): read out or typed from a note. */
export function oneTimePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Adds someone with a one-time password, answered once; they must choose their own at sign-in. */
export async function addPerson(
  context: TeamContext,
  actor: Actor,
  input: z.output<typeof personCreateSchema>,
): Promise<PersonCreated> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return context.db.transaction(async (tx) => {
    await refuseKnownEmail(tx, actor.libraryId, input.email);
    const created = await repository.insertPerson(tx, {
      libraryId: actor.libraryId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role,
      passwordHash,
      mustChangePassword: true,
    });
    if (!created) throw conflict(m.emailUsedElsewhere, 'email');
    // An invitation still open to the same email could no longer be accepted: it goes.
    for (const open of await repository.listOpenInvitations(tx, actor.libraryId)) {
      if (open.email.toLowerCase() === input.email) await repository.revokeInvitation(tx, actor.libraryId, open.id);
    }
    await audit(tx, actor, {
      action: AUDIT_ACTIONS.teamPersonAdded,
      entityType: 'admin',
      entityId: created.id,
      detail: `${input.email} (${roleName(input.role)})`,
    });
    const person = await repository.findPerson(tx, actor.libraryId, created.id);
    if (!person) throw notFound(m.personNotFound);
    return { person: presentPerson(person, actor), oneTimePassword: password };
  });
}

/**
 * Runs a change to the team with the library's team locked, after checking that the caller is
 * still an active owner (another owner may have demoted them a moment ago) and that the person
 * is the library's.
 */
async function withTeamLocked<T>(
  context: TeamContext,
  actor: Actor,
  personId: string,
  change: (tx: DbOrTx, person: repository.PersonRow) => Promise<T>,
): Promise<T> {
  return context.db.transaction(async (tx) => {
    await repository.lockTeam(tx, actor.libraryId);
    const self = await repository.findPerson(tx, actor.libraryId, actor.adminId);
    if (!self || self.role !== 'owner' || self.deactivatedAt) throw forbidden(messages.team.forbiddenTeam);
    const person = await repository.findPerson(tx, actor.libraryId, personId);
    if (!person) throw notFound(m.personNotFound);
    return change(tx, person);
  });
}

/** Whether taking `person` out of the owners would leave the library with no active owner. */
async function isLastActiveOwner(tx: DbOrTx, libraryId: string, person: repository.PersonRow) {
  if (person.role !== 'owner' || person.deactivatedAt) return false;
  return (await repository.countOtherActiveOwners(tx, libraryId, person.id)) === 0;
}

/** Changes a person's role; the last active owner keeps theirs. */
export async function changeRole(
  context: TeamContext,
  actor: Actor,
  personId: string,
  role: 'owner' | 'manager' | 'desk',
): Promise<TeamPerson> {
  return withTeamLocked(context, actor, personId, async (tx, person) => {
    if (person.role === role) return presentPerson(person, actor);
    if (role !== 'owner' && (await isLastActiveOwner(tx, actor.libraryId, person))) throw conflict(m.lastOwner);
    await repository.setRole(tx, actor.libraryId, personId, role);
    await audit(tx, actor, {
      action: AUDIT_ACTIONS.teamRoleChanged,
      entityType: 'admin',
      entityId: personId,
      detail: `${person.name}: ${roleName(person.role)} → ${roleName(role)}`,
    });
    const changed = await repository.findPerson(tx, actor.libraryId, personId);
    if (!changed) throw notFound(m.personNotFound);
    return presentPerson(changed, actor);
  });
}

/** Deactivates a person: they cannot sign in, and every session of theirs ends at once. */
export async function deactivate(context: TeamContext, actor: Actor, personId: string): Promise<TeamPerson> {
  return withTeamLocked(context, actor, personId, async (tx, person) => {
    if (person.id === actor.adminId) throw conflict(m.cannotDeactivateSelf);
    if (await isLastActiveOwner(tx, actor.libraryId, person)) throw conflict(m.lastOwner);
    await repository.setDeactivated(tx, actor.libraryId, personId, true);
    await repository.endAllSessions(tx, actor.libraryId, personId);
    if (!person.deactivatedAt) {
      await audit(tx, actor, {
        action: AUDIT_ACTIONS.teamDeactivated,
        entityType: 'admin',
        entityId: personId,
        detail: person.name,
      });
    }
    const changed = await repository.findPerson(tx, actor.libraryId, personId);
    if (!changed) throw notFound(m.personNotFound);
    return presentPerson(changed, actor);
  });
}

/** Lets a deactivated person sign in again (their old sessions stay ended). */
export async function reactivate(context: TeamContext, actor: Actor, personId: string): Promise<TeamPerson> {
  return withTeamLocked(context, actor, personId, async (tx, person) => {
    if (person.deactivatedAt) {
      await repository.setDeactivated(tx, actor.libraryId, personId, false);
      await audit(tx, actor, {
        action: AUDIT_ACTIONS.teamReactivated,
        entityType: 'admin',
        entityId: personId,
        detail: person.name,
      });
    }
    const changed = await repository.findPerson(tx, actor.libraryId, personId);
    if (!changed) throw notFound(m.personNotFound);
    return presentPerson(changed, actor);
  });
}

/** The team's newest activity (the audit log), of one person or everyone. */
export async function activity(
  context: TeamContext,
  actor: Actor,
  query: z.output<typeof teamActivityQuerySchema>,
): Promise<TeamActivity> {
  if (query.person && !(await repository.findPerson(context.db, actor.libraryId, query.person))) {
    throw notFound(m.personNotFound);
  }
  const entries = await repository.recentActivity(context.db, actor.libraryId, {
    adminId: query.person,
    limit: query.limit,
  });
  return { entries };
}

/** An invitation as its link finds it; a link that cannot be used says why and what to do. */
async function usableInvitation(db: DbOrTx, token: string): Promise<repository.InvitationByToken> {
  const invitation = await repository.findInvitationByTokenHash(db, hashToken(token));
  if (!invitation) throw notFound(m.invitationInvalid);
  if (invitation.state === 'revoked') throw gone(m.invitationRevoked);
  if (invitation.state === 'used') throw gone(m.invitationUsed);
  if (invitation.state === 'expired') throw gone(m.invitationExpired);
  return invitation;
}

/** What the invitation page shows before the person joins (public: the token is the credential). */
export async function previewInvitation(context: TeamContext, token: string): Promise<InvitationPreview> {
  const invitation = await usableInvitation(context.db, token);
  return {
    libraryName: invitation.libraryName,
    invitedBy: invitation.invitedBy,
    name: invitation.name,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
  };
}

/** Joins the team from an invitation: the person sets their password and is signed in. Single use. */
export async function acceptInvitation(
  context: TeamContext,
  token: string,
  input: z.output<typeof invitationAcceptSchema>,
  ip: string,
): Promise<AdminSession> {
  const passwordHash = await hashPassword(input.password);
  return context.db.transaction(async (tx) => {
    const invitation = await usableInvitation(tx, token);
    // Two tabs accepting at once: one claims it, the other is told it was used.
    if (!(await repository.claimInvitation(tx, invitation.id))) {
      await usableInvitation(tx, token); // says why: used, revoked or expired meanwhile
      throw gone(m.invitationUsed);
    }
    const created = await repository.insertPerson(tx, {
      libraryId: invitation.libraryId,
      name: invitation.name,
      email: invitation.email.toLowerCase(),
      phone: input.phone ?? '',
      role: invitation.role,
      passwordHash,
      mustChangePassword: false,
    });
    if (!created) throw conflict(m.emailAlreadyJoined);
    await repository.linkInvitationToPerson(tx, invitation.libraryId, invitation.id, created.id);
    const sessionToken = newSessionToken();
    const expiresAt = new Date(Date.now() + context.sessionTtlMs);
    await repository.insertSession(tx, {
      libraryId: invitation.libraryId,
      adminId: created.id,
      tokenHash: hashToken(sessionToken),
      expiresAt,
    });
    await writeAudit(
      tx,
      { libraryId: invitation.libraryId, adminId: created.id, ip },
      { action: AUDIT_ACTIONS.teamJoined, entityType: 'invitation', entityId: invitation.id },
    );
    const admin = await findAdminById(tx, invitation.libraryId, created.id);
    if (!admin) throw notFound(m.invitationInvalid);
    return { ...presentAdmin(admin), token: sessionToken, expiresAt: expiresAt.toISOString() };
  });
}

/**
 * Changes the caller's own password (and ends the must-change-password gate): the current
 * one is needed, the new one must differ, and every other session of the account ends.
 */
export async function changeOwnPassword(
  context: TeamContext,
  actor: Actor,
  input: z.output<typeof passwordChangeSchema>,
): Promise<void> {
  const credentials = await repository.findCredentials(context.db, actor.libraryId, actor.adminId);
  if (!credentials) throw notFound(m.personNotFound);
  if (!(await verifyPassword(credentials.passwordHash, input.currentPassword))) {
    await audit(context.db, actor, {
      action: AUDIT_ACTIONS.currentPasswordRefused,
      entityType: 'admin',
      entityId: actor.adminId,
    });
    throw new WrongCurrentPassword();
  }
  if (input.password === input.currentPassword) {
    throw badRequest(m.passwordUnchanged, [{ field: 'password', message: m.passwordUnchanged }]);
  }
  const passwordHash = await hashPassword(input.password);
  await context.db.transaction(async (tx) => {
    await repository.changePassword(tx, actor.libraryId, actor.adminId, passwordHash, actor.sessionId);
    await audit(tx, actor, { action: AUDIT_ACTIONS.passwordChanged, entityType: 'admin', entityId: actor.adminId });
  });
}
