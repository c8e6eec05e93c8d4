import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paginate, type FeeRecord, type feeListQuerySchema } from '@app/shared';
import type { Database } from '../../db/client';
import { toCsv } from '../../lib/csv';
import * as repository from './fees.repository';

type ListQuery = z.output<typeof feeListQuerySchema>;

const SORT_COLUMNS = {
  name: sql`lower(st.first_name || ' ' || coalesce(st.last_name, ''))`,
  amount: sql`f.amount`,
  created_at: sql`f.created_at`,
  updated_at: sql`f.updated_at`,
  duration: sql`f.duration`,
} as const;

function present(row: repository.FeeRow): FeeRecord {
  return { ...row, amount: Number(row.amount) };
}

function orderOf(query: ListQuery) {
  // Newest first among equals (one student's fees), so pages never shuffle.
  return sql`${SORT_COLUMNS[query.sortBy]} ${query.sortOrder === 'DESC' ? sql`desc` : sql`asc`}, f.created_at desc`;
}

export async function listFees(db: Database, libraryId: string, query: ListQuery) {
  const { rows, total } = await repository.listFees(db, libraryId, {
    ...query,
    orderBy: orderOf(query),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { fees: rows.map(present), pagination: paginate(query.page, query.limit, total) };
}

const CSV_HEADER = [
  'Student Name',
  'Mobile',
  'Email',
  'Amount (INR)',
  'Duration',
  'Payment Mode',
  'Type',
  'Status',
  'Created At',
  'Updated At',
];

/** The fee report as CSV lines, honouring the list's search, filters and sort. */
export async function* feesCsv(db: Database, libraryId: string, query: ListQuery) {
  yield toCsv([CSV_HEADER]);
  for await (const rows of repository.allFees(db, libraryId, { ...query, orderBy: orderOf(query) })) {
    yield toCsv(
      rows.map((row) => [
        [row.first_name, row.last_name].filter(Boolean).join(' '),
        row.mobile,
        row.email,
        Number(row.amount).toFixed(2),
        `${row.duration} ${row.unit}`,
        row.mode,
        row.kind === 'new' ? 'New' : 'Renewal',
        row.status,
        row.created_at,
        row.updated_at,
      ]),
    );
  }
}
