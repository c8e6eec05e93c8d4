import {
  DEFAULT_RETENTION_DAYS,
  dueReference,
  messages,
  paginate,
  upiPayLink,
  WHATSAPP_MOBILE_PATTERN,
  type StudentInbox,
  type StudentMe,
  type StudentMembership,
  type StudentPayments,
  type StudentSessionResult,
} from '@app/shared';
import { notFound, unauthorized } from '../../errors';
import { effectiveNotice } from '../../db/privacy-terms.repository';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/service-context';
import { passKeyFor } from '../../lib/student-pass';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { revokeStudentSession } from '../../db/student-sessions.repository';
import type { StudentContext } from '../../plugins/student-auth';
import * as repository from './student.repository';

const m = messages.student;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

export interface StudentAppContext extends ServiceContext {
  appSecret: string;
  /** Keyed hash of a normalised pairing code (as the devices module keeps them). */
  hashCode: (code: string) => string;
}

/** Who signs in: the request's address and User-Agent label, for the audit log and the owner's list. */
export interface SignInRequest {
  pairingCode: string;
  deviceLabel: string;
  ip: string;
}

const fullName = (student: { first_name: string; last_name: string | null }) =>
  [student.first_name, student.last_name].filter(Boolean).join(' ');

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * Opens a student session from the student's pairing code: a new opaque token (only its hash
 * is kept) and the key of the entry pass. A code that is no student's is a 401 (the route has
 * counted the attempt against the address).
 */
export async function signIn(context: StudentAppContext, input: SignInRequest): Promise<StudentSessionResult> {
  const owner = await repository.findByCodeHash(context.db, context.hashCode(input.pairingCode));
  if (!owner) throw unauthorized(m.codeInvalid);
  const token = newSessionToken();
  const session = await context.db.transaction(async (tx) => {
    const created = await repository.insertSession(tx, owner.library_id, owner.student_id, {
      tokenHash: hashToken(token),
      deviceLabel: input.deviceLabel,
    });
    // Issue 19: the student left between the code's lookup and here.
    if (!created) throw unauthorized(m.codeInvalid);
    await writeAudit(
      tx,
      { libraryId: owner.library_id, adminId: null, ip: input.ip },
      {
        action: AUDIT_ACTIONS.studentAppSignedIn,
        entityType: 'student',
        entityId: owner.student_id,
        detail: input.deviceLabel,
      },
    );
    return created;
  });
  return {
    token,
    session_id: session.id,
    student: {
      id: owner.student_id,
      first_name: owner.first_name,
      last_name: owner.last_name,
      language: owner.language,
    },
    library: { id: owner.library_id, name: owner.library_name },
    pass_key: passKeyFor(context.appSecret, session.id),
    server_time: new Date().toISOString(),
  };
}

/** The student signs out: the session ends at once and its Web Push devices go. */
export async function signOut(context: StudentAppContext, student: StudentContext, ip: string) {
  await context.db.transaction(async (tx) => {
    await revokeStudentSession(tx, student.libraryId, student.studentId, student.sessionId);
    await writeAudit(
      tx,
      { libraryId: student.libraryId, adminId: null, ip },
      { action: AUDIT_ACTIONS.studentAppSignedOut, entityType: 'student_session', entityId: student.sessionId },
    );
  });
}

/** Issue 20: keeps the student's language for every phone they sign in on. */
export async function setLanguage(context: StudentAppContext, student: StudentContext, language: 'en' | 'hi') {
  // The student left or was deleted between the guard and here.
  if (!(await repository.setLanguage(context.db, student.libraryId, student.studentId, language))) {
    throw unauthorized(messages.auth.invalidToken);
  }
  return language;
}

async function profileOf(context: StudentAppContext, student: StudentContext) {
  const profile = await repository.findProfile(context.db, student.libraryId, student.studentId);
  // The student was deleted between the guard and here (the session goes with them).
  if (!profile) throw unauthorized(messages.auth.invalidToken);
  return profile;
}

/** A plan as the student app shows it: its status and days left from the library's today. */
function presentMembership(row: repository.MembershipRow, today: string): StudentMembership {
  const status = row.joining_date > today ? 'upcoming' : row.plan_expires_at < today ? 'expired' : 'active';
  const daysLeft =
    status === 'expired' ? 0 : daysBetween(status === 'upcoming' ? row.joining_date : today, row.plan_expires_at) + 1;
  return {
    subscription_id: row.subscription_id,
    status,
    is_reserved: row.is_reserved,
    seat_name: row.seat_name,
    area_name: row.area_name,
    start_time: row.start_time,
    end_time: row.end_time,
    joining_date: row.joining_date,
    plan_expires_at: row.plan_expires_at,
    duration: row.duration,
    days_left: daysLeft,
    balance: Number(row.balance),
  };
}

export async function getMe(context: StudentAppContext, student: StudentContext): Promise<StudentMe> {
  const profile = await profileOf(context, student);
  const memberships = await repository.listMemberships(context.db, student.libraryId, student.studentId, profile.today);
  const whatsapp = WHATSAPP_MOBILE_PATTERN.test(profile.phone) ? profile.phone : null;
  return {
    student: {
      id: profile.student_id,
      first_name: profile.first_name,
      last_name: profile.last_name,
      mobile: profile.mobile,
      language: profile.language,
    },
    library: {
      id: profile.library_id,
      name: profile.library_name,
      address: profile.address,
      phone: profile.phone,
      whatsapp,
      whatsapp_link: whatsapp ? `https://wa.me/91${whatsapp}` : null,
      upi_id: profile.upi_id,
      time_zone: profile.time_zone,
      today: profile.today,
      privacy_notice: effectiveNotice({
        libraryName: profile.library_name,
        privacyNotice: profile.privacy_notice,
        retentionDays: profile.retention_days ?? DEFAULT_RETENTION_DAYS,
      }),
    },
    memberships: memberships.map((row) => presentMembership(row, profile.today)),
    server_time: new Date().toISOString(),
  };
}

/** Payments newest first, and each plan with a balance with its UPI link when the library has a UPI ID. */
export async function getPayments(context: StudentAppContext, student: StudentContext): Promise<StudentPayments> {
  const profile = await profileOf(context, student);
  const [payments, dues] = await Promise.all([
    repository.listPayments(context.db, student.libraryId, student.studentId),
    repository.listDues(context.db, student.libraryId, student.studentId),
  ]);
  const presentedDues = dues.map((due) => {
    const amount = Number(due.balance);
    const upiLink = profile.upi_id
      ? upiPayLink({
          vpa: profile.upi_id,
          payee: profile.upi_payee_name ?? profile.library_name,
          amount,
          note: messages.dues.upiNote(profile.library_name, fullName(profile)),
          // The same `tr` as the dues screen's link for this balance, so the owner matches them.
          reference: dueReference(due.subscription_id, due.plan_expires_at, 'balance'),
        })
      : null;
    return { subscription_id: due.subscription_id, plan_expires_at: due.plan_expires_at, amount, upi_link: upiLink };
  });
  const totalPaise = presentedDues.reduce((sum, due) => sum + Math.round(due.amount * 100), 0);
  return {
    payments: payments.map((payment) => ({ ...payment, amount: Number(payment.amount) })),
    dues: presentedDues,
    total_due: totalPaise / 100,
  };
}

export async function getInbox(
  context: StudentAppContext,
  student: StudentContext,
  query: { page: number; limit: number },
): Promise<StudentInbox> {
  const { rows, total, unread } = await repository.listInbox(context.db, student.libraryId, student.studentId, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    notifications: rows.map((row) => ({ ...row, read: row.read_at !== null })),
    unread_count: unread,
    pagination: paginate(query.page, query.limit, total),
  };
}

/** Marks one notification read; 404 unless it is in this student's inbox. Answers the unread count. */
export async function markRead(context: StudentAppContext, student: StudentContext, notificationId: string) {
  const found =
    UUID.test(notificationId) &&
    (await repository.markRead(context.db, student.libraryId, student.studentId, notificationId));
  if (!found) throw notFound(m.notificationNotFound);
  return { unread_count: await repository.countUnread(context.db, student.libraryId, student.studentId) };
}

export async function markAllRead(context: StudentAppContext, student: StudentContext) {
  await repository.markAllRead(context.db, student.libraryId, student.studentId);
  return { unread_count: 0 };
}

/** The entry pass's key of this session, with the server's clock. */
export function getPassKey(context: StudentAppContext, student: StudentContext) {
  return { pass_key: passKeyFor(context.appSecret, student.sessionId), server_time: new Date().toISOString() };
}
