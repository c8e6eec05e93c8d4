import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { insertDevice } from '../../lib/push/testing/fixtures';
import { withLanguage } from '../../plugins/language';
import { insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { insertPlan, setDuesSettings } from './dues.fixtures';
import { reminderTexts } from './dues.reminders';
import * as repository from './dues.repository';

/**
 * The automatic push reminders serve no request (issue 20): each is written in its student's
 * language, else the library owner's, else English. The worker itself runs in
 * lib/push/push.delivery.test.ts only (a worker serves every library); here the candidates are
 * read with the library's switch turned on inside a transaction that is rolled back, so no
 * worker of another file ever sees it on.
 */
const t = useTestApp();

class Rollback extends Error {}

async function candidatesOf(libraryId: string) {
  let rows: repository.PushCandidateRow[] = [];
  await t.app.db
    .transaction(async (tx) => {
      await tx.execute(sql`update library_settings set auto_push_reminders = true where library_id = ${libraryId}`);
      rows = await repository.pushCandidates(tx, libraryId, { fcm: true, webPush: true });
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return rows;
}

async function library() {
  const { session } = await registerLibrary(t.app);
  const libraryId = session.library.id;
  await setDuesSettings(t.pool, libraryId, { autoPush: false });
  return { libraryId, ownerId: session.id, name: session.library.name };
}

async function dueStudent(libraryId: string, firstName: string, language: 'en' | 'hi' | null) {
  const student = await insertStudent(t.pool, libraryId, { firstName });
  await t.pool.query('update students set language = $2 where id = $1', [student.id, language]);
  await insertPlan(t.pool, libraryId, student.id, { expiresIn: 0, prices: [1200], payments: [700] });
  await insertDevice(t.pool, libraryId, student.id);
  return student.id;
}

describe('the dues push reminders in the recipient language', () => {
  it("writes each reminder in the student's language, else the owner's, else English", async () => {
    const { libraryId, ownerId, name } = await library();
    const hindi = await dueStudent(libraryId, 'Hindi', 'hi');
    const english = await dueStudent(libraryId, 'English', 'en');
    const unset = await dueStudent(libraryId, 'Unset', null);

    const byStudent = async () => new Map((await candidatesOf(libraryId)).map((row) => [row.student_id, row] as const));

    // No owner chose a language: English for whoever chose none.
    let rows = await byStudent();
    expect(rows.get(hindi)).toMatchObject({ language: 'hi', owner_language: 'en' });
    expect(rows.get(english)).toMatchObject({ language: 'en', owner_language: 'en' });
    expect(rows.get(unset)).toMatchObject({ language: 'en', owner_language: 'en' });

    // The owner chose Hindi: the student who chose none is reminded in Hindi; one who chose English in English.
    await t.pool.query(`update admins set language = 'hi' where id = $1`, [ownerId]);
    rows = await byStudent();
    expect(rows.get(hindi)).toMatchObject({ language: 'hi', owner_language: 'hi' });
    expect(rows.get(english)).toMatchObject({ language: 'en', owner_language: 'hi' });
    expect(rows.get(unset)).toMatchObject({ language: 'hi', owner_language: 'hi' });

    const hindiTexts = reminderTexts(rows.get(hindi)!);
    const englishTexts = reminderTexts(rows.get(english)!);
    const amount = Number(rows.get(hindi)!.amount_due);
    const inHindi = withLanguage('hi', () => ({
      title: messages.dues.pushTitle(name),
      body: messages.dues.pushBody.onDay(amount),
      failReason: messages.notification.noProviderReason,
    }));
    expect(hindiTexts).toEqual(inHindi);
    expect(hindiTexts.title).toBe(`${name}: फ़ीस रिमाइंडर`);
    // The English push; what the history records for the owner is in the owner's Hindi.
    expect(englishTexts).toEqual({
      title: `${name}: fee reminder`,
      body: messages.dues.pushBody.onDay(amount),
      failReason: inHindi.failReason,
    });
    expect(englishTexts.body).toMatch(/^Your seat plan expires today\. .+ is due\.$/);
  });

  it("takes a manager's language for no one: only an active owner's speaks for the library", async () => {
    const { libraryId, ownerId } = await library();
    const unset = await dueStudent(libraryId, 'Unset', null);
    await t.pool.query(
      `insert into admins (library_id, name, email, phone, password_hash, role, language)
       values ($1, 'Manager', $2, '9123456780', 'x', 'manager', 'hi')`,
      [libraryId, `m-${ownerId}@example.com`],
    );
    expect((await candidatesOf(libraryId)).find((row) => row.student_id === unset)).toMatchObject({ language: 'en' });
  });
});
