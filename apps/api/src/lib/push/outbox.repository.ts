import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The outbox's SQL. The worker serves every library, so the claim reads across tenants;
 * every other statement names its row by id and library.
 */

export interface QueuedNotification {
  /** Who sent it; null when the server did (automatic dues reminders). */
  adminId: string | null;
  title: string;
  body: string;
  premiumOnly: boolean;
}

/**
 * Which devices a provider will deliver to: Web Push subscriptions whenever the server
 * delivers at all (`webPush`: it has its VAPID keys; false only in tests without a push
 * peer), app tokens only with FCM credentials (`fcm`). The others' deliveries are recorded
 * as failed with `failReason`, so the history says what happened.
 */
export interface DeliveryPlan {
  fcm: boolean;
  webPush: boolean;
  failReason: string;
}

/**
 * Stores a notification, one inbox row (`notification_recipients`) per student of its audience
 * (`audience` selects ids of the library's students) and one delivery per paired device of
 * those students, counting both, in one transaction; answers its id.
 * Without a provider the deliveries are recorded as failed, so the history says what happened.
 */
export async function queueNotification(
  db: DbOrTx,
  libraryId: string,
  input: QueuedNotification,
  audience: SQL,
  delivery: DeliveryPlan,
): Promise<string> {
  return db.transaction(async (tx) => {
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into notifications (library_id, admin_id, title, body, premium_only)
      values (${libraryId}, ${input.adminId}, ${input.title}, ${input.body}, ${input.premiumOnly})
      returning id`);
    const notificationId = inserted.rows[0]!.id;
    // A Web Push subscription has its keys; any other device is an app token for FCM.
    const deliverable = sql`(case when d.push_p256dh is not null then ${delivery.webPush}::boolean else ${delivery.fcm}::boolean end)`;
    // Every student of the audience gets an inbox row (issue 15), whether or not a device is paired;
    // the join keeps an audience query that strayed outside the library from writing anything.
    await tx.execute(sql`
      with audience as (
        select distinct a.id from (${audience}) a
        join students st on st.id = a.id and st.library_id = ${libraryId}
      ),
      recipients as (
        insert into notification_recipients (notification_id, library_id, student_id)
        select ${notificationId}, ${libraryId}, audience.id from audience
        returning 1
      ),
      queued as (
        insert into notification_deliveries (notification_id, library_id, device_id, fcm_token, status, last_error)
        select ${notificationId}, ${libraryId}, d.id, d.fcm_token,
          case when ${deliverable} then 'queued' else 'failed' end,
          case when ${deliverable} then null else ${delivery.failReason} end
        from student_devices d join audience on audience.id = d.student_id
        where d.library_id = ${libraryId}
          -- A device registered by a student-app session that was signed out or unpaired gets nothing.
          and (d.session_id is null or exists (
            select 1 from student_sessions s
            where s.id = d.session_id and s.library_id = ${libraryId} and s.revoked_at is null))
        returning status
      )
      update notifications set
        audience_count = (select count(*) from recipients),
        device_count = (select count(*) from queued),
        failed_count = (select count(*) from queued where status = 'failed')
      where id = ${notificationId} and library_id = ${libraryId}`);
    return notificationId;
  });
}

/** A notification for one student of the library (its paired devices), queued as `queueNotification` does. */
export function queueStudentNotification(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
  input: Omit<QueuedNotification, 'premiumOnly'>,
  delivery: DeliveryPlan,
): Promise<string> {
  const audience = sql`select st.id from students st where st.library_id = ${libraryId} and st.id = ${studentId}`;
  return queueNotification(db, libraryId, { ...input, premiumOnly: false }, audience, delivery);
}

export type ClaimedDelivery = {
  id: string;
  notification_id: string;
  library_id: string;
  /** Null once the device was unpaired or signed out after the delivery was queued: nothing is sent. */
  device_id: string | null;
  fcm_token: string;
  /** The device's Web Push keys (both or neither): set, `fcm_token` is a Web Push endpoint. */
  push_p256dh: string | null;
  push_auth: string | null;
  attempts: number;
  title: string;
  body: string;
};

/**
 * Takes up to `limit` due deliveries and marks them sending until `leaseMs` from now;
 * `skip locked` lets other processes claim other rows at the same time. A row whose
 * lease ran out (its worker died mid-send) is due again.
 */
export async function claimDue(db: DbOrTx, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = await db.execute<ClaimedDelivery>(sql`
    with due as (
      select id from notification_deliveries
      where status in ('queued', 'sending') and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update notification_deliveries d
    set status = 'sending', attempts = d.attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
    from due, notifications n
    where d.id = due.id and n.id = d.notification_id
    returning d.id, d.notification_id, d.library_id, d.device_id, d.fcm_token, d.attempts, n.title, n.body,
      (select sd.push_p256dh from student_devices sd where sd.id = d.device_id and sd.library_id = d.library_id) as push_p256dh,
      (select sd.push_auth from student_devices sd where sd.id = d.device_id and sd.library_id = d.library_id) as push_auth`);
  return result.rows;
}

/** Final outcome of a claimed delivery, counted on its notification in the same statement. */
async function finish(
  db: DbOrTx,
  delivery: Pick<ClaimedDelivery, 'id' | 'library_id'>,
  outcome: 'delivered' | 'failed',
  details: { error?: string; messageId?: string },
) {
  const counter =
    outcome === 'delivered' ? sql`delivered_count = n.delivered_count + 1` : sql`failed_count = n.failed_count + 1`;
  await db.execute(sql`
    with finished as (
      update notification_deliveries
      set status = ${outcome}, last_error = ${details.error ?? null},
          provider_message_id = ${details.messageId ?? null}, updated_at = now()
      where id = ${delivery.id} and library_id = ${delivery.library_id} and status = 'sending'
      returning notification_id
    )
    update notifications n set ${counter} from finished where n.id = finished.notification_id`);
}

export const markDelivered = (db: DbOrTx, delivery: ClaimedDelivery, messageId?: string) =>
  finish(db, delivery, 'delivered', { messageId });

export const markFailed = (db: DbOrTx, delivery: ClaimedDelivery, error: string) =>
  finish(db, delivery, 'failed', { error });

/** Puts a delivery back in the queue, due after `delayMs`. */
export async function reschedule(db: DbOrTx, delivery: ClaimedDelivery, error: string, delayMs: number) {
  await db.execute(sql`
    update notification_deliveries
    set status = 'queued', last_error = ${error}, updated_at = now(),
        next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
    where id = ${delivery.id} and library_id = ${delivery.library_id} and status = 'sending'`);
}

/**
 * Forgets a device the provider no longer knows. Its other queued deliveries fail at
 * once (same token), instead of each asking the provider again.
 */
export async function removeDevice(db: DbOrTx, delivery: ClaimedDelivery, error: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with dropped as (
        update notification_deliveries
        set status = 'failed', last_error = ${error}, updated_at = now()
        where library_id = ${delivery.library_id} and fcm_token = ${delivery.fcm_token}
          and id <> ${delivery.id} and status = 'queued'
        returning notification_id
      ), per_notification as (
        select notification_id, count(*)::int as dropped from dropped group by notification_id
      )
      update notifications n set failed_count = n.failed_count + p.dropped
      from per_notification p where n.id = p.notification_id`);
    await tx.execute(sql`
      delete from student_devices where library_id = ${delivery.library_id} and fcm_token = ${delivery.fcm_token}`);
  });
  await markFailed(db, delivery, error);
}
