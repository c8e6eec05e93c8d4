import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subscriptionBody } from '../../test/bookings';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { pushCandidates } from './dues.repository';

/** Issue 19: a student who left will not renew, so the automatic reminders pass them by. */
const t = useTestApp();

describe('automatic push reminders and students who left', () => {
  it('sends no automatic renewal reminder to a student who left, even with a device on record', async () => {
    const { session, auth } = await registerLibrary(t.app);
    const libraryId = session.library.id;
    const areaId = await insertArea(t.pool, libraryId, { name: 'Hall A' });
    for (let seat = 0; seat < 4; seat += 1) await insertSeat(t.pool, libraryId, areaId);
    const stays = await insertStudent(t.pool, libraryId);
    const goes = await insertStudent(t.pool, libraryId);
    for (const student of [stays, goes]) {
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/subscription',
        headers: auth,
        payload: subscriptionBody(student.id),
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    const left = await t.app.inject({ method: 'POST', url: `/api/user/${goes.id}/leave`, headers: auth });
    expect(left.statusCode, left.body).toBe(200);
    await t.pool.query(
      `insert into library_settings (library_id, auto_push_reminders) values ($1, true)
       on conflict (library_id) do update set auto_push_reminders = true`,
      [libraryId],
    );
    // Leaving removed their devices; one written back as a stale row would be.
    for (const student of [stays, goes]) {
      await t.pool.query(
        `insert into student_devices (library_id, student_id, fcm_token, platform) values ($1, $2, $3, 'android')`,
        [libraryId, student.id, `token-${randomBytes(6).toString('hex')}`],
      );
    }
    // Ending tomorrow: the 'before' stage for both plans, were both students members.
    await t.pool.query(
      `update subscriptions set plan_expires_at = (now() at time zone 'Asia/Kolkata')::date + 1 where library_id = $1`,
      [libraryId],
    );
    const candidates = await pushCandidates(t.app.db, libraryId, { fcm: true, webPush: true });
    expect(candidates.map((row) => row.student_id)).toEqual([stays.id]);
  });
});
