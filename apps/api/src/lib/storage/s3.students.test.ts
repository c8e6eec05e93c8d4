import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import {
  createStudentViaApi,
  image,
  studentFields,
  studentForm,
  threeImages,
  updateStudentViaApi,
} from '../../modules/students/students.fixtures';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3';
import { buildTestApp, registerLibrary, type TestApp } from '../../test/helpers';

// The whole app with S3_* set: student images go to the bucket (through a loopback
// S3-compatible peer that checks every signature), are served back through signed
// file URLs, and nothing is written to DATA_DIR/uploads.

const credentials = { accessKeyId: 'AKIASTUDENTSTEST0001', secretAccessKey: 'students-test-secret' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-s3-students-'));
let fake: FakeS3;
let t: TestApp;
let images: Record<string, Buffer>;

beforeAll(async () => {
  fake = await startFakeS3({ ...credentials, buckets: ['library-images'] });
  t = await buildTestApp({
    DATA_DIR: dataDir,
    S3_BUCKET: 'library-images',
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

type Auth = Record<string, string>;

/** The objects stored for a library, by key without the library's part. */
function objectsOf(libraryId: string) {
  const prefix = `tenants/${libraryId}/`;
  return [...fake.bucket('library-images')]
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, object]) => ({ key: key.slice(prefix.length), ...object }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

const createStudent = (auth: Auth, files: Record<string, Buffer> = images) => createStudentViaApi(t.app, auth, files);

/** The object a signed file URL names. */
const objectKeyOf = (url: string) => `tenants/${new URL(url, 'http://x').pathname.replace('/api/files/', '')}`;

describe('student images in S3-compatible storage', () => {
  it('stores the four WebP files under the prefix and the library, and serves them through signed URLs', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const { id, student } = await createStudent(auth);

    const objects = objectsOf(session.library.id);
    // Sorted without the random part: `profile-<random>` and `profile-thumb-<random>` would otherwise order by chance.
    expect(objects.map((object) => object.key.replace(/-[\w-]{16}\.webp$/, '')).sort()).toEqual(
      ['back', 'front', 'profile', 'profile-thumb'].map((kind) => `students/${id}/${kind}`),
    );
    expect(objects.every((object) => object.contentType === 'image/webp')).toBe(true);

    for (const field of ['profile', 'profile_thumb', 'front_image', 'back_image']) {
      const served = await t.app.inject({ url: student[field]! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const stored = fake.bucket('library-images').get(objectKeyOf(student[field]!))!;
      expect(Number(served.headers['content-length'])).toBe(stored.body.length);
      expect(served.rawPayload.equals(stored.body)).toBe(true);
    }
    const thumb = await t.app.inject({ url: student.profile_thumb! });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });

    // Every request the app sent was signed and accepted; nothing went to the local disk.
    expect(fake.requests.filter((request) => request.status >= 400 && request.status !== 404)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('deletes replaced objects from the bucket, and a deleted object is a 404 file', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const { id, student } = await createStudent(auth);
    const after = await updateStudentViaApi(t.app, auth, id, studentFields(), { profile: await image('jpeg', 50, 50) });

    for (const kind of ['profile', 'profile_thumb']) {
      expect(fake.bucket('library-images').has(objectKeyOf(student[kind]!))).toBe(false);
      const gone = await t.app.inject({ url: student[kind]! });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ message: messages.students.fileNotFound });
      expect((await t.app.inject({ url: after[kind] })).statusCode).toBe(200);
    }
    expect(objectsOf(session.library.id)).toHaveLength(4);
  });

  it('answers 500 and keeps neither a student nor an object when the bucket cannot be written', async () => {
    const { auth, session } = await registerLibrary(t.app);
    fake.failNext(1000, 503, 'ServiceUnavailable');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: auth,
        payload: studentForm(studentFields(), images),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ message: messages.validation.internal });
      expect(response.body).not.toContain('ServiceUnavailable');
    } finally {
      fake.failNext(0, 503, 'ServiceUnavailable');
    }
    const list = await t.app.inject({ url: '/api/user', headers: auth });
    expect(list.json().data.students).toEqual([]);
    expect(objectsOf(session.library.id)).toEqual([]);
  });

  it('answers 500, not the bucket’s own refusal, when the server refuses our signature on a read', async () => {
    const { auth } = await registerLibrary(t.app);
    const { student } = await createStudent(auth);
    fake.failNext(1, 403, 'SignatureDoesNotMatch');
    try {
      const refused = await t.app.inject({ url: student.front_image! });
      expect(refused.statusCode).toBe(500);
      expect(refused.body).not.toContain('SignatureDoesNotMatch');
    } finally {
      fake.failNext(0, 403, 'SignatureDoesNotMatch');
    }
    expect((await t.app.inject({ url: student.front_image! })).statusCode).toBe(200);
  });
});
