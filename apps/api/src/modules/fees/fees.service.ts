import type { z } from 'zod';
import { messages, paginate, type FeeRecord, type feeListQuerySchema } from '@app/shared';
import type { Actor, ServiceContext } from '../../lib/service-context';
import { toCsv } from '../../lib/csv';
import * as repository from './fees.repository';

type ListQuery = z.output<typeof feeListQuerySchema>;

// Field by field, not a copy of the row: a page's rows also carry its total (issue 18: copying
// each row, once without the total and once more here, was a measurable part of a page).
function present(row: repository.FeeRow): FeeRecord {
  return {
    id: row.id,
    subscription_id: row.subscription_id,
    student_id: row.student_id,
    first_name: row.first_name,
    last_name: row.last_name,
    mobile: row.mobile,
    email: row.email,
    amount: Number(row.amount),
    duration: row.duration,
    unit: row.unit,
    mode: row.mode,
    kind: row.kind,
    receipt_no: row.receipt_no,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function filtersOf(query: ListQuery): repository.FeeFilters & repository.FeeOrder {
  const { search, status, mode, from, to, sortBy } = query;
  return { search, status, mode, from, to, sortBy, descending: query.sortOrder === 'DESC' };
}

export type FeesContext = ServiceContext;

export async function listFees(context: FeesContext, actor: Actor, query: ListQuery) {
  const { rows, total } = await repository.listFees(context.db, actor.libraryId, {
    ...filtersOf(query),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { fees: rows.map(present), pagination: paginate(query.page, query.limit, total) };
}

/** The CSV's header, read when a file is made (in the caller's language). */
function csvHeader(): string[] {
  const c = messages.fees.csvColumns;
  return [
    c.studentName,
    c.mobile,
    c.email,
    c.amount,
    c.duration,
    c.mode,
    c.type,
    c.status,
    c.createdAt,
    c.updatedAt,
    // Issue 14: after the SPEC's columns, so they keep their places.
    c.receiptNo,
  ];
}

/** The fee report as CSV lines, honouring the list's search, filters and sort. */
export async function* feesCsv(context: FeesContext, actor: Actor, query: ListQuery) {
  // The Type column: a payment towards a balance is neither a new plan nor a renewal.
  const kinds = messages.fees.kinds;
  yield toCsv([csvHeader()]);
  for await (const rows of repository.allFees(context.db, actor.libraryId, filtersOf(query))) {
    yield toCsv(
      rows.map((row) => [
        [row.first_name, row.last_name].filter(Boolean).join(' '),
        row.mobile,
        row.email,
        Number(row.amount).toFixed(2),
        `${row.duration} ${row.unit}`,
        row.mode,
        kinds[row.kind],
        row.status,
        row.created_at,
        row.updated_at,
        row.receipt_no,
      ]),
    );
  }
}
