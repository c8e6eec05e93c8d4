import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../config';
import { generateVapidKeyPair, resolveVapidKeyPair, VAPID_KEY_FILE, vapidKeyPairProblem } from './vapid';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('generates a pair into DATA_DIR on first start, private to its owner, and reuses it after', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = resolveVapidKeyPair(undefined, dataDir);
    expect(vapidKeyPairProblem(first)).toBeUndefined();
    const file = path.join(dataDir, VAPID_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeyPair(undefined, dataDir)).toEqual(first);
    // Given in the environment, the file is not read or written.
    const given = generateVapidKeyPair();
    expect(resolveVapidKeyPair(given, tempDir())).toEqual(given);
  });

  it('refuses to start with a damaged key file instead of replacing the key every subscription was made with', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, VAPID_KEY_FILE);
    fs.writeFileSync(file, '{ not json');
    expect(() => resolveVapidKeyPair(undefined, dataDir)).toThrow(/not readable JSON/);
    const other = generateVapidKeyPair();
    fs.writeFileSync(
      file,
      JSON.stringify({ publicKey: other.publicKey, privateKey: generateVapidKeyPair().privateKey }),
    );
    expect(() => resolveVapidKeyPair(undefined, dataDir)).toThrow(/publicKey is not the public key of the private key/);
  });

  it('makes pairs web-push accepts, and reads the pairs web-push makes', () => {
    const ours = generateVapidKeyPair();
    expect(() =>
      webpush.getVapidHeaders(
        'https://push.example.org',
        'mailto:a@b.co',
        ours.publicKey,
        ours.privateKey,
        'aes128gcm',
      ),
    ).not.toThrow();
    const theirs = webpush.generateVAPIDKeys();
    expect(vapidKeyPairProblem(theirs)).toBeUndefined();
  });

  it('pads a private scalar with leading zero bytes to 32 bytes', () => {
    for (let round = 0; round < 50; round += 1) {
      const pair = generateVapidKeyPair();
      expect(Buffer.from(pair.privateKey, 'base64url')).toHaveLength(32);
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(pair.privateKey, 'base64url'));
      expect(ecdh.getPublicKey().toString('base64url')).toBe(pair.publicKey);
    }
  });
});

describe('VAPID_* and WEB_PUSH_ALLOW_LOOPBACK', () => {
  const base = { DATA_DIR: '/tmp/sla-config-test' };

  it('take a matching pair from the environment, else generate one into DATA_DIR', () => {
    const pair = webpush.generateVAPIDKeys();
    const config = loadConfig({
      ...base,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: ` ${pair.privateKey} `,
      VAPID_SUBJECT: 'mailto:owner@library.example.com',
    });
    expect(config.push.vapid).toEqual({
      configured: pair,
      dataDir: '/tmp/sla-config-test',
      subject: 'mailto:owner@library.example.com',
    });
    expect(loadConfig({ ...base, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' }).push.vapid.configured).toBeUndefined();
  });

  it('name the contact after PUBLIC_URL when it is https and no VAPID_SUBJECT is set', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://library.example.com/' }).push.vapid.subject).toBe(
      'https://library.example.com',
    );
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://192.168.1.5:3000' }).push.vapid.subject).toBe(
      'mailto:webpush@localhost',
    );
    expect(loadConfig({ ...base, VAPID_SUBJECT: 'https://library.example.com/contact' }).push.vapid.subject).toBe(
      'https://library.example.com/contact',
    );
  });

  it('refuse one key without the other, keys that are not a pair, and a subject that is no contact', () => {
    const pair = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set/,
    );
    expect(() => loadConfig({ ...base, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: required when VAPID_PRIVATE_KEY is set/,
    );
    const other = webpush.generateVAPIDKeys();
    expect(() =>
      loadConfig({ ...base, VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY: is not the public key of the private key/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'short' })).toThrow(
      /VAPID_PRIVATE_KEY: must be 32 bytes/,
    );
    expect(() =>
      loadConfig({ ...base, VAPID_PUBLIC_KEY: pair.privateKey + pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/);
    for (const subject of ['owner@example.com', 'http://library.example.com', 'mailto:nobody']) {
      expect(() => loadConfig({ ...base, VAPID_SUBJECT: subject }), subject).toThrow(
        /VAPID_SUBJECT: must be a mailto:/,
      );
    }
  });

  it('allow loopback push endpoints only when told (tests)', () => {
    expect(loadConfig(base).push.allowLoopback).toBe(false);
    expect(loadConfig({ ...base, WEB_PUSH_ALLOW_LOOPBACK: 'true' }).push.allowLoopback).toBe(true);
    expect(() => loadConfig({ ...base, WEB_PUSH_ALLOW_LOOPBACK: '1' })).toThrow(
      /WEB_PUSH_ALLOW_LOOPBACK: must be true or false/,
    );
  });
});
