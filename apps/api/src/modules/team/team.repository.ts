import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { admins, invitations, passwordResets, sessions } from '../../db/schema';
import { refusedAs } from '../../lib/pg-errors';
import { isoUtc } from '../../db/sql-time';

/** A person of the team as the repository reads them. */
export type PersonRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: 'owner' | 'manager' | 'desk';
  deactivatedAt: string | null;
  mustChangePassword: boolean;
  lastSignInAt: string | null;
  createdAt: string;
};

const iso = isoUtc;

const personColumns = sql`
  a.id, a.name, a.email, a.phone, a.role, a.must_change_password as "mustChangePassword",
  ${iso(sql`a.deactivated_at`)} as "deactivatedAt",
  ${iso(sql`a.created_at`)} as "createdAt",
  ${iso(sql`(select max(s.created_at) from sessions s where s.admin_id = a.id and s.library_id = a.library_id)`)}
    as "lastSignInAt"`;

/** The library's people: owners first, then by name. */
export async function listPeople(db: DbOrTx, libraryId: string): Promise<PersonRow[]> {
  const result = await db.execute<PersonRow>(sql`
    select ${personColumns} from admins a
    where a.library_id = ${libraryId}
    order by a.deactivated_at is not null, case a.role when 'owner' then 0 when 'manager' then 1 else 2 end,
             lower(a.name), a.id`);
  return result.rows;
}

/** One person of the library, or undefined (another library's id reads as unknown). */
export async function findPerson(db: DbOrTx, libraryId: string, adminId: string): Promise<PersonRow | undefined> {
  const result = await db.execute<PersonRow>(sql`
    select ${personColumns} from admins a where a.library_id = ${libraryId} and a.id = ${adminId}`);
  return result.rows[0];
}

/** Which library an email's account belongs to, if any (admins.email is unique across libraries). */
export async function libraryOfEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const result = await db.execute<{ libraryId: string }>(sql`
    select library_id as "libraryId" from admins where lower(email) = lower(${email}) limit 1`);
  return result.rows[0]?.libraryId;
}

export type InvitationRow = {
  id: string;
  name: string;
  email: string;
  role: 'manager' | 'desk';
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
};

const invitationColumns = sql`
  i.id, i.name, i.email, i.role, inviter.name as "invitedBy",
  ${iso(sql`i.created_at`)} as "createdAt", ${iso(sql`i.expires_at`)} as "expiresAt",
  i.expires_at <= now() as expired`;

/** The library's invitations neither accepted nor revoked, newest first (expired ones too). */
export async function listOpenInvitations(db: DbOrTx, libraryId: string): Promise<InvitationRow[]> {
  const result = await db.execute<InvitationRow>(sql`
    select ${invitationColumns}
    from invitations i left join admins inviter on inviter.id = i.invited_by and inviter.library_id = i.library_id
    where i.library_id = ${libraryId} and i.accepted_at is null and i.revoked_at is null
    order by i.created_at desc, i.id`);
  return result.rows;
}

/** One open invitation of the library. */
export async function findOpenInvitation(
  db: DbOrTx,
  libraryId: string,
  invitationId: string,
): Promise<InvitationRow | undefined> {
  const result = await db.execute<InvitationRow>(sql`
    select ${invitationColumns}
    from invitations i left join admins inviter on inviter.id = i.invited_by and inviter.library_id = i.library_id
    where i.library_id = ${libraryId} and i.id = ${invitationId} and i.accepted_at is null and i.revoked_at is null`);
  return result.rows[0];
}

/**
 * Records an invitation; undefined when one to this email is already open in the library
 * (the partial unique index decides, so two owners inviting at once make one).
 */
export async function insertInvitation(
  db: DbOrTx,
  row: {
    libraryId: string;
    email: string;
    name: string;
    role: 'manager' | 'desk';
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<{ id: string } | undefined> {
  return refusedAs(
    async () => {
      const [created] = await db.insert(invitations).values(row).returning({ id: invitations.id });
      return created;
    },
    'invitations_open_email_unique',
    undefined,
  );
}

/** A new token and 7 more days for an open invitation; false when it is no longer open. */
export async function renewInvitation(
  db: DbOrTx,
  libraryId: string,
  invitationId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ tokenHash, expiresAt })
    .where(
      and(
        eq(invitations.libraryId, libraryId),
        eq(invitations.id, invitationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** Revokes an open invitation; false when it is not open (or not the library's). */
export async function revokeInvitation(db: DbOrTx, libraryId: string, invitationId: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(invitations.libraryId, libraryId),
        eq(invitations.id, invitationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** An invitation as its link finds it (the token is the credential: no library to scope by yet). */
export type InvitationByToken = {
  id: string;
  libraryId: string;
  libraryName: string;
  name: string;
  email: string;
  role: 'manager' | 'desk';
  invitedBy: string | null;
  expiresAt: string;
  state: 'open' | 'expired' | 'used' | 'revoked';
};

export async function findInvitationByTokenHash(db: DbOrTx, tokenHash: string): Promise<InvitationByToken | undefined> {
  const result = await db.execute<InvitationByToken>(sql`
    select i.id, i.library_id as "libraryId", l.name as "libraryName", i.name, i.email, i.role,
           inviter.name as "invitedBy", ${iso(sql`i.expires_at`)} as "expiresAt",
           case when i.revoked_at is not null then 'revoked'
                when i.accepted_at is not null then 'used'
                when i.expires_at <= now() then 'expired'
                else 'open' end as state
    from invitations i
    join libraries l on l.id = i.library_id
    left join admins inviter on inviter.id = i.invited_by and inviter.library_id = i.library_id
    where i.token_hash = ${tokenHash}`);
  return result.rows[0];
}

/** Marks an open invitation accepted; false when another request used, or the owner revoked, it first. */
export async function claimInvitation(db: DbOrTx, invitationId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update invitations set accepted_at = now()
    where id = ${invitationId} and accepted_at is null and revoked_at is null and expires_at > now()`);
  return (result.rowCount ?? 0) > 0;
}

export async function linkInvitationToPerson(db: DbOrTx, libraryId: string, invitationId: string, adminId: string) {
  await db
    .update(invitations)
    .set({ adminId })
    .where(and(eq(invitations.libraryId, libraryId), eq(invitations.id, invitationId)));
}

/** Adds a person to the library; undefined when the email has an account already (any library). */
export async function insertPerson(
  db: DbOrTx,
  row: {
    libraryId: string;
    name: string;
    email: string;
    phone: string;
    role: 'owner' | 'manager' | 'desk';
    passwordHash: string;
    mustChangePassword: boolean;
  },
): Promise<{ id: string } | undefined> {
  const [created] = await db
    .insert(admins)
    .values(row)
    .onConflictDoNothing({ target: admins.email })
    .returning({ id: admins.id });
  return created;
}

/**
 * Serialises changes to the library's team (role changes, deactivations): the library's row
 * is locked until the transaction ends, so two owners demoting each other at once run one
 * after the other and the second sees the first's result.
 */
export async function lockTeam(tx: DbOrTx, libraryId: string): Promise<void> {
  await tx.execute(sql`select id from libraries where id = ${libraryId} for update`);
}

/** Active owners of the library other than `exceptAdminId`. */
export async function countOtherActiveOwners(tx: DbOrTx, libraryId: string, exceptAdminId: string): Promise<number> {
  const result = await tx.execute<{ count: number }>(sql`
    select count(*)::int as count from admins
    where library_id = ${libraryId} and role = 'owner' and deactivated_at is null and id <> ${exceptAdminId}`);
  return result.rows[0]?.count ?? 0;
}

export async function setRole(tx: DbOrTx, libraryId: string, adminId: string, role: 'owner' | 'manager' | 'desk') {
  await tx
    .update(admins)
    .set({ role, updatedAt: sql`now()` })
    .where(and(eq(admins.libraryId, libraryId), eq(admins.id, adminId)));
}

/** Deactivates (or reactivates) a person. */
export async function setDeactivated(tx: DbOrTx, libraryId: string, adminId: string, deactivated: boolean) {
  await tx
    .update(admins)
    .set({ deactivatedAt: deactivated ? sql`coalesce(${admins.deactivatedAt}, now())` : null, updatedAt: sql`now()` })
    .where(and(eq(admins.libraryId, libraryId), eq(admins.id, adminId)));
}

/** Ends every session of the person, and any password reset link they hold. */
export async function endAllSessions(tx: DbOrTx, libraryId: string, adminId: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.libraryId, libraryId), eq(sessions.adminId, adminId), isNull(sessions.revokedAt)));
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.adminId, adminId), isNull(passwordResets.usedAt)));
}

/** Opens a session for a person who just joined. */
export async function insertSession(
  db: DbOrTx,
  row: { libraryId: string; adminId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(sessions).values(row);
}

/** The person's password hash and must-change flag (own account). */
export async function findCredentials(
  db: DbOrTx,
  libraryId: string,
  adminId: string,
): Promise<{ passwordHash: string; mustChangePassword: boolean } | undefined> {
  const [row] = await db
    .select({ passwordHash: admins.passwordHash, mustChangePassword: admins.mustChangePassword })
    .from(admins)
    .where(and(eq(admins.libraryId, libraryId), eq(admins.id, adminId)));
  return row;
}

/** Sets a new own password, clears the must-change flag and ends the person's other sessions. */
export async function changePassword(
  tx: DbOrTx,
  libraryId: string,
  adminId: string,
  passwordHash: string,
  keepSessionId: string,
) {
  await tx
    .update(admins)
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(admins.libraryId, libraryId), eq(admins.id, adminId)));
  await tx.execute(sql`
    update sessions set revoked_at = now()
    where library_id = ${libraryId} and admin_id = ${adminId} and id <> ${keepSessionId} and revoked_at is null`);
}

export type ActivityRow = {
  id: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  detail: string | null;
  ip: string | null;
  admin_id: string | null;
  admin_name: string | null;
  created_at: string;
};

/** The library's newest audit entries, of one person or of everyone. */
export async function recentActivity(
  db: DbOrTx,
  libraryId: string,
  options: { adminId?: string; limit: number },
): Promise<ActivityRow[]> {
  const person = options.adminId ? sql`and a.admin_id = ${options.adminId}` : sql``;
  const result = await db.execute<ActivityRow>(sql`
    select a.id, a.action, a.entity_type, a.entity_id, a.detail, a.ip, a.admin_id, ad.name as admin_name,
           ${iso(sql`a.created_at`)} as created_at
    from audit_log a left join admins ad on ad.id = a.admin_id and ad.library_id = a.library_id
    where a.library_id = ${libraryId} ${person}
    order by a.created_at desc, a.id desc
    limit ${options.limit}`);
  return result.rows;
}
