import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queueNotification, type DeliveryPlan } from '../../lib/push/outbox.repository';

export type NotificationRow = {
  id: string;
  title: string;
  body: string;
  premium_only: boolean;
  audience_count: number;
  device_count: number;
  delivered_count: number;
  failed_count: number;
  sent_by: string | null;
  created_at: string;
};

const columns = sql`
  n.id, n.title, n.body, n.premium_only, n.audience_count, n.device_count, n.delivered_count, n.failed_count,
  a.name as sent_by,
  to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

const fromNotifications = sql`from notifications n left join admins a on a.id = n.admin_id`;

/**
 * The students a notification is for: all of the library's members (issue 19: not those who
 * left), or the premium ones, a
 * student being premium while a subscription of theirs is active on the library's
 * today (DESIGN.md §6).
 */
function audienceOf(libraryId: string, premiumOnly: boolean) {
  const premium = sql`exists (
    select 1 from subscriptions s
    where s.library_id = st.library_id and s.student_id = st.id
      and s.joining_date <= l.today and s.plan_expires_at >= l.today)`;
  return sql`
    select st.id from students st
    cross join (select (now() at time zone time_zone)::date as today from libraries where id = ${libraryId}) l
    where st.library_id = ${libraryId} and st.status = 'active' ${premiumOnly ? sql`and ${premium}` : sql``}`;
}

/**
 * Stores a notification, resolves its audience and queues one delivery per paired
 * device of those students, all in one transaction (lib/push's outbox). Without a
 * provider the deliveries are recorded as failed with `failReason`.
 */
export async function createNotification(
  db: DbOrTx,
  libraryId: string,
  adminId: string,
  input: { title: string; body: string; premiumOnly: boolean },
  delivery: DeliveryPlan,
): Promise<NotificationRow> {
  return db.transaction(async (tx) => {
    const notificationId = await queueNotification(
      tx,
      libraryId,
      { adminId, ...input },
      audienceOf(libraryId, input.premiumOnly),
      delivery,
    );
    const row = await tx.execute<NotificationRow>(
      sql`select ${columns} ${fromNotifications} where n.id = ${notificationId} and n.library_id = ${libraryId}`,
    );
    return row.rows[0]!;
  });
}

/** A page of the library's notifications, newest first. */
export async function listNotifications(
  db: DbOrTx,
  libraryId: string,
  page: { limit: number; offset: number; ascending: boolean },
) {
  const direction = page.ascending ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    db.execute<NotificationRow>(sql`
      select ${columns} ${fromNotifications} where n.library_id = ${libraryId}
      order by n.created_at ${direction}, n.id ${direction} limit ${page.limit} offset ${page.offset}`),
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from notifications where library_id = ${libraryId}`,
    ),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}
