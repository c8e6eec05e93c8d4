import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { todayIn, privacyMessages } from '@app/shared';
import { loadConfig } from '../../config';
import { connectDatabase } from '../../db/client';
import type { WorkerLogger } from '../../lib/interval-worker';
import { createLocalDiskStorage } from '../../lib/storage/local-disk';
import { insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { createStudentViaApi, studentFields, threeImages } from './students.fixtures';
import {
  addDays,
  auditOf,
  documentsOf,
  filesUnder,
  insertPlanRow,
  markLeft,
  setPrivacy,
} from './students.privacy.fixtures';
import { createRetentionWorker, runRetention } from './students.privacy.retention';

// The retention job (issue 19): rounds run here with an injected clock and kept to this
// file's libraries (every test file shares one database).

const m = privacyMessages;
const DAY_MS = 24 * 60 * 60 * 1000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-retention-'));
const uploadsDir = path.join(dataDir, 'uploads');
const t = useTestApp({ DATA_DIR: dataDir });
const storage = createLocalDiskStorage(uploadsDir);
const errors: unknown[] = [];
const logger: WorkerLogger = { info: () => undefined, error: (object) => errors.push(object) };
let images: Record<string, Buffer>;

beforeAll(async () => {
  images = await threeImages();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const round = (at: Date, libraryIds: string[]) =>
  runRetention({ db: t.app.db, storage, logger, now: () => at, libraryIds });

const erasedAt = async (studentId: string) => (await documentsOf(t.pool, studentId)).documents_erased_at;

async function newLibrary() {
  const library = await registerLibrary(t.app);
  return { ...library, libraryId: library.session.library.id };
}

describe('the retention job', () => {
  it('erases on the day the retention period ends, to the second, and not before (default 90 days)', async () => {
    const { auth, libraryId } = await newLibrary();
    const { id } = await createStudentViaApi(t.app, auth, images, studentFields({ consent: 'student' }));
    const leftAt = new Date(Date.now() - 60 * 60 * 1000);
    await markLeft(t.pool, id, leftAt);
    const due = new Date(leftAt.getTime() + 90 * DAY_MS);

    expect(await round(new Date(due.getTime() - 1000), [libraryId])).toEqual({
      erased: 0,
      filesDeleted: 0,
      filesLeft: 0,
    });
    expect(await erasedAt(id)).toBeNull();
    expect(filesUnder(path.join(uploadsDir, libraryId))).toHaveLength(4);

    expect(await round(due, [libraryId])).toEqual({ erased: 1, filesDeleted: 4, filesLeft: 0 });
    const after = await documentsOf(t.pool, id);
    expect(after).toMatchObject({
      aadhaar_encrypted: null,
      aadhaar_hash: null,
      aadhaar_last4: null,
      profile_key: null,
      front_image_key: null,
      documents_erased_by: null,
    });
    expect(after.documents_erased_at?.toISOString()).toBe(due.toISOString());
    expect(filesUnder(path.join(uploadsDir, libraryId))).toEqual([]);
    expect(await auditOf(t.pool, libraryId, 'student.erase')).toEqual([
      { admin_id: null, entity_id: id, detail: m.erase.auditDetail('retention', false), ip: null },
    ]);

    // The next round has nothing to do.
    expect((await round(new Date(due.getTime() + DAY_MS), [libraryId])).erased).toBe(0);
    expect(await auditOf(t.pool, libraryId, 'student.erase')).toHaveLength(1);
  });

  it('follows the library’s retention days: 0 erases at the next round, 30 after 30 days; members are never erased', async () => {
    const zero = await newLibrary();
    const thirty = await newLibrary();
    await setPrivacy(t.pool, zero.libraryId, { retentionDays: 0, keepLast4: true });
    await setPrivacy(t.pool, thirty.libraryId, { retentionDays: 30 });
    const leftNow = await insertStudent(t.pool, zero.libraryId);
    const member = await insertStudent(t.pool, zero.libraryId);
    const leftLater = await insertStudent(t.pool, thirty.libraryId);
    const leftAt = new Date(Date.now() - 60_000);
    await markLeft(t.pool, leftNow.id, leftAt);
    await markLeft(t.pool, leftLater.id, leftAt);
    const libraries = [zero.libraryId, thirty.libraryId];

    expect((await round(new Date(), libraries)).erased).toBe(1);
    expect(await erasedAt(leftNow.id)).not.toBeNull();
    // Kept for the books by the library's setting.
    expect((await documentsOf(t.pool, leftNow.id)).aadhaar_last4).toBe('1234');
    expect((await auditOf(t.pool, zero.libraryId, 'student.erase'))[0]!.detail).toBe(
      m.erase.auditDetail('retention', true),
    );
    expect(await erasedAt(leftLater.id)).toBeNull();

    expect((await round(new Date(leftAt.getTime() + 30 * DAY_MS - 1000), libraries)).erased).toBe(0);
    expect((await round(new Date(leftAt.getTime() + 30 * DAY_MS), libraries)).erased).toBe(1);
    expect(await erasedAt(leftLater.id)).not.toBeNull();
    // Ten years on, a member who never left keeps their documents.
    expect((await round(new Date(Date.now() + 3650 * DAY_MS), libraries)).erased).toBe(0);
    expect(await erasedAt(member.id)).toBeNull();
  });

  it('passes by a student whose plan runs until the library’s day after it ends', async () => {
    const { libraryId } = await newLibrary();
    await setPrivacy(t.pool, libraryId, { retentionDays: 0 });
    const student = await insertStudent(t.pool, libraryId);
    const today = todayIn('Asia/Kolkata');
    const lastDay = addDays(today, 5);
    await insertPlanRow(t.pool, libraryId, student.id, { from: addDays(today, -25), to: lastDay });
    await markLeft(t.pool, student.id);

    /** Noon, or a minute to midnight, of a day in Kolkata. */
    const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}+05:30`);
    expect((await round(at(today), [libraryId])).erased).toBe(0);
    expect((await round(at(lastDay, '23:59:00'), [libraryId])).erased).toBe(0);
    expect(await erasedAt(student.id)).toBeNull();
    expect((await round(at(addDays(lastDay, 1), '00:01:00'), [libraryId])).erased).toBe(1);
    expect(await erasedAt(student.id)).not.toBeNull();
  });

  it('is safe with two processes: a student locked elsewhere is passed by, and each is erased and audited once', async () => {
    const { libraryId } = await newLibrary();
    await setPrivacy(t.pool, libraryId, { retentionDays: 0 });
    const students = await Promise.all(Array.from({ length: 8 }, () => insertStudent(t.pool, libraryId)));
    for (const student of students) await markLeft(t.pool, student.id, new Date(Date.now() - 60_000));

    // An erasure on request (or another round) holds the first student's row: this round does not wait for it.
    const holder = await t.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from students where id = $1 for update`, [students[0]!.id]);
      const started = Date.now();
      expect((await round(new Date(), [libraryId])).erased).toBe(7);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await erasedAt(students[0]!.id)).toBeNull();
    } finally {
      await holder.query('rollback');
      holder.release();
    }

    // Two processes' rounds at once (two connection pools) over more students due.
    const more = await Promise.all(Array.from({ length: 12 }, () => insertStudent(t.pool, libraryId)));
    for (const student of more) await markLeft(t.pool, student.id, new Date(Date.now() - 60_000));
    const other = connectDatabase(inject('databaseUrl'), 3);
    try {
      const [first, second] = await Promise.all([
        round(new Date(), [libraryId]),
        runRetention({ db: other.db, storage, logger, now: () => new Date(), libraryIds: [libraryId] }),
      ]);
      expect(first.erased + second.erased).toBe(13);
    } finally {
      await other.pool.end();
    }
    const entries = await auditOf(t.pool, libraryId, 'student.erase');
    expect(entries).toHaveLength(20);
    expect(new Set(entries.map((entry) => entry.entity_id)).size).toBe(20);
    expect(errors).toEqual([]);
  });

  it('runs in the server process from RETENTION_INTERVAL_MS: an hour by default, none in tests unless set', async () => {
    const base = { DATA_DIR: dataDir };
    expect(loadConfig(base).retentionIntervalMs).toBe(60 * 60 * 1000);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).retentionIntervalMs).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'test', RETENTION_INTERVAL_MS: '60000' }).retentionIntervalMs).toBe(60_000);
    expect(loadConfig({ ...base, RETENTION_INTERVAL_MS: '' }).retentionIntervalMs).toBe(60 * 60 * 1000);
    for (const value of ['soon', '999', '86400001', '1.5']) {
      expect(() => loadConfig({ ...base, RETENTION_INTERVAL_MS: value })).toThrow(/RETENTION_INTERVAL_MS/);
    }

    // The worker runs a round at once on start.
    const { libraryId } = await newLibrary();
    await setPrivacy(t.pool, libraryId, { retentionDays: 0 });
    const student = await insertStudent(t.pool, libraryId);
    await markLeft(t.pool, student.id, new Date(Date.now() - 60_000));
    const worker = createRetentionWorker({
      db: t.app.db,
      storage,
      logger,
      intervalMs: 60_000,
      libraryIds: [libraryId],
    });
    worker.start();
    try {
      await expect.poll(() => erasedAt(student.id), { timeout: 5000 }).not.toBeNull();
    } finally {
      await worker.stop();
    }
  });
});
