import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Stores a student-app session's Web Push subscription as a `web` device (issue 15): the
 * endpoint in `fcm_token`, its keys beside it, bound to the session so unpairing or signing
 * out removes it. The same endpoint again (the app re-registering on each start, or another
 * student signing in on that browser) updates its row. A browser holds one subscription per
 * app, so the session's older subscriptions are deleted: they would only be pushed twice.
 * Answers what the devices call answers.
 */
export async function upsertWebPushDevice(
  db: DbOrTx,
  owner: { libraryId: string; studentId: string; sessionId: string },
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{
      id: string;
      platform: 'web';
      first_name: string;
      library_name: string;
    }>(sql`
      with saved as (
        insert into student_devices (library_id, student_id, fcm_token, platform, push_p256dh, push_auth, session_id)
        select ${owner.libraryId}, st.id, ${subscription.endpoint}, 'web',
               ${subscription.keys.p256dh}, ${subscription.keys.auth}, ${owner.sessionId}
        -- Issue 19: never for a student who left (their sessions ended with it).
        from students st where st.id = ${owner.studentId} and st.library_id = ${owner.libraryId} and st.status = 'active'
        on conflict (library_id, fcm_token) do update
          set student_id = excluded.student_id, platform = 'web', push_p256dh = excluded.push_p256dh,
              push_auth = excluded.push_auth, session_id = excluded.session_id, last_seen_at = now()
        returning id, student_id, platform
      )
      select saved.id, saved.platform, st.first_name, l.name as library_name
      from saved
      join students st on st.id = saved.student_id and st.library_id = ${owner.libraryId}
      join libraries l on l.id = ${owner.libraryId}`);
    const device = result.rows[0];
    if (!device) return undefined;
    await tx.execute(sql`
      delete from student_devices
      where library_id = ${owner.libraryId} and session_id = ${owner.sessionId} and id <> ${device.id}`);
    return {
      device: { id: device.id, platform: device.platform },
      student: { first_name: device.first_name },
      library: { name: device.library_name },
    };
  });
}
