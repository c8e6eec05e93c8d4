import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_RETENTION_DAYS } from '@app/shared';
import type { ConsentGiver, KycStatus, StudentListQuery, StudentSortKey, StudentState } from '@app/shared';
import { balanceSql } from '../../db/account';
import type { DbOrTx } from '../../db/client';
import { students, subscriptions } from '../../db/schema';
import { isUniqueViolation } from '../../lib/pg-errors';
import { escapeLike } from '../../lib/sql-like';

// The library's date today (DESIGN.md §3): an uncorrelated subquery, worked out once per query.
const libraryToday = (libraryId: string) =>
  sql`(select (now() at time zone lib.time_zone)::date from libraries lib where lib.id = ${libraryId})`;

/**
 * A student is premium while one of their subscriptions is active today (DESIGN.md §6).
 * Used to filter the list; written out with explicit aliases because Drizzle leaves
 * column names unqualified in some positions, which inside this subquery would bind to
 * the subscription's own columns.
 */
function isPremium(libraryId: string) {
  return sql<boolean>`exists (
    select 1 from subscriptions premium_sub
    where premium_sub.library_id = "students"."library_id"
      and premium_sub.student_id = "students"."id"
      and premium_sub.joining_date <= ${libraryToday(libraryId)}
      and premium_sub.plan_expires_at >= ${libraryToday(libraryId)}
  )`;
}

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
  createdAt: Date;
  updatedAt: Date;
  leftAt: Date | null;
  documentsErasedAt: Date | null;
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
const SORT_COLUMNS: Record<StudentSortKey, SQL[]> = {
  name: [sql`lower(${students.firstName})`, sql`lower(coalesce(${students.lastName}, ''))`],
  first_name: [sql`lower(${students.firstName})`],
  last_name: [sql`lower(coalesce(${students.lastName}, ''))`],
  mobile: [sql`${students.mobile}`],
  email: [sql`${students.email}`],
  kyc_status: [sql`${students.kycStatus}`],
  created_at: [sql`${students.createdAt}`],
  updated_at: [sql`${students.updatedAt}`],
};

function listConditions(libraryId: string, query: StudentListQuery) {
  const conditions: SQL[] = [eq(students.libraryId, libraryId)];
  if (query.search) {
    // Same expression as the generated column, so the trigram index answers it.
    conditions.push(sql`${students.searchText} like '%' || lower(${escapeLike(query.search)}) || '%'`);
  }
  // Issue 19: members, or the students who left.
  conditions.push(eq(students.status, query.state));
  if (query.status) conditions.push(eq(students.kycStatus, query.status));
  if (query.type) conditions.push(query.type === 'premium' ? isPremium(libraryId) : sql`not ${isPremium(libraryId)}`);
  return and(...conditions);
}

/**
 * The page query. With a search, the matching students are found first (an `offset 0`
 * subquery the planner cannot flatten) and only they are sorted: otherwise the planner
 * may walk the whole name index testing each student against the pattern, which for a
 * fragment that sorts late in the alphabet reads most of the library instead of using
 * the trigram index (measured: 35 ms against 2 ms at 100,000 students, bench/students.ts).
 */
function pageQuery(db: DbOrTx, query: StudentListQuery, where: SQL | undefined) {
  const direction = query.sortOrder === 'DESC' ? desc : asc;
  const [first, second] = SORT_COLUMNS[query.sortBy];
  const offset = (query.page - 1) * query.limit;
  if (!query.search) {
    return db
      .select(listColumns)
      .from(students)
      .where(where)
      .orderBy(...[first!, ...(second ? [second] : []), sql`${students.id}`].map((column) => direction(column)))
      .limit(query.limit)
      .offset(offset);
  }
  const matched = db
    .select({
      ...listColumns,
      sortFirst: sql`${first}`.as('sort_first'),
      sortSecond: sql`${second ?? sql`null`}`.as('sort_second'),
    })
    .from(students)
    .where(where)
    // Drizzle leaves out `offset 0` given as a number; as SQL it is written, and fences the subquery.
    .offset(sql`0` as unknown as number)
    .as('matched');
  // The two sort keys come back too; presenting a row reads only the fields it needs.
  // Premium is looked up afterwards for the page's rows only, not for every match.
  return db
    .select()
    .from(matched)
    .orderBy(direction(matched.sortFirst), direction(matched.sortSecond), direction(matched.id))
    .limit(query.limit)
    .offset(offset);
}

/** One page of a library's students, and how many match in all. */
export async function listStudents(
  db: DbOrTx,
  libraryId: string,
  query: StudentListQuery,
): Promise<{ rows: StudentListRow[]; total: number }> {
  const where = listConditions(libraryId, query);
  const [rows, [total]] = await Promise.all([
    pageQuery(db, query, where),
    db.select({ value: count() }).from(students).where(where),
  ]);
  const premium = await premiumAmong(
    db,
    libraryId,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ ...row, status: row.status as StudentState, isPremium: premium.has(row.id) })),
    total: total?.value ?? 0,
  };
}

/**
 * The day the retention job erases a departed student's documents: the day they left in the
 * library's time zone plus its retention days; null while a member or once erased. Written
 * with the table's own name for the reason `studentBalance` gives.
 */
const eraseDueOn = sql<string | null>`case when "students"."left_at" is not null and "students"."documents_erased_at" is null
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
  values: StudentValues & StudentImageKeys & Partial<ConsentValues> & { documentsErasedAt?: null; documentsErasedBy?: null },
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
