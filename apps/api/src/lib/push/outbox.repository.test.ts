import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { queueNotification, queueStudentNotification } from './outbox.repository';
import { insertDevice } from './testing/fixtures';

// Nothing here is deliverable: queued rows would be taken by the worker of push.delivery.test.ts,
// which shares this database. Failed rows are left alone by every worker.
const t = useTestApp();
const undeliverable = { fcm: false, webPush: false, failReason: 'no provider' };

async function recipients(notificationId: string) {
  const result = await t.pool.query<{ student_id: string; library_id: string; read_at: Date | null }>(
    'select student_id, library_id, read_at from notification_recipients where notification_id = $1 order by student_id',
    [notificationId],
  );
  return result.rows;
}

describe('queueNotification: the inbox rows (issue 15)', () => {
  it('writes one unread row per audience student, with a device or not, and none for anyone else', async () => {
    const library = await registerLibrary(t.app);
    const libraryId = library.session.library.id;
    const withPhones = await insertStudent(t.pool, libraryId, { firstName: 'Phones' });
    const withoutPhone = await insertStudent(t.pool, libraryId, { firstName: 'NoPhone' });
    const outside = await insertStudent(t.pool, libraryId, { firstName: 'Outside' });
    await insertDevice(t.pool, libraryId, withPhones.id);
    await insertDevice(t.pool, libraryId, withPhones.id, { platform: 'ios' });
    await insertDevice(t.pool, libraryId, outside.id);

    const audience = sql`select st.id from students st where st.library_id = ${libraryId} and st.id in (${withPhones.id}, ${withoutPhone.id})`;
    const id = await queueNotification(
      t.app.db,
      libraryId,
      { adminId: null, title: 'Closed', body: 'Closed on Sunday', premiumOnly: false },
      audience,
      undeliverable,
    );

    expect(await recipients(id)).toEqual(
      [withPhones.id, withoutPhone.id]
        .sort()
        .map((studentId) => ({ student_id: studentId, library_id: libraryId, read_at: null })),
    );
    const counts = await t.pool.query('select audience_count, device_count from notifications where id = $1', [id]);
    expect(counts.rows[0]).toEqual({ audience_count: 2, device_count: 2 });
  });

  it("keeps another library's students out even when the audience query names them", async () => {
    const mine = await registerLibrary(t.app);
    const theirs = await registerLibrary(t.app);
    const myStudent = await insertStudent(t.pool, mine.session.library.id);
    const theirStudent = await insertStudent(t.pool, theirs.session.library.id);
    await insertDevice(t.pool, theirs.session.library.id, theirStudent.id);
    // A careless audience: every student of every library.
    const id = await queueNotification(
      t.app.db,
      mine.session.library.id,
      { adminId: null, title: 'Hello', body: 'Body', premiumOnly: false },
      sql`select id from students where id in (${myStudent.id}, ${theirStudent.id})`,
      undeliverable,
    );
    expect((await recipients(id)).map((row) => row.student_id)).toEqual([myStudent.id]);
    const deliveries = await t.pool.query(
      'select count(*)::int as n from notification_deliveries where notification_id = $1',
      [id],
    );
    expect(deliveries.rows[0].n).toBe(0);
  });

  it('gives the one student of a dues reminder an inbox row, without a device too', async () => {
    const library = await registerLibrary(t.app);
    const libraryId = library.session.library.id;
    const student = await insertStudent(t.pool, libraryId);
    const id = await queueStudentNotification(
      t.app.db,
      libraryId,
      student.id,
      { adminId: null, title: 'Due', body: 'Pay' },
      undeliverable,
    );
    expect(await recipients(id)).toEqual([{ student_id: student.id, library_id: libraryId, read_at: null }]);
  });
});
