import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatDateDMY, messages, todayIn, privacyMessages } from '@app/shared';
import { loadConfig } from '../../config';
import { hashPassword } from '../../lib/passwords';
import { createBackup } from '../../ops/backup';
import { registerLibrary, unique, useTestApp } from '../../test/helpers';
import { createStudentViaApi, studentFields, threeImages } from './students.fixtures';
import {
  addDays,
  auditOf,
  documentsOf,
  filesUnder,
  imageKeysOf,
  insertNamedSeat,
  insertPlanRow,
  markLeft,
  setPrivacy,
  setTimeZone,
} from './students.privacy.fixtures';

// POST /api/user/{id}/erase on the local disk (DATA_DIR/uploads): what is refused, what is
// erased (database, files, links, audit), and what a backup taken afterwards holds.

const m = privacyMessages;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-erase-'));
const uploadsDir = path.join(dataDir, 'uploads');
const t = useTestApp({ DATA_DIR: dataDir });
let images: Record<string, Buffer>;

beforeAll(async () => {
  images = await threeImages();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Auth = Record<string, string>;

/** A student added through the form (with consent and the three images), with their signed image links. */
async function addStudent(auth: Auth, overrides: Record<string, string> = {}) {
  const fields = studentFields({ consent: 'student', ...overrides });
  const { id, student } = await createStudentViaApi(t.app, auth, images, fields);
  const links = [student.profile, student.profile_thumb, student.front_image, student.back_image];
  expect(links.every((link) => typeof link === 'string' && link.startsWith('/api/files/'))).toBe(true);
  return { id, fields, links: links as string[] };
}

const erase = (auth: Auth, id: string) => t.app.inject({ method: 'POST', url: `/api/user/${id}/erase`, headers: auth });

async function libraryWithStudent() {
  const library = await registerLibrary(t.app);
  const student = await addStudent(library.auth);
  return { ...library, libraryId: library.session.library.id, student };
}

describe('POST /api/user/{id}/erase', () => {
  it('erases a departed student’s Aadhaar number and images: the row, the files, the links, one audit entry', async () => {
    const { auth, session, libraryId, student } = await libraryWithStudent();
    const before = await documentsOf(t.pool, student.id);
    expect(before.aadhaar_encrypted).toBeTruthy();
    expect(imageKeysOf(before)).toHaveLength(4);
    expect(filesUnder(path.join(uploadsDir, libraryId, 'students', student.id))).toHaveLength(4);
    for (const link of student.links) expect((await t.app.inject({ url: link })).statusCode).toBe(200);

    await markLeft(t.pool, student.id);
    const response = await erase(auth, student.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: true, message: m.erase.done });
    expect(body.data).toMatchObject({ id: student.id, status: 'left' });
    expect(Date.parse(body.data.left_at)).not.toBeNaN();
    expect(Date.now() - Date.parse(body.data.documents_erased_at)).toBeLessThan(60_000);

    const after = await documentsOf(t.pool, student.id);
    expect(after).toMatchObject({
      aadhaar_encrypted: null,
      aadhaar_hash: null,
      aadhaar_last4: null,
      profile_key: null,
      profile_thumb_key: null,
      front_image_key: null,
      back_image_key: null,
      documents_erased_by: session.id,
      // KYC and the consent record stay as they were.
      kyc_status: before.kyc_status,
      consent_at: before.consent_at,
      status: 'left',
    });
    expect(after.documents_erased_at).toBeInstanceOf(Date);

    // The signed links made before answer 404, the files and their folder are gone, nothing is left queued.
    for (const link of student.links) {
      const served = await t.app.inject({ url: link });
      expect(served.statusCode, link).toBe(404);
      expect(served.json()).toMatchObject({ status: false, message: messages.students.fileNotFound });
    }
    expect(filesUnder(path.join(uploadsDir, libraryId))).toEqual([]);
    expect(fs.existsSync(path.join(uploadsDir, libraryId, 'students', student.id))).toBe(false);
    const queued = await t.pool.query(`select key from storage_deletions where library_id = $1`, [libraryId]);
    expect(queued.rows).toEqual([]);

    // Who and what, never the data.
    const entries = await auditOf(t.pool, libraryId, 'student.erase');
    expect(entries).toEqual([
      { admin_id: session.id, entity_id: student.id, detail: m.erase.auditDetail('request', false), ip: '127.0.0.1' },
    ]);
    const log = await t.pool.query(`select coalesce(detail, '') as detail from audit_log where library_id = $1`, [
      libraryId,
    ]);
    for (const { detail } of log.rows) {
      expect(detail).not.toContain(student.fields.aadhaar_number!);
      expect(detail).not.toContain(before.aadhaar_encrypted!);
      expect(detail).not.toContain(before.aadhaar_last4!);
    }
    // The write audit does not add a second, generic entry.
    expect(await auditOf(t.pool, libraryId, 'admin.write')).toEqual([]);

    // Again: already erased.
    const again = await erase(auth, student.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: false, code: 409, message: m.erase.alreadyErased });
    expect(await auditOf(t.pool, libraryId, 'student.erase')).toHaveLength(1);
  });

  it('keeps the last four digits when the library keeps them for its books, and says so in the audit', async () => {
    const { auth, libraryId, student } = await libraryWithStudent();
    await setPrivacy(t.pool, libraryId, { keepLast4: true });
    await markLeft(t.pool, student.id);
    const response = await erase(auth, student.id);
    expect(response.statusCode, response.body).toBe(200);
    const after = await documentsOf(t.pool, student.id);
    expect(after).toMatchObject({ aadhaar_encrypted: null, aadhaar_hash: null, front_image_key: null });
    expect(after.aadhaar_last4).toBe(student.fields.aadhaar_number!.slice(-4));
    expect((await auditOf(t.pool, libraryId, 'student.erase'))[0]!.detail).toBe(m.erase.auditDetail('request', true));
  });

  it('refuses a student who has not left (422) and changes nothing', async () => {
    const { auth, libraryId, student } = await libraryWithStudent();
    const before = await documentsOf(t.pool, student.id);
    const response = await erase(auth, student.id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: false, code: 422, message: m.erase.mustLeaveFirst, errors: [] });
    expect(await documentsOf(t.pool, student.id)).toEqual(before);
    expect(filesUnder(path.join(uploadsDir, libraryId))).toHaveLength(4);
    expect(await auditOf(t.pool, libraryId, 'student.erase')).toEqual([]);
  });

  it('refuses while a subscription ends today or later in the library’s zone (409, naming seat, time and end), then erases once it has ended', async () => {
    const { auth, libraryId, student } = await libraryWithStudent();
    // Fourteen hours ahead of UTC: its today is not UTC's for part of every day.
    const zone = 'Pacific/Kiritimati';
    await setTimeZone(t.pool, libraryId, zone);
    const today = todayIn(zone);
    const seatId = await insertNamedSeat(t.pool, libraryId, 'A12');
    const running = await insertPlanRow(t.pool, libraryId, student.id, {
      seatId,
      start: '06:00',
      end: '14:00',
      from: addDays(today, -20),
      to: addDays(today, 10),
    });
    await markLeft(t.pool, student.id);

    const refused = await erase(auth, student.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: false,
      code: 409,
      message: m.erase.activeSubscription('Seat A12, 6:00 AM–2:00 PM', formatDateDMY(addDays(today, 10))),
    });

    // An unreserved plan ending later still (the library's today): named as any free seat, its end the latest.
    await insertPlanRow(t.pool, libraryId, student.id, {
      start: '14:00',
      end: '22:30',
      from: addDays(today, -5),
      to: addDays(today, 40),
    });
    const anySeat = await erase(auth, student.id);
    expect(anySeat.json().message).toBe(
      m.erase.activeSubscription(`${m.erase.anySeat}, 2:00 PM–10:30 PM`, formatDateDMY(addDays(today, 40))),
    );

    // Both end today: still refused (today counts).
    await t.pool.query(`update subscriptions set plan_expires_at = $2 where student_id = $1`, [student.id, today]);
    expect((await erase(auth, student.id)).statusCode).toBe(409);
    expect((await documentsOf(t.pool, student.id)).aadhaar_encrypted).toBeTruthy();

    // Ended yesterday (in the library's zone): erased.
    await t.pool.query(`update subscriptions set plan_expires_at = $2 where student_id = $1`, [
      student.id,
      addDays(today, -1),
    ]);
    const erased = await erase(auth, student.id);
    expect(erased.statusCode, erased.body).toBe(200);
    // The plan and its history stay.
    const plans = await t.pool.query(`select id from subscriptions where student_id = $1 order by plan_expires_at`, [
      student.id,
    ]);
    expect(plans.rows.map((row) => row.id)).toContain(running);
  });

  it('answers 404 for an unknown id, a malformed one and another library’s student, changing nothing', async () => {
    const owner = await libraryWithStudent();
    await markLeft(t.pool, owner.student.id);
    const before = await documentsOf(t.pool, owner.student.id);
    const intruder = await registerLibrary(t.app);
    for (const id of [owner.student.id, '00000000-0000-4000-8000-000000000000', 'abc', '..%2F..%2Fetc']) {
      const response = await erase(intruder.auth, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ status: false, code: 404, message: messages.students.notFound });
    }
    expect(await documentsOf(t.pool, owner.student.id)).toEqual(before);
    expect(filesUnder(path.join(uploadsDir, owner.libraryId))).toHaveLength(4);
  });

  it('is refused to the desk (403, before anything) and allowed to a manager', async () => {
    const { libraryId, student } = await libraryWithStudent();
    await markLeft(t.pool, student.id);
    const password = 'correct horse battery';
    const signIn = async (role: 'desk' | 'manager') => {
      const email = `${role}-${unique()}@example.com`;
      await t.pool.query(
        `insert into admins (library_id, name, email, phone, password_hash, role) values ($1, $2, $3, '9876501234', $4, $5)`,
        [libraryId, role, email, await hashPassword(password), role],
      );
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: email, password },
      });
      return { authorization: `Bearer ${login.json().data.token}` };
    };
    const desk = await erase(await signIn('desk'), student.id);
    expect(desk.statusCode).toBe(403);
    expect(desk.json()).toMatchObject({ status: false, message: messages.team.forbiddenDelete });
    expect((await documentsOf(t.pool, student.id)).aadhaar_encrypted).toBeTruthy();
    const manager = await erase(await signIn('manager'), student.id);
    expect(manager.statusCode, manager.body).toBe(200);
  });
});

describe('a backup taken after an erasure', () => {
  it('holds neither the erased Aadhaar ciphertext and hash nor the images, and still holds the other student’s', async () => {
    const { auth, libraryId, student: erased } = await libraryWithStudent();
    const kept = await addStudent(auth);
    const erasedBefore = await documentsOf(t.pool, erased.id);
    const keptRow = await documentsOf(t.pool, kept.id);
    await markLeft(t.pool, erased.id);
    expect((await erase(auth, erased.id)).statusCode).toBe(200);

    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-erase-backup-'));
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: inject('databaseUrl'),
        APP_SECRET: 'x'.repeat(40),
      });
      const { file } = await createBackup({ config, out: `${backups}/`, log: () => undefined });
      const unpacked = path.join(backups, 'unpacked');
      fs.mkdirSync(unpacked);
      await extract({ file, cwd: unpacked });
      const dump = execFileSync('pg_restore', ['--data-only', '--file=-', path.join(unpacked, 'database.dump')], {
        maxBuffer: 256 * 1024 * 1024,
      }).toString('utf8');

      // The dump holds this library's rows, the kept student's documents included...
      expect(dump).toContain(kept.id);
      expect(dump).toContain(keptRow.aadhaar_encrypted!);
      expect(dump).toContain(keptRow.aadhaar_hash!);
      // ...and nothing of the erased student's.
      expect(dump).toContain(erased.id);
      expect(dump).not.toContain(erasedBefore.aadhaar_encrypted!);
      expect(dump).not.toContain(erasedBefore.aadhaar_hash!);
      for (const key of imageKeysOf(erasedBefore)) expect(dump).not.toContain(key);

      const archived = filesUnder(path.join(unpacked, 'uploads', libraryId));
      expect(archived).toHaveLength(4);
      expect(archived.every((name) => name.startsWith(`students/${kept.id}/`))).toBe(true);
      expect(fs.existsSync(path.join(unpacked, 'uploads', libraryId, 'students', erased.id))).toBe(false);
    } finally {
      fs.rmSync(backups, { recursive: true, force: true });
    }
  }, 60_000);
});
