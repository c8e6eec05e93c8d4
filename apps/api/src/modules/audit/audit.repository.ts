import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type AuditRow = {
  id: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  detail: string | null;
  ip: string | null;
  admin_name: string | null;
  created_at: string;
};

export async function listAudit(
  db: DbOrTx,
  libraryId: string,
  options: { action?: string; descending: boolean; limit: number; offset: number },
) {
  const filters: SQL[] = [sql`a.library_id = ${libraryId}`];
  if (options.action) filters.push(sql`a.action = ${options.action}`);
  const where = sql.join(filters, sql` and `);
  const direction = options.descending ? sql`desc` : sql`asc`;
  const [rows, count] = await Promise.all([
    db.execute<AuditRow>(sql`
      select a.id, a.action, a.entity_type, a.entity_id, a.detail, a.ip, ad.name as admin_name,
             to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from audit_log a left join admins ad on ad.id = a.admin_id and ad.library_id = a.library_id
      where ${where}
      order by a.created_at ${direction}, a.id ${direction}
      limit ${options.limit} offset ${options.offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from audit_log a where ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}
