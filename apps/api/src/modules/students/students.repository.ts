import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { DEFAULT_RETENTION_DAYS } from '@app/shared';
import type { ConsentGiver, KycStatus, StudentListQuery, StudentSortKey, StudentState } from '@app/shared';
import { balanceSql } from '../../db/account';
import type { DbOrTx } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { students, subscriptions } from '../../db/schema';
import { isUniqueViolation } from '../../lib/pg-errors';
import { escapeLike } from '../../lib/sql-like';

// The library's date today (DESIGN.md §3): an uncorrelated subquery, worked out once per query.
const libraryToday = (libraryId: string) =>
  sql`(select (now() at time zone lib.time_zone)::date from libraries lib where lib.id = ${libraryId})`;

/** Which of these students are premium today: one query for a whole page. */
async function premiumAmong(db: DbOrTx, libraryId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ studentId: subscriptions.studentId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.libraryId, libraryId),
        inArray(subscriptions.studentId, ids),
        sql`${subscriptions.joiningDate} <= ${libraryToday(libraryId)}`,
        sql`${subscriptions.planExpiresAt} >= ${libraryToday(libraryId)}`,
      ),
    );
  return new Set(rows.map((row) => row.studentId));
}

/** The fields a student row answers with (never the Aadhaar ciphertext or hash). */
const listColumns = {
  id: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  mobile: students.mobile,
  email: students.email,
  dob: students.dob,
  aadhaarLast4: students.aadhaarLast4,
  profileKey: students.profileKey,
  profileThumbKey: students.profileThumbKey,
  kycStatus: students.kycStatus,
  status: students.status,
  createdAt: students.createdAt,
  updatedAt: students.updatedAt,
  leftAt: students.leftAt,
  documentsErasedAt: students.documentsErasedAt,
};

/**
 * An instant: a `Date`, or its text as `toISOString` writes it, which the list's statement
 * selects (`ISO_INSTANT`) so the page's instants are neither parsed nor formatted again in Node.
 */
export type Instant = Date | string;

/**
 * An instant (timestamptz) as the text `Date.prototype.toISOString` writes, milliseconds cut as
 * `new Date` cuts the microseconds: `2024-01-05T07:30:00.123Z`. Null stays null.
 */
export const isoInstant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type StudentListRow = {
  id: string;
  firstName: string;
  lastName: string | null;
  mobile: string;
  email: string;
  dob: string;
  /** Null once the documents were erased (unless the library keeps the last four digits). */
  aadhaarLast4: string | null;
  profileKey: string | null;
  profileThumbKey: string | null;
  kycStatus: string;
  status: StudentState;
  isPremium: boolean;
  createdAt: Instant;
  updatedAt: Instant;
  leftAt: Instant | null;
  documentsErasedAt: Instant | null;
};

export type StudentDetailRow = StudentListRow & {
  /** Null once the documents were erased (issue 19). */
  aadhaarEncrypted: string | null;
  frontImageKey: string | null;
  backImageKey: string | null;
  /** Agreed prices of all the student's subscriptions minus their payments, exact decimal text. */
  balance: string;
  /** Issue 19: the consent on record (all four null for a student added before it). */
  consentAt: Date | null;
  consentGivenBy: ConsentGiver | null;
  consentNotice: string | null;
  consentRecordedByName: string | null;
  /** The library's day the retention job erases the documents of a student who left (`YYYY-MM-DD`). */
  eraseDueOn: string | null;
};

/**
 * The student's balance over all their subscriptions, summed by PostgreSQL (the shared rule,
 * db/account.ts). Written with the table's own name: drizzle leaves a single table's columns
 * unqualified, which inside the subqueries would name the charge's or the fee's own columns.
 */
const studentBalance = sql<string>`${balanceSql({ libraryId: sql`students.library_id`, studentId: sql`students.id` })}::text`;

// Case-insensitive by name (the database collation is C); the id keeps pages stable.
const SORT_COLUMNS: Record<StudentSortKey, [string, string]> = {
  name: ['lower(s.first_name)', "lower(coalesce(s.last_name, ''))"],
  first_name: ['lower(s.first_name)', 'null'],
  last_name: ["lower(coalesce(s.last_name, ''))", 'null'],
  mobile: ['s.mobile', 'null'],
  email: ['s.email', 'null'],
  kyc_status: ['s.kyc_status', 'null'],
  created_at: ['s.created_at', 'null'],
  updated_at: ['s.updated_at', 'null'],
};

// The library's date today (DESIGN.md §3), worked out once per statement; $1 is the library.
const TODAY = '(select (now() at time zone lib.time_zone)::date from libraries lib where lib.id = $1)';

/** The premium rule (DESIGN.md §6) for the student `id` names; $1 is the library. */
const premium = (id: string) => `exists (
  select 1 from subscriptions premium_sub
  where premium_sub.library_id = $1 and premium_sub.student_id = ${id}
    and premium_sub.joining_date <= ${TODAY} and premium_sub.plan_expires_at >= ${TODAY})`;

type ListRow = StudentListRow & { total: number };

/**
 * The list's statement, written out as text: the list is the busiest signed-in call, and
 * Drizzle's query builder took about 0.25 ms a request to build it (bench/lists.ts). Every
 * value is a parameter ($1 the library), so each shape (sort, filters) is one prepared
 * statement (db/prepared.ts).
 *
 * One statement answers the page, whether each of its students is premium today and the
 * exact total: one pool checkout, one snapshot. Filtered by nothing but members or those who
 * left, the total is the library's count kept by migration 0017's triggers (counting 100,000
 * students took 10-20 ms a request); with a search or a filter, the matches are counted.
 *
 * With a search, the matching students are found first (an `offset 0` subquery the planner
 * cannot flatten) and only they are sorted: otherwise the planner may walk the whole name
 * index testing each student against the pattern, which for a fragment that sorts late in
 * the alphabet reads most of the library instead of using the trigram index (measured: 35 ms
 * against 2 ms at 100,000 students, bench/students.ts).
 */
function listStatement(libraryId: string, query: StudentListQuery) {
  const values: unknown[] = [libraryId];
  const param = (value: unknown) => `$${values.push(value)}`;
  const conditions = ['s.library_id = $1'];
  // Same expression as the generated column, so the trigram index answers it.
  if (query.search) conditions.push(`s.search_text like '%' || lower(${param(escapeLike(query.search))}) || '%'`);
  // Issue 19: members, or the students who left.
  conditions.push(`s.status = ${param(query.state)}`);
  if (query.status) conditions.push(`s.kyc_status = ${param(query.status)}`);
  if (query.type) conditions.push(query.type === 'premium' ? premium('s.id') : `not ${premium('s.id')}`);
  const where = conditions.join(' and ');

  const filtered = Boolean(query.search || query.status || query.type);
  const total = filtered
    ? `(select count(*) from students s where ${where})::int`
    : `coalesce((select ${query.state === 'left' ? 'c."left"' : 'c.active'}
        from library_student_counts c where c.library_id = $1), 0)::int`;

  const direction = query.sortOrder === 'DESC' ? 'desc' : 'asc';
  const [first, second] = SORT_COLUMNS[query.sortBy];
  const order = (a: string, b: string, id: string) => `${a} ${direction}, ${b} ${direction}, ${id} ${direction}`;
  const columns = `s.id, s.first_name, s.last_name, s.mobile, s.email, s.dob::text as dob, s.aadhaar_last4,
    s.profile_key, s.profile_thumb_key, s.kyc_status, s.status, s.created_at, s.updated_at, s.left_at,
    s.documents_erased_at, ${first} as sort_first, ${second} as sort_second`;
  // The page size (one of a few) and the first page's offset written into the text: with both
  // bounds parameters the prepared statement's generic plan assumes a tenth of the library is
  // wanted (forced, 329 ms at 100,000 students against 0.9 ms with the bounds known), and
  // PostgreSQL planned the page afresh on every request (db/prepared.ts `pageBounds`).
  if (!Number.isInteger(query.limit) || query.limit < 1) throw new Error(`not a page size: ${query.limit}`);
  const paging = query.page === 1 ? [] : [(query.page - 1) * query.limit];
  const limits = `limit ${query.limit} offset ${paging.length ? `$${values.length + 1}` : '0'}`;
  values.push(...paging);
  const page = query.search
    ? `select * from (select ${columns} from students s where ${where} offset 0) m
       order by ${order('m.sort_first', 'm.sort_second', 'm.id')} ${limits}`
    : `select ${columns} from students s where ${where}
       order by ${order(first, second === 'null' ? first : second, 's.id')} ${limits}`;
  return {
    values,
    total,
    filtered,
    text: `select p.id, p.first_name as "firstName", p.last_name as "lastName", p.mobile, p.email, p.dob,
        p.aadhaar_last4 as "aadhaarLast4", p.profile_key as "profileKey", p.profile_thumb_key as "profileThumbKey",
        p.kyc_status as "kycStatus", p.status, ${isoInstant('p.created_at')} as "createdAt",
        ${isoInstant('p.updated_at')} as "updatedAt", ${isoInstant('p.left_at')} as "leftAt",
        ${isoInstant('p.documents_erased_at')} as "documentsErasedAt",
        ${premium('p.id')} as "isPremium", ${total} as total
      from (${page}) p
      order by ${order('p.sort_first', 'p.sort_second', 'p.id')}`,
  };
}

/** One page of a library's students, and how many match in all (see `listStatement`). */
export async function listStudents(
  db: DbOrTx,
  libraryId: string,
  query: StudentListQuery,
): Promise<{ rows: StudentListRow[]; total: number }> {
  const statement = listStatement(libraryId, query);
  const found = await queryPrepared<ListRow>(db, statement.text, statement.values);
  if (found.length === 0) {
    // A page past the end has no row to carry the total: it is counted then.
    if (query.page === 1) return { rows: [], total: 0 };
    // The total's parameters: the library, and the filters' when they are counted (never the
    // paging: a later page's offset, the last parameter).
    const parameters = statement.filtered ? statement.values.slice(0, -1) : [libraryId];
    const [counted] = await queryPrepared<{ total: number }>(db, `select ${statement.total} as total`, parameters);
    return { rows: [], total: counted?.total ?? 0 };
  }
  // The rows as they are: the total they also carry is not read by the presenter (copying
  // each row without it was about 25 µs of a page of 25).
  return { rows: found, total: found[0]!.total };
}

/**
 * The day the retention job erases a departed student's documents: the day they left in the
 * library's time zone plus its retention days; null while a member or once erased. Written
 * with the table's own name for the reason `studentBalance` gives.
 */
const eraseDueOn = sql<
  string | null
>`case when "students"."left_at" is not null and "students"."documents_erased_at" is null
  then to_char(("students"."left_at" at time zone
      (select due_lib.time_zone from libraries due_lib where due_lib.id = "students"."library_id"))::date
    + coalesce((select due_ls.retention_days from library_settings due_ls where due_ls.library_id = "students"."library_id"), ${DEFAULT_RETENTION_DAYS}),
    'YYYY-MM-DD') end`;

/** A student of the library, with what the edit form needs. */
export async function findStudent(db: DbOrTx, libraryId: string, id: string): Promise<StudentDetailRow | undefined> {
  const [row] = await db
    .select({
      ...listColumns,
      aadhaarEncrypted: students.aadhaarEncrypted,
      frontImageKey: students.frontImageKey,
      backImageKey: students.backImageKey,
      balance: studentBalance,
      consentAt: students.consentAt,
      consentGivenBy: sql<ConsentGiver | null>`${students.consentGivenBy}`,
      consentNotice: students.consentNotice,
      consentRecordedByName: sql<
        string | null
      >`(select recorder.name from admins recorder where recorder.id = "students"."consent_recorded_by")`,
      eraseDueOn: eraseDueOn,
    })
    .from(students)
    .where(and(eq(students.libraryId, libraryId), eq(students.id, id)));
  if (!row) return undefined;
  const premium = await premiumAmong(db, libraryId, [row.id]);
  return { ...row, status: row.status as StudentState, isPremium: premium.has(row.id) };
}

export async function findByMobile(db: DbOrTx, libraryId: string, mobile: string) {
  const [row] = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, mobile: students.mobile })
    .from(students)
    .where(and(eq(students.libraryId, libraryId), eq(students.mobile, mobile)));
  return row;
}

export type UniqueField = 'mobile' | 'email' | 'aadhaar_number';

/** Which of mobile, email and Aadhaar another student of the library already has. */
export async function findClashes(
  db: DbOrTx,
  libraryId: string,
  values: { mobile: string; email: string; aadhaarHash: string },
  exceptId?: string,
): Promise<UniqueField[]> {
  const rows = await db
    .select({ mobile: students.mobile, email: students.email, aadhaarHash: students.aadhaarHash })
    .from(students)
    .where(
      and(
        eq(students.libraryId, libraryId),
        exceptId ? ne(students.id, exceptId) : undefined,
        or(
          eq(students.mobile, values.mobile),
          eq(students.email, values.email),
          eq(students.aadhaarHash, values.aadhaarHash),
        ),
      ),
    )
    .limit(3);
  const clashes = new Set<UniqueField>();
  for (const row of rows) {
    if (row.mobile === values.mobile) clashes.add('mobile');
    if (row.email === values.email) clashes.add('email');
    if (row.aadhaarHash === values.aadhaarHash) clashes.add('aadhaar_number');
  }
  return (['mobile', 'email', 'aadhaar_number'] as const).filter((field) => clashes.has(field));
}

const UNIQUE_CONSTRAINTS: [string, UniqueField][] = [
  ['students_library_mobile_unique', 'mobile'],
  ['students_library_email_unique', 'email'],
  ['students_library_aadhaar_unique', 'aadhaar_number'],
];

/** The field a unique violation is about, when the error is one (a race the pre-check lost). */
export function uniqueViolationField(error: unknown): UniqueField | undefined {
  return UNIQUE_CONSTRAINTS.find(([constraint]) => isUniqueViolation(error, constraint))?.[1];
}

export interface StudentValues {
  firstName: string;
  lastName: string | null;
  mobile: string;
  email: string;
  dob: string;
  aadhaarEncrypted: string;
  aadhaarHash: string;
  aadhaarLast4: string;
}

/** Issue 19: a consent given with this save (who agreed, who recorded it, the notice shown). */
export interface ConsentValues {
  consentAt: Date;
  consentRecordedBy: string;
  consentGivenBy: ConsentGiver;
  consentNotice: string;
}

export interface StudentImageKeys {
  profileKey?: string;
  profileThumbKey?: string;
  frontImageKey?: string;
  backImageKey?: string;
}

export async function insertStudent(
  db: DbOrTx,
  libraryId: string,
  id: string,
  values: StudentValues & StudentImageKeys & ConsentValues,
): Promise<void> {
  await db.insert(students).values({ id, libraryId, ...values });
}

/**
 * Saves new values and image keys, answering the image keys they replaced (for the
 * caller to delete), or undefined when the library has no such student.
 */
export async function updateStudent(
  db: DbOrTx,
  libraryId: string,
  id: string,
  values: StudentValues &
    StudentImageKeys &
    Partial<ConsentValues> & { documentsErasedAt?: null; documentsErasedBy?: null },
): Promise<Required<{ [K in keyof StudentImageKeys]: string | null }> | undefined> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({
        profileKey: students.profileKey,
        profileThumbKey: students.profileThumbKey,
        frontImageKey: students.frontImageKey,
        backImageKey: students.backImageKey,
      })
      .from(students)
      .where(and(eq(students.libraryId, libraryId), eq(students.id, id)))
      .for('update');
    if (!previous) return undefined;
    await tx
      .update(students)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(students.libraryId, libraryId), eq(students.id, id)));
    return previous;
  });
}

/** Sets the KYC status; false when the library has no such student. */
export async function setKycStatus(db: DbOrTx, libraryId: string, id: string, kycStatus: KycStatus): Promise<boolean> {
  const rows = await db
    .update(students)
    .set({ kycStatus, updatedAt: sql`now()` })
    .where(and(eq(students.libraryId, libraryId), eq(students.id, id)))
    .returning({ id: students.id });
  return rows.length > 0;
}

/** What leave and rejoin answer (issue 19). */
export type LifecycleRow = { id: string; status: StudentState; leftAt: Date | null; documentsErasedAt: Date | null };

const lifecycleColumns = {
  id: students.id,
  status: sql<StudentState>`${students.status}`,
  leftAt: students.leftAt,
  documentsErasedAt: students.documentsErasedAt,
};

/**
 * The library's booking lock (lib/booking), taken first by leave and rejoin: bookings take it
 * before the student's row, and the audit entry's key on the library needs it, so a leave and
 * a booking of one student run one after the other instead of deadlocking.
 */
export { lockLibrary } from '../../lib/booking/bookings.repository';

/** The student's state, locked until the caller's transaction ends; undefined: no such student. */
export async function lockLifecycle(tx: DbOrTx, libraryId: string, id: string): Promise<LifecycleRow | undefined> {
  const [row] = await tx
    .select(lifecycleColumns)
    .from(students)
    .where(and(eq(students.libraryId, libraryId), eq(students.id, id)))
    .for('update');
  return row;
}

/** Marks a member as left (now, by this admin); undefined when they were not a member. */
export async function markLeft(
  tx: DbOrTx,
  libraryId: string,
  id: string,
  adminId: string,
): Promise<LifecycleRow | undefined> {
  const [row] = await tx
    .update(students)
    .set({ status: 'left', leftAt: sql`now()`, leftBy: adminId, updatedAt: sql`now()` })
    .where(and(eq(students.libraryId, libraryId), eq(students.id, id), eq(students.status, 'active')))
    .returning(lifecycleColumns);
  return row;
}

/** Makes a student who left a member again; undefined when they had not left. */
export async function markReturned(tx: DbOrTx, libraryId: string, id: string): Promise<LifecycleRow | undefined> {
  const [row] = await tx
    .update(students)
    .set({ status: 'active', leftAt: null, leftBy: null, updatedAt: sql`now()` })
    .where(and(eq(students.libraryId, libraryId), eq(students.id, id), eq(students.status, 'left')))
    .returning(lifecycleColumns);
  return row;
}

/**
 * Ends everything that lets a student who left in (issue 19): their student-app sessions end,
 * their phones and browsers stop receiving pushes (FCM devices and Web Push subscriptions), their
 * pairing code stops working and their live ID card is revoked. Answers what was ended.
 */
export async function endStudentAccess(tx: DbOrTx, libraryId: string, studentId: string) {
  const sessions = await tx.execute(sql`
    update student_sessions set revoked_at = now()
    where library_id = ${libraryId} and student_id = ${studentId} and revoked_at is null`);
  const devices = await tx.execute(sql`
    delete from student_devices where library_id = ${libraryId} and student_id = ${studentId}`);
  await tx.execute(sql`
    delete from student_pairing_codes where library_id = ${libraryId} and student_id = ${studentId}`);
  const cards = await tx.execute(sql`
    update student_id_cards set revoked_at = now()
    where library_id = ${libraryId} and student_id = ${studentId} and revoked_at is null`);
  return { sessions: sessions.rowCount ?? 0, devices: devices.rowCount ?? 0, cards: cards.rowCount ?? 0 };
}
