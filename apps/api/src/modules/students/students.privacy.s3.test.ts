import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, privacyMessages } from '@app/shared';
import type { WorkerLogger } from '../../lib/interval-worker';
import { createS3Storage } from '../../lib/storage/s3';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3';
import { buildTestApp, registerLibrary, type TestApp } from '../../test/helpers';
import { createStudentViaApi, studentFields, threeImages } from './students.fixtures';
import { documentsOf, imageKeysOf, markLeft } from './students.privacy.fixtures';
import { runRetention } from './students.privacy.retention';

// Erasure with the images in an S3-compatible bucket (the loopback peer that checks every
// signature): the objects go; when the bucket refuses, the erasure stands, the links answer
// 404 all the same, and the retention job's next round deletes the objects.

const credentials = { accessKeyId: 'AKIAERASURETEST00001', secretAccessKey: 'erasure-test-secret' };
const bucket = 'erasure-images';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-erase-s3-'));
let fake: FakeS3;
let t: TestApp;
let images: Record<string, Buffer>;
const errors: unknown[] = [];
const logger: WorkerLogger = { info: () => undefined, error: (object) => errors.push(object) };

beforeAll(async () => {
  fake = await startFakeS3({ ...credentials, buckets: [bucket] });
  t = await buildTestApp({
    DATA_DIR: dataDir,
    S3_BUCKET: bucket,
    S3_ENDPOINT: fake.url,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_PREFIX: 'tenants',
  });
  images = await threeImages();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const objectsOf = (libraryId: string) =>
  [...fake.bucket(bucket).keys()].filter((key) => key.startsWith(`tenants/${libraryId}/`)).sort();

async function departedStudent() {
  const { auth, session } = await registerLibrary(t.app);
  const libraryId = session.library.id;
  const { id, student } = await createStudentViaApi(t.app, auth, images, studentFields({ consent: 'student' }));
  const links = [student.profile, student.profile_thumb, student.front_image, student.back_image] as string[];
  const keys = imageKeysOf(await documentsOf(t.pool, id));
  expect(objectsOf(libraryId)).toEqual(keys.map((key) => `tenants/${key}`).sort());
  await markLeft(t.pool, id);
  return { auth, libraryId, id, links, keys };
}

const erase = (auth: Record<string, string>, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/user/${id}/erase`, headers: auth });

describe('erasure with S3-compatible storage', () => {
  it('deletes the four objects from the bucket; the links answer 404', async () => {
    const { auth, libraryId, id, links, keys } = await departedStudent();
    const response = await erase(auth, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(objectsOf(libraryId)).toEqual([]);
    const deletes = fake.requests.filter((request) => request.method === 'DELETE' && request.bucket === bucket);
    for (const key of keys) expect(deletes.some((request) => request.key === `tenants/${key}`)).toBe(true);
    for (const link of links) expect((await t.app.inject({ url: link })).statusCode).toBe(404);
    expect((await t.pool.query(`select 1 from storage_deletions where library_id = $1`, [libraryId])).rowCount).toBe(0);
  });

  it('keeps the erasure when the bucket refuses the deletes: queued, never served, deleted by the next retention round', async () => {
    const { auth, libraryId, id, links, keys } = await departedStudent();
    // The bucket refuses the next four requests (the four deletes; a refusal is not retried).
    fake.failNext(4, 403, 'AccessDenied');
    const response = await erase(auth, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(privacyMessages.erase.done);
    expect((await documentsOf(t.pool, id)).aadhaar_encrypted).toBeNull();

    // The objects are still in the bucket, queued for deletion, and no link serves them.
    expect(objectsOf(libraryId)).toHaveLength(4);
    const queued = await t.pool.query<{ key: string; attempts: number; last_error: string }>(
      `select key, attempts, last_error from storage_deletions where library_id = $1 order by key`,
      [libraryId],
    );
    expect(queued.rows.map((row) => row.key)).toEqual([...keys].sort());
    expect(queued.rows.every((row) => row.attempts === 1 && row.last_error.length > 0)).toBe(true);
    for (const link of links) {
      const served = await t.app.inject({ url: link });
      expect(served.statusCode, link).toBe(404);
      expect(served.json().message).toBe(messages.students.fileNotFound);
    }

    // The retention job's round deletes them (its own storage, as a process of its own would).
    const storage = createS3Storage({
      bucket,
      endpoint: fake.url,
      region: 'us-east-1',
      credentials,
      forcePathStyle: true,
      prefix: 'tenants/',
    });
    try {
      const result = await runRetention({ db: t.app.db, storage, logger, libraryIds: [libraryId] });
      expect(result).toEqual({ erased: 0, filesDeleted: 4, filesLeft: 0 });
    } finally {
      await storage.close?.();
    }
    expect(objectsOf(libraryId)).toEqual([]);
    expect((await t.pool.query(`select 1 from storage_deletions where library_id = $1`, [libraryId])).rowCount).toBe(0);
    // The round met no failure.
    expect(errors.length).toBe(0);
  });
});
