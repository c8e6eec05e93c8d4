import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3';
import { createConfiguredStorage, describeStorage } from './configured';
import { createS3Storage, type S3StorageOptions } from './s3';
import type { Storage, StoredObject } from './storage';

// The S3 backend against a real HTTP peer on loopback that checks every request's
// SigV4 signature, as S3, MinIO or R2 would.

const LIB = '0b7e0c1e-8a51-4d5e-9f7c-3f2a1b0c9d8e';
const STUDENT = '6f1d2c3b-4a59-4e8d-8c7b-6a5f4e3d2c1b';
const credentials = { accessKeyId: 'AKIATESTFAKES3000001', secretAccessKey: 'fake-s3-secret/with+odd=chars' };

let fake: FakeS3;
const opened: Storage[] = [];

function storage(overrides: Partial<S3StorageOptions> = {}) {
  const created = createS3Storage({
    bucket: 'library-uploads',
    endpoint: fake.url,
    region: 'ap-south-1',
    credentials,
    forcePathStyle: true,
    prefix: 'live/',
    ...overrides,
  });
  opened.push(created);
  return created;
}

beforeAll(async () => {
  fake = await startFakeS3({ ...credentials, region: 'ap-south-1', buckets: ['library-uploads'] });
});
afterAll(async () => {
  await Promise.all(opened.map((each) => each.close?.()));
  await fake.close();
});

async function bytesOf(file: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const bucket = () => fake.bucket('library-uploads');

describe('S3 storage', () => {
  it('stores, reads and deletes under the prefix, with content type and size', async () => {
    const s3 = storage();
    const key = `${LIB}/students/${STUDENT}/profile-abcdefghijklmnop.webp`;
    const body = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 bytes that are not text: \u00ff\u00fe', 'latin1');
    await s3.put(key, body, 'image/webp');
    expect(bucket().get(`live/${key}`)).toMatchObject({ body, contentType: 'image/webp' });

    const file = await s3.get(key);
    expect(file).toMatchObject({ size: body.length, contentType: 'image/webp' });
    expect((await bytesOf(file!)).equals(body)).toBe(true);

    await s3.delete(key);
    expect(bucket().has(`live/${key}`)).toBe(false);
    expect(await s3.get(key)).toBeUndefined();
    await s3.delete(key); // a missing object is not an error
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', status: 204 });
  });

  it('keeps slashes, dots, dashes and underscores of keys and prefixes as they are', async () => {
    const s3 = storage({ prefix: 'tenants/in-west_1/' });
    const key = `${LIB}/students/${STUDENT}/front-a_b-C.d_-xyz0123456789.png`;
    await s3.put(key, Buffer.from('png bytes'), 'image/png');
    expect([...bucket().keys()]).toContain(`tenants/in-west_1/${key}`);
    const file = await s3.get(key);
    expect(file?.contentType).toBe('image/png');
    expect((await bytesOf(file!)).toString()).toBe('png bytes');
    // The same key without the prefix is another object.
    expect(await storage({ prefix: '' }).get(key)).toBeUndefined();
  });

  it('answers undefined for a missing object, and refuses unsafe keys without asking the server', async () => {
    const s3 = storage();
    expect(await s3.get(`${LIB}/students/${STUDENT}/back-nothinghereatall.webp`)).toBeUndefined();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', status: 404, code: 'NoSuchKey' });

    const asked = fake.requests.length;
    expect(await s3.get('../outside.webp')).toBeUndefined();
    await expect(s3.put('a/../b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('Unsafe storage key');
    await expect(s3.delete('/etc/passwd')).rejects.toThrow('Unsafe storage key');
    expect(fake.requests.length).toBe(asked);
  });

  it('throws when the server refuses the signature (another secret), and stores nothing', async () => {
    const wrong = storage({ credentials: { ...credentials, secretAccessKey: 'not-the-secret' } });
    const key = `${LIB}/students/${STUDENT}/front-wrongsecret000000.webp`;
    await expect(wrong.put(key, Buffer.from('x'), 'image/webp')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    expect(bucket().has(`live/${key}`)).toBe(false);
    // A refused read is an error, not a missing file.
    await storage().put(key, Buffer.from('x'), 'image/webp');
    await expect(wrong.get(key)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(wrong.delete(key)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(bucket().has(`live/${key}`)).toBe(true);

    const unknown = storage({ credentials: { ...credentials, accessKeyId: 'AKIASOMEONEELSE00000' } });
    await expect(unknown.get(key)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    const otherRegion = storage({ region: 'eu-west-1' });
    await expect(otherRegion.get(key)).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 } });
  });

  it('throws for a missing bucket and for server errors: only a missing object reads as none', async () => {
    const key = `${LIB}/students/${STUDENT}/front-somekey000000000.webp`;
    await expect(storage({ bucket: 'no-such-bucket' }).get(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage({ bucket: 'no-such-bucket' }).delete(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });

    // The SDK tries three times; an outage longer than that reaches the caller.
    fake.failNext(3, 503, 'SlowDown');
    await expect(storage().get(key)).rejects.toMatchObject({ $metadata: { httpStatusCode: 503 } });
    // A shorter one is absorbed by its retries.
    fake.failNext(1, 500, 'InternalError');
    await storage().put(key, Buffer.from('after a hiccup'), 'image/webp');
    expect(bucket().get(`live/${key}`)?.body.toString()).toBe('after a hiccup');
  });

  it('is a peer that refuses unsigned and tampered requests (so the checks above can fail)', async () => {
    const unsigned = await fetch(`${fake.url}/library-uploads/live/x.webp`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');

    // A request the SDK signed, sent again as it was, with another body, or to another key.
    const key = `${LIB}/students/${STUDENT}/front-tamper00000000000.webp`;
    await storage().put(key, Buffer.from('original'), 'image/webp');
    const signed = fake.requests.at(-1)!;
    expect(signed).toMatchObject({ method: 'PUT', status: 200, key: `live/${key}` });
    const path = `/library-uploads/live/${key}?x-id=PutObject`;
    expect(await replay(signed.headers, path, 'original')).toMatchObject({ status: 200 });
    expect(await replay(signed.headers, path, 'replaced')).toMatchObject({
      status: 400,
      body: expect.stringContaining('<Code>XAmzContentSHA256Mismatch</Code>'),
    });
    expect(await replay(signed.headers, path.replace('front-', 'back-'), 'original')).toMatchObject({
      status: 403,
      body: expect.stringContaining('<Code>SignatureDoesNotMatch</Code>'),
    });
    expect(await replay({ ...signed.headers, 'content-type': 'text/html' }, path, 'original')).toMatchObject({
      status: 403,
    });
    expect(bucket().get(`live/${key}`)?.body.toString()).toBe('original');
    expect(bucket().has(`live/${key.replace('front-', 'back-')}`)).toBe(false);
  });
});

/** Sends a PUT with exactly these headers (a signed request, replayed or altered). */
function replay(headers: Record<string, string>, path: string, body: string) {
  const { connection: _connection, ...rest } = headers;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${fake.url}${path}`, { method: 'PUT', headers: rest }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('S3 settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/sla-config-test' };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('keep uploads on the local disk unless S3_BUCKET is set (an empty value is unset)', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'local', dir: '/tmp/sla-config-test/uploads' });
    expect(loadConfig({ ...base, S3_BUCKET: ' ', S3_PREFIX: '' }).storage.kind).toBe('local');
  });

  it('read the bucket, endpoint, region, keys, addressing style and prefix', () => {
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'library-uploads',
        S3_ENDPOINT: 'https://minio.internal:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: '/live/images/',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'library-uploads',
      endpoint: 'https://minio.internal:9000',
      region: 'auto',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'live/images/',
    });
    // AWS itself: virtual-hosted addressing, the SDK's own credentials chain, us-east-1 by default.
    expect(loadConfig({ ...base, S3_BUCKET: 'library-uploads' }).storage).toEqual({
      kind: 's3',
      bucket: 'library-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig({ ...base, S3_BUCKET: 'b-1', S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false' })
        .storage,
    ).toMatchObject({ forcePathStyle: false });
  });

  it('name the variable that is missing or wrong', () => {
    expect(refusal({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toContain('S3_BUCKET: required when S3_ENDPOINT is set');
    expect(refusal({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' })).toContain(
      'S3_BUCKET: required when S3_ACCESS_KEY_ID is set',
    );
    expect(refusal({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'id' })).toContain(
      'S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set',
    );
    expect(refusal({ S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 's' })).toContain(
      'S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set',
    );
    const several = refusal({
      S3_BUCKET: 'my bucket',
      S3_ENDPOINT: 'ftp://files',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_PREFIX: '../elsewhere',
    });
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX']) {
      expect(several).toContain(`${name}:`);
    }
  });

  it('describe where uploads go without any credential', () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'library-uploads',
      S3_ENDPOINT: 'https://minio.internal:9000/',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'very-secret',
      S3_PREFIX: 'live',
    });
    const line = describeStorage(config.storage);
    expect(line).toBe('S3 bucket "library-uploads" at https://minio.internal:9000, keys under live/');
    expect(line).not.toContain('very-secret');
    expect(describeStorage(loadConfig(base).storage)).toBe('/tmp/sla-config-test/uploads');
  });

  it('build the S3 backend from the settings, talking to the configured endpoint', async () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'library-uploads',
      S3_ENDPOINT: fake.url,
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PREFIX: 'configured',
    });
    const s3 = createConfiguredStorage(config.storage);
    opened.push(s3);
    const key = `${LIB}/students/${STUDENT}/back-fromsettings000000.webp`;
    await s3.put(key, Buffer.from('x'), 'image/webp');
    expect(bucket().has(`configured/${key}`)).toBe(true);
  });
});
