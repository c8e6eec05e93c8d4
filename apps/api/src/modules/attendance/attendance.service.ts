import type { z } from 'zod';
import {
  CHECKIN_IGNORE_SECONDS,
  formatWindow,
  isFreshPassStep,
  makeCardCode,
  messages,
  readPassCode,
  verifyCardCode,
  verifyPassCode,
  type AttendanceCheckResult,
  type AttendanceDay,
  type CheckDenial,
  type CheckMethod,
  type IdCard,
  type InsideNow,
  type MonthlyAttendance,
  type NotSeen,
  type StudentAttendance,
  type attendanceCheckInputSchema,
  privacyMessages,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { toCsv } from '../../lib/csv';
import { dateOfDayNumber, dayNumber, MINUTES_PER_DAY, parseTimeOfDay } from '../../lib/booking/time';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Actor, ServiceContext } from '../../lib/service-context';
import type { UrlSigner } from '../../lib/storage/signed-urls';
import { cardKeyFor, passKeyFor } from '../../lib/student-pass';
import * as repository from './attendance.repository';

const m = messages.attendance;

export interface AttendanceContext extends ServiceContext {
  appSecret: string;
  signer: UrlSigner;
  /** Milliseconds since the epoch: the clock every rule and figure reads (tests set it). */
  now: () => number;
}

type CheckInput = z.output<typeof attendanceCheckInputSchema>;

/** Who a scan names, once its code is proven. */
type Identified = {
  studentId: string;
  method: CheckMethod;
  pass?: { sessionId: string; step: number };
};

const fullName = (row: { first_name: string; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ');

const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * Reads a scanned code or a typed mobile and answers whose it is, or why not. The code's own
 * problems come first: not ours at all (forged: also a code naming no session or card), for
 * another library (never saying which), revoked, and a pass whose 30-second step is not
 * within one of now.
 */
async function identify(
  context: AttendanceContext,
  actor: Actor,
  input: CheckInput,
  nowMs: number,
): Promise<Identified | CheckDenial> {
  if (input.mobile !== undefined) {
    const studentId = await repository.findStudentIdByMobile(context.db, actor.libraryId, input.mobile);
    return studentId ? { studentId, method: 'mobile' } : 'unknown_mobile';
  }
  const code = readPassCode(input.code ?? '');
  if (!code) throw badRequest(m.codeInvalid, [{ field: 'code', message: m.codeInvalid }]);
  if (code.kind === 'pass') {
    const session = await repository.findPassSession(context.db, code.sessionId);
    if (!session || !(await verifyPassCode(passKeyFor(context.appSecret, session.id), code))) return 'forged';
    if (session.library_id !== actor.libraryId) return 'other_library';
    if (session.revoked) return 'revoked';
    if (!isFreshPassStep(code.step, nowMs)) return 'stale';
    return { studentId: session.student_id, method: 'pass', pass: { sessionId: session.id, step: code.step } };
  }
  const card = await repository.findCard(context.db, code.cardId);
  if (!card || !(await verifyCardCode(cardKeyFor(context.appSecret), code))) return 'forged';
  if (card.library_id !== actor.libraryId) return 'other_library';
  if (card.revoked) return 'card_revoked';
  return { studentId: card.student_id, method: 'card' };
}

/** A refused code's text, read when the code is refused (in the caller's language). */
const CODE_DENIALS: Partial<Record<CheckDenial, () => string>> = {
  forged: () => m.denied.forged,
  other_library: () => m.denied.otherLibrary,
  revoked: () => m.denied.revoked,
  card_revoked: () => m.denied.cardRevoked,
  stale: () => m.denied.stale,
  replayed: () => m.denied.replayed,
  unknown_mobile: () => m.denied.unknownMobile,
};

/** Minutes a daily window lasts; an end at or before the start wraps past midnight (equal: 24 h). */
function windowLength(start: number, end: number): number {
  return end > start ? end - start : end + MINUTES_PER_DAY - start;
}

const activeOn = (plan: repository.PlanRow, date: string) => plan.joining_date <= date && date <= plan.plan_expires_at;

type PlanVerdict =
  | { allowed: true; plan: repository.PlanRow }
  | { allowed: false; reason: CheckDenial; message: string; plan?: repository.PlanRow };

/**
 * The membership rules at the library's `today` and `minute`: let in when a plan's daily
 * window (opening `early` minutes before its start) holds this minute and the plan is active
 * on the day that window began (a 22:00–06:00 window at 02:00 began yesterday). Otherwise,
 * with a plan active today: outside the window (naming it); a plan to come: not started
 * (its date); only past plans: expired (the last expiry); none: no plan.
 */
export function judgePlans(plans: repository.PlanRow[], today: string, minute: number, early: number): PlanVerdict {
  const todayNumber = dayNumber(today)!;
  for (const offset of [0, -1, 1]) {
    const date = dateOfDayNumber(todayNumber + offset);
    for (const plan of plans) {
      if (!activeOn(plan, date)) continue;
      const start = parseTimeOfDay(plan.start_time)!;
      const length = windowLength(start, parseTimeOfDay(plan.end_time)!);
      const from = offset * MINUTES_PER_DAY + start - early;
      if (minute >= from && minute < offset * MINUTES_PER_DAY + start + length) return { allowed: true, plan };
    }
  }
  const current = plans.filter((plan) => activeOn(plan, today));
  if (current.length > 0) {
    const plan = current[0]!;
    return {
      allowed: false,
      reason: 'outside_window',
      message: m.denied.outsideWindow(plan.start_time, plan.end_time, early),
      plan,
    };
  }
  const upcoming = plans.filter((plan) => plan.joining_date > today);
  if (upcoming.length > 0) {
    const plan = upcoming.reduce((first, next) => (next.joining_date < first.joining_date ? next : first));
    return { allowed: false, reason: 'not_started', message: m.denied.notStarted(plan.joining_date), plan };
  }
  if (plans.length > 0) {
    const plan = plans.reduce((last, next) => (next.plan_expires_at > last.plan_expires_at ? next : last));
    return { allowed: false, reason: 'expired', message: m.denied.expired(plan.plan_expires_at), plan };
  }
  return { allowed: false, reason: 'no_plan', message: m.denied.noPlan };
}

const presentPlan = (plan: repository.PlanRow) => ({ ...plan });

/**
 * `POST /api/attendance/check`: a scanned pass or card, or a typed mobile, answered as the
 * desk shows it. Scans of one student run one at a time (an advisory lock for the student,
 * the partial unique index on open visits behind it): a scan within 60 s of the student's
 * last one is ignored; otherwise an open visit is checked out, or the membership rules decide
 * a check-in. A pass step at or before the session's last accepted one, outside those 60 s, is
 * a replay.
 */
export async function check(
  context: AttendanceContext,
  actor: Actor,
  input: CheckInput,
): Promise<AttendanceCheckResult> {
  const nowMs = context.now();
  const now = isoOf(nowMs);
  const identified = await identify(context, actor, input, nowMs);
  if (typeof identified === 'string') {
    return { outcome: 'denied', reason: identified, message: CODE_DENIALS[identified]!(), at: now };
  }
  const { studentId } = identified;
  const { libraryId } = actor;
  const answer = await context.db.transaction(async (tx) => {
    await repository.lockStudentScans(tx, studentId);
    // One connection: one query at a time.
    const student = await repository.findStudent(tx, libraryId, studentId);
    const clock = await repository.libraryClock(tx, libraryId, now);
    const latest = await repository.latestVisit(tx, libraryId, studentId);
    if (!student || !clock) throw notFound(m.studentNotFound);
    const name = fullName(student);
    const brief = {
      id: student.id,
      first_name: student.first_name,
      last_name: student.last_name,
      mobile: student.mobile,
      photo_url: student.profile_thumb_key ? context.signer.sign(student.profile_thumb_key, actor) : null,
    };
    const base = { student: brief, at: now };

    const sinceLastScan = latest ? nowMs - latest.last_scan_ms : Infinity;
    if (sinceLastScan >= 0 && sinceLastScan < CHECKIN_IGNORE_SECONDS * 1000) {
      const visit = await repository.findVisit(tx, libraryId, latest!.id);
      return { ...base, outcome: 'ignored' as const, message: m.ignored(name), visit };
    }
    if (identified.pass) {
      const last = await repository.lastPassStep(tx, identified.pass.sessionId);
      if (last !== null && identified.pass.step <= last) {
        return { ...base, outcome: 'denied' as const, reason: 'replayed' as const, message: m.denied.replayed };
      }
    }

    const open = await repository.openVisit(tx, libraryId, studentId);
    const forgotten = open && nowMs - open.checked_in_ms > repository.FORGOTTEN_VISIT_HOURS * 3_600_000;
    if (open && !forgotten) {
      await repository.closeVisit(tx, libraryId, open.id, now);
      if (identified.pass) await repository.markPassStep(tx, identified.pass.sessionId, identified.pass.step);
      const visit = await repository.findVisit(tx, libraryId, open.id);
      return { ...base, outcome: 'out' as const, message: m.checkedOut(name), visit };
    }

    // Issue 19: a student who left is not let in (checking out of a visit begun before still works).
    if (student.status === 'left') throw new AppError(422, privacyMessages.leave.cannotBook);
    const plans = await repository.studentPlans(tx, libraryId, studentId);
    const verdict = judgePlans(plans, clock.today, clock.minute, clock.early_minutes);
    const balance = Number(await repository.studentBalance(tx, libraryId, studentId));
    if (!verdict.allowed) {
      return {
        ...base,
        outcome: 'denied' as const,
        reason: verdict.reason,
        message: verdict.message,
        balance,
        ...(verdict.plan ? { subscription: presentPlan(verdict.plan) } : {}),
      };
    }
    const maxDue = clock.max_due === null ? null : Number(clock.max_due);
    if (maxDue !== null && balance > maxDue) {
      return {
        ...base,
        outcome: 'denied' as const,
        reason: 'unpaid' as const,
        message: m.denied.unpaid(balance, maxDue),
        balance,
        subscription: presentPlan(verdict.plan),
      };
    }
    // A visit left open for a day (never checked out) is closed at its check-in: its out time is unknown.
    if (open) await repository.closeVisit(tx, libraryId, open.id, now, 'check-in');
    const visitId = await repository.insertVisit(tx, {
      libraryId,
      studentId,
      subscriptionId: verdict.plan.id,
      method: identified.method,
      adminId: actor.adminId,
      now,
    });
    if (identified.pass) await repository.markPassStep(tx, identified.pass.sessionId, identified.pass.step);
    const visit = await repository.findVisit(tx, libraryId, visitId);
    return {
      ...base,
      outcome: 'in' as const,
      message: m.checkedIn(name),
      balance,
      subscription: presentPlan(verdict.plan),
      visit,
    };
  });
  return answer;
}

/** `check`, answering a parallel scan that lost the race for the open-visit index as ignored. */
export async function checkOnce(
  context: AttendanceContext,
  actor: Actor,
  input: CheckInput,
): Promise<AttendanceCheckResult> {
  try {
    return await check(context, actor, input);
  } catch (error) {
    if (!isUniqueViolation(error, 'attendance_visits_one_open_unique')) throw error;
    return check(context, actor, input);
  }
}

// ---- reads ----

async function clockOf(context: AttendanceContext, libraryId: string) {
  const clock = await repository.libraryClock(context.db, libraryId, isoOf(context.now()));
  if (!clock) throw notFound();
  return clock;
}

const presentDayVisit = ({ in_local: _in, out_local: _out, ...row }: repository.DayVisitRow) => row;

export async function dayList(context: AttendanceContext, actor: Actor, date?: string): Promise<AttendanceDay> {
  const clock = await clockOf(context, actor.libraryId);
  const day = date ?? clock.today;
  const rows = await repository.visitsOfDay(context.db, actor.libraryId, day);
  const inside = await repository.insideCountOfDay(context.db, actor.libraryId, day, isoOf(context.now()));
  return {
    date: day,
    today: clock.today,
    present: new Set(rows.map((row) => row.student_id)).size,
    inside,
    visits: rows.map(presentDayVisit),
  };
}

export async function dayCsv(context: AttendanceContext, actor: Actor, date?: string) {
  const clock = await clockOf(context, actor.libraryId);
  const day = date ?? clock.today;
  const rows = await repository.visitsOfDay(context.db, actor.libraryId, day);
  const c = m.columns;
  const csv = toCsv([
    [c.name, c.mobile, c.checkedIn, c.checkedOut, c.window, c.seat, c.area],
    ...rows.map((row) => [
      fullName(row),
      row.mobile,
      row.in_local,
      row.out_local,
      row.start_time && row.end_time ? formatWindow(row.start_time, row.end_time) : '',
      row.seat_name ?? m.anySeat,
      row.area_name,
    ]),
  ]);
  return { date: day, csv };
}

export async function insideNow(context: AttendanceContext, actor: Actor): Promise<InsideNow> {
  const rows = await repository.insideNow(context.db, actor.libraryId, isoOf(context.now()));
  return { count: rows.length, visits: rows.map(presentDayVisit) };
}

export async function studentHistory(
  context: AttendanceContext,
  actor: Actor,
  studentId: string,
  month?: string,
): Promise<StudentAttendance> {
  const student = await repository.findStudent(context.db, actor.libraryId, studentId);
  if (!student) throw notFound(m.studentNotFound);
  const chosen = month ?? (await clockOf(context, actor.libraryId)).today.slice(0, 7);
  const monthStart = `${chosen}-01`;
  const visits = await repository.studentVisits(context.db, actor.libraryId, studentId, monthStart);
  const { months, lastSeen } = await repository.studentMonths(context.db, actor.libraryId, studentId, monthStart);
  return {
    student: { id: student.id, first_name: student.first_name, last_name: student.last_name, mobile: student.mobile },
    month: chosen,
    days_present: months[0]?.days_present ?? 0,
    visits,
    months,
    last_seen: lastSeen,
  };
}

const daysInMonth = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

export async function monthlyAttendance(
  context: AttendanceContext,
  actor: Actor,
  month?: string,
): Promise<MonthlyAttendance> {
  const clock = await clockOf(context, actor.libraryId);
  const chosen = month ?? clock.today.slice(0, 7);
  const students = await repository.monthly(context.db, actor.libraryId, `${chosen}-01`, clock.today);
  return { month: chosen, days: daysInMonth(chosen), students };
}

export async function monthlyCsv(context: AttendanceContext, actor: Actor, month?: string) {
  const result = await monthlyAttendance(context, actor, month);
  const c = m.columns;
  const csv = toCsv([
    [c.name, c.mobile, c.daysPresent, c.planDays, c.lastSeen],
    ...result.students.map((row) => [fullName(row), row.mobile, row.days_present, row.plan_days, row.last_seen ?? '']),
  ]);
  return { month: result.month, csv };
}

export async function notSeen(context: AttendanceContext, actor: Actor, days: number): Promise<NotSeen> {
  const clock = await clockOf(context, actor.libraryId);
  const students = await repository.notSeen(context.db, actor.libraryId, clock.today, days);
  return { days, today: clock.today, students };
}

export async function notSeenCsv(context: AttendanceContext, actor: Actor, days: number) {
  const result = await notSeen(context, actor, days);
  const c = m.columns;
  const csv = toCsv([
    [c.name, c.mobile, c.lastSeen, c.daysAbsent, c.window, c.planExpires],
    ...result.students.map((row) => [
      fullName(row),
      row.mobile,
      row.last_seen ?? m.never,
      row.days_absent,
      formatWindow(row.start_time, row.end_time),
      row.plan_expires_at,
    ]),
  ]);
  return { today: result.today, csv };
}

// ---- ID cards ----

async function presentCard(context: AttendanceContext, card: repository.CardRow): Promise<IdCard> {
  return { ...card, code: await makeCardCode(cardKeyFor(context.appSecret), card.id) };
}

/** Issues a new ID card for the student; the live one, if any, is revoked in the same transaction. Audited. */
export async function issueCard(context: AttendanceContext, actor: Actor, studentId: string): Promise<IdCard> {
  const card = await context.db.transaction(async (tx: DbOrTx) => {
    const state = await repository.lockStudent(tx, actor.libraryId, studentId);
    if (!state) throw notFound(m.studentNotFound);
    // Issue 19: a student who left gets no card (leaving revoked theirs).
    if (state === 'left') throw new AppError(422, privacyMessages.leave.cannotBook);
    const replaced = await repository.revokeCard(tx, actor.libraryId, studentId);
    const issued = await repository.insertCard(tx, actor.libraryId, studentId);
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.idCardIssued,
      entityType: 'student',
      entityId: studentId,
      detail: replaced ? `Card ${issued.id}, replacing the earlier card` : `Card ${issued.id}`,
    });
    return issued;
  });
  return presentCard(context, card);
}

export async function getCard(context: AttendanceContext, actor: Actor, studentId: string): Promise<IdCard> {
  if (!(await repository.findStudent(context.db, actor.libraryId, studentId))) throw notFound(m.studentNotFound);
  const card = await repository.liveCard(context.db, actor.libraryId, studentId);
  if (!card) throw notFound(m.noCard);
  return presentCard(context, card);
}

/** Cancels the student's live ID card (it stops working at the desk). Audited. */
export async function revokeCard(context: AttendanceContext, actor: Actor, studentId: string): Promise<void> {
  await context.db.transaction(async (tx: DbOrTx) => {
    if (!(await repository.lockStudent(tx, actor.libraryId, studentId))) throw notFound(m.studentNotFound);
    const card = await repository.liveCard(tx, actor.libraryId, studentId);
    if (!card || !(await repository.revokeCard(tx, actor.libraryId, studentId))) throw notFound(m.noCard);
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.idCardRevoked,
      entityType: 'student',
      entityId: studentId,
      detail: `Card ${card.id}`,
    });
  });
}
