import { sql, type SQL } from 'drizzle-orm';
import type { FEE_SORT_KEYS } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { pageBounds, runStatement, statementsByShape } from '../../db/prepared';
import { containsPattern } from '../../lib/sql-like';

export type FeeRow = {
  id: string;
  subscription_id: string;
  student_id: string;
  first_name: string;
  last_name: string | null;
  mobile: string;
  email: string;
  amount: string;
  duration: number;
  unit: string;
  mode: string;
  kind: 'new' | 'renewal' | 'balance' | 'adjustment';
  receipt_no: string | null;
  status: string;
  created_at: string;
  updated_at: string;
};

export interface FeeFilters {
  search?: string;
  status?: string;
  mode?: string;
  /** Inclusive library days, compared in the library's time zone. */
  from?: string;
  to?: string;
}

/** The report's order: a sort key and direction (newest first among equals, so pages never shuffle). */
export interface FeeOrder {
  sortBy: (typeof FEE_SORT_KEYS)[number];
  descending: boolean;
}

const SORT_COLUMNS: Record<Exclude<FeeOrder['sortBy'], 'name'>, SQL> = {
  amount: sql`f.amount`,
  created_at: sql`f.created_at`,
  updated_at: sql`f.updated_at`,
  duration: sql`f.duration`,
};

/**
 * The name order is the students list's (first name, then last name, case-insensitive), so the
 * report can walk the students by students_library_name_idx and take each one's fees from
 * fees_library_student_idx (migration 0020) instead of sorting every fee of the library.
 */
function orderOf(order: FeeOrder): SQL {
  const direction = order.descending ? sql`desc` : sql`asc`;
  const keys =
    order.sortBy === 'name'
      ? sql`lower(st.first_name) ${direction}, lower(coalesce(st.last_name, '')) ${direction}`
      : sql`${SORT_COLUMNS[order.sortBy]} ${direction}`;
  return sql`${keys}, f.created_at desc, f.id`;
}

/**
 * The filters' conditions. `values` are what goes in them: the filters' own values, or
 * placeholders of the same names (`listStatement`); a filter applies when `filters` has it.
 */
function whereOf(
  filters: FeeFilters,
  values: { library: unknown } & Record<keyof FeeFilters | 'pattern', unknown>,
): SQL {
  const conditions: SQL[] = [sql`f.library_id = ${values.library}`];
  if (filters.search) {
    const pattern = values.pattern;
    conditions.push(
      sql`(st.first_name || ' ' || coalesce(st.last_name, '') ilike ${pattern} or st.mobile like ${pattern})`,
    );
  }
  // A voided payment keeps its row (and `status` 'paid'): 'void' is told by `voided_at` (issue 14).
  if (filters.status === 'void') conditions.push(sql`f.voided_at is not null`);
  else if (filters.status) conditions.push(sql`f.status = ${values.status} and f.voided_at is null`);
  if (filters.mode) conditions.push(sql`f.mode = ${values.mode}`);
  if (filters.from) conditions.push(sql`(f.created_at at time zone l.time_zone)::date >= ${values.from}::date`);
  if (filters.to) conditions.push(sql`(f.created_at at time zone l.time_zone)::date <= ${values.to}::date`);
  return sql.join(conditions, sql` and `);
}

/** The filters' values as `whereOf` takes them (the search as its LIKE pattern). */
function valuesOf(libraryId: string, filters: FeeFilters) {
  const { search, status, mode, from, to } = filters;
  return { library: libraryId, search, pattern: search ? containsPattern(search) : undefined, status, mode, from, to };
}

const columns = sql`
  f.id, f.subscription_id, f.student_id, st.first_name, st.last_name, st.mobile, st.email,
  f.amount::text as amount, f.duration, f.unit, f.mode, f.kind, f.receipt_no,
  case when f.voided_at is null then f.status else 'void' end as status,
  to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(f.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

// The student's library is the fee's (always so): said in the join, it lets the planner walk the
// library's students in name order (students_library_name_idx) for the default sort instead of
// hashing every student of every library (bench/saas: 1,021 ms -> 25 ms at 28,974 fees).
const joins = sql`from fees f join students st on st.id = f.student_id and st.library_id = f.library_id
  join libraries l on l.id = f.library_id`;

/** What decides the text of the report's statements: which filters apply (`void` or another status), the order. */
type ListShape = FeeOrder & {
  /** The page size and whether the offset is 0, written into the text (db/prepared.ts `pageBounds`). */
  limit: number;
  firstPage: boolean;
  search: boolean;
  status: 'void' | 'other' | '';
  mode: boolean;
  from: boolean;
  to: boolean;
  totalOnly: boolean;
};

const placeholders = {
  library: sql.placeholder('library'),
  search: sql.placeholder('search'),
  pattern: sql.placeholder('pattern'),
  status: sql.placeholder('status'),
  mode: sql.placeholder('mode'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
};

/**
 * The page's statement (or, `totalOnly`, its total's) for one shape, every value a placeholder
 * (`library`, the filters', `limit`, `offset`): written once per shape (db/prepared.ts
 * `statementsByShape`; Drizzle took 20 to 30 µs a request to write it out again). The total is
 * exact: the library's kept number of fees when nothing filters, else counted over the fees
 * alone unless the search or a date filter needs the student or the library.
 */
const listStatement = statementsByShape<ListShape>(
  (shape) =>
    `${shape.sortBy} ${shape.descending} ${shape.limit} ${shape.firstPage} ${shape.search} ${shape.status} ${shape.mode} ${shape.from} ${shape.to} ${shape.totalOnly}`,
  (shape) => {
    // Filters with a stand-in value where the shape has them: `whereOf` asks only whether each is there.
    const present = (on: boolean) => (on ? '-' : undefined);
    const filters: FeeFilters = {
      search: present(shape.search),
      status: shape.status === 'void' ? 'void' : present(shape.status === 'other'),
      mode: present(shape.mode),
      from: present(shape.from),
      to: present(shape.to),
    };
    const where = whereOf(filters, placeholders);
    const counted = shape.search || shape.from || shape.to ? joins : sql`from fees f`;
    const filtered = shape.search || shape.status !== '' || shape.mode || shape.from || shape.to;
    // Unfiltered, the library's kept number of fees (migration 0027, exact); else a count of what matches.
    const total = filtered
      ? sql`(select count(*) ${counted} where ${where})::int`
      : sql`(select coalesce(sum(c.total), 0) from library_fee_counts c where c.library_id = ${placeholders.library})::int`;
    if (shape.totalOnly) return sql`select ${total} as total`;
    // With both bounds parameters the generic plan assumed a tenth of the fees were wanted (forced,
    // 103 ms for the first page by name at 200,000 fees, against 0.6 ms with them known).
    const limits = pageBounds(shape);
    // By name (or with a search), the page comes from the join: the name order walks the students.
    // Otherwise the page's fees are picked from the fees alone, in their index's order under the
    // limit, and only they are joined to their students: joined first, a generic plan sized for an
    // average library walked every student's fees and sorted them (636 ms for the newest 25 of a
    // library of 243,000 fees; 1.6 ms picked first).
    return shape.sortBy === 'name' || shape.search
      ? sql`select ${columns}, ${total} as total ${joins} where ${where} order by ${orderOf(shape)} ${limits}`
      : sql`select ${columns}, ${total} as total
          from (select f.* from fees f join libraries l on l.id = f.library_id where ${where}
                order by ${orderOf(shape)} ${limits}) f
          join students st on st.id = f.student_id and st.library_id = f.library_id
          order by ${orderOf(shape)}`;
  },
);

/**
 * One page of the report and how many fees match in all, in one prepared statement (one pool
 * checkout, one snapshot, planned once per connection: db/prepared.ts). A page past the end has
 * no row to carry the total: it is counted then.
 */
export async function listFees(
  db: DbOrTx,
  libraryId: string,
  options: FeeFilters & FeeOrder & { limit: number; offset: number },
) {
  const shape = {
    sortBy: options.sortBy,
    descending: options.descending,
    limit: options.limit,
    firstPage: options.offset === 0,
    search: Boolean(options.search),
    status: options.status === 'void' ? ('void' as const) : options.status ? ('other' as const) : ('' as const),
    mode: Boolean(options.mode),
    from: Boolean(options.from),
    to: Boolean(options.to),
  };
  const values = { ...valuesOf(libraryId, options), limit: options.limit, offset: options.offset };
  const rows = await runStatement<FeeRow & { total: number }>(
    db,
    listStatement({ ...shape, totalOnly: false }),
    values,
  );
  if (rows.length === 0) {
    if (options.offset === 0) return { rows: [], total: 0 };
    const [past] = await runStatement<{ total: number }>(db, listStatement({ ...shape, totalOnly: true }), values);
    return { rows: [], total: past?.total ?? 0 };
  }
  // The rows as read: the total they also carry is not presented (fees.service `present`).
  return { rows: rows as FeeRow[], total: rows[0]!.total };
}

/** Every matching fee, in pages of `batch`, for the CSV export (keeps memory flat). */
export async function* allFees(db: DbOrTx, libraryId: string, filters: FeeFilters & FeeOrder, batch = 1000) {
  const where = whereOf(filters, valuesOf(libraryId, filters));
  for (let offset = 0; ; offset += batch) {
    const result = await db.execute<FeeRow>(
      sql`select ${columns} ${joins} where ${where} order by ${orderOf(filters)} limit ${batch} offset ${offset}`,
    );
    yield result.rows;
    if (result.rows.length < batch) return;
  }
}
