import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk';
import { newStorageKey, parseStorageKey } from './keys';
import { createUrlSigner } from './signed-urls';
import { isSafeStorageKey } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const LIB = '0b7e0c1e-8a51-4d5e-9f7c-3f2a1b0c9d8e';
const STUDENT = '6f1d2c3b-4a59-4e8d-8c7b-6a5f4e3d2c1b';
const ADMIN = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';

describe('storage keys', () => {
  it('are built under the library and parsed back', () => {
    const key = newStorageKey({ libraryId: LIB, entityType: 'students', entityId: STUDENT, kind: 'front' }, 'webp');
    expect(key).toMatch(new RegExp(`^${LIB}/students/${STUDENT}/front-[\\w-]{16}\\.webp$`));
    expect(parseStorageKey(key)).toEqual({ libraryId: LIB, entityType: 'students', entityId: STUDENT, kind: 'front' });
    expect(parseStorageKey(`${LIB}/students/${STUDENT}/../x.webp`)).toBeUndefined();
  });

  it.each(['../x', 'a/../b', '/etc/passwd', 'a//b', '.hidden', 'a/.b', 'a\\b', '', 'x'.repeat(301), 'a/b%2f'])(
    'refuses the unsafe key %j',
    (key) => {
      expect(isSafeStorageKey(key)).toBe(false);
    },
  );
});

describe('local disk storage', () => {
  const storage = createLocalDiskStorage(root);
  const key = `${LIB}/students/${STUDENT}/profile-abcdefghijklmnop.webp`;

  it('stores, reads and deletes, leaving no empty folders', async () => {
    await storage.put(key, Buffer.from('RIFF....WEBP'), 'image/webp');
    const file = await storage.get(key);
    expect(file).toMatchObject({ size: 12, contentType: 'image/webp' });
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('RIFF....WEBP');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    expect(fs.existsSync(path.join(root, LIB, 'students', STUDENT))).toBe(false);
    await storage.delete(key); // a missing file is not an error
  });

  it('never touches a path outside its root', async () => {
    fs.writeFileSync(path.join(root, '..', 'sla-outside.txt'), 'outside');
    expect(await storage.get('../sla-outside.txt')).toBeUndefined();
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('Unsafe storage key');
    await expect(storage.delete('../sla-outside.txt')).rejects.toThrow('Unsafe storage key');
    expect(fs.existsSync(path.join(root, '..', 'sla-outside.txt'))).toBe(true);
    fs.rmSync(path.join(root, '..', 'sla-outside.txt'));
  });
});

describe('signed URLs', () => {
  const signer = createUrlSigner('secret', { ttlSeconds: 300, basePath: '/api/files' });
  const key = `${LIB}/students/${STUDENT}/front-abcdefghijklmnop.webp`;
  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
  const now = Date.UTC(2025, 0, 1, 10, 1, 0);

  const viewer = { sessionId: ADMIN, passwordStamp: '1735725600000000' };
  const valid = (k: string, query: Record<string, string>, at: number, as = viewer) =>
    signer.read(query, at).ok && signer.matches(k, query, as);

  it('are valid for the session until the end of the next five-minute window', () => {
    const url = signer.sign(key, viewer, now);
    expect(url.startsWith(`/api/files/${key}?exp=`)).toBe(true);
    const query = queryOf(url);
    expect(Number(query.exp) * 1000).toBe(Date.UTC(2025, 0, 1, 10, 10, 0));
    expect(signer.read(query, now)).toEqual({ ok: true, sessionId: ADMIN });
    expect(signer.matches(key, query, viewer)).toBe(true);
    expect(signer.read(query, Date.UTC(2025, 0, 1, 10, 9, 59))).toMatchObject({ ok: true });
    expect(signer.read(query, Date.UTC(2025, 0, 1, 10, 10, 0))).toEqual({ ok: false, reason: 'expired' });
  });

  it('are the same URL within a window, so the browser can cache the image', () => {
    expect(signer.sign(key, viewer, now)).toBe(signer.sign(key, viewer, now + 60_000));
  });

  it('refuse another key, session, password, expiry or secret', () => {
    const query = queryOf(signer.sign(key, viewer, now));
    expect(valid(key, query, now)).toBe(true);
    expect(valid(key.replace('front', 'back'), query, now)).toBe(false);
    expect(valid(key, { ...query, ses: STUDENT }, now, { ...viewer, sessionId: STUDENT })).toBe(false);
    expect(valid(key, query, now, { ...viewer, passwordStamp: '1735725600000001' })).toBe(false);
    expect(valid(key, { ...query, exp: String(Number(query.exp) + 300) }, now)).toBe(false);
    expect(signer.read({ ...query, exp: '1e12' }, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.read({ ...query, ses: 'not-a-session' }, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(createUrlSigner('other', { ttlSeconds: 300, basePath: '/api/files' }).matches(key, query, viewer)).toBe(
      false,
    );
    expect(signer.read({}, now)).toEqual({ ok: false, reason: 'unsigned' });
  });
});
