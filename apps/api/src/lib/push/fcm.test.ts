import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFcmProvider } from './fcm';
import { parseServiceAccount, loadServiceAccount } from './service-account';
import { startLoopbackFcm, unavailableAnswer, type LoopbackFcm } from './testing/loopback-fcm';

let peer: LoopbackFcm;
beforeEach(async () => {
  peer = await startLoopbackFcm();
});
afterEach(async () => {
  await peer.close();
});

const account = () => parseServiceAccount(peer.serviceAccountJson(), 'test');
const message = (token: string) => ({
  token,
  title: 'Library closed',
  body: 'Closed on Sunday',
  data: { notificationId: 'n-1' },
});

describe('FCM HTTP v1 provider against a loopback peer', () => {
  it('gets an access token with a signed JWT and sends the message to the project', async () => {
    const provider = createFcmProvider(account(), { apiBase: peer.url });
    const result = await provider.send(message('token-a'));
    expect(result).toEqual({ outcome: 'delivered', messageId: 'projects/study-library-test/messages/1' });
    expect(peer.tokenRequests).toHaveLength(1);
    expect(peer.tokenRequests[0]).toMatchObject({
      valid: true,
      header: { alg: 'RS256', typ: 'JWT', kid: 'loopback-key' },
      claims: {
        iss: peer.clientEmail,
        aud: peer.tokenUri,
        scope: 'https://www.googleapis.com/auth/firebase.messaging',
      },
    });
    expect(peer.messages).toEqual([
      {
        projectId: 'study-library-test',
        authorization: 'Bearer ya29.loopback-1',
        token: 'token-a',
        title: 'Library closed',
        body: 'Closed on Sunday',
        data: { notificationId: 'n-1' },
        answeredStatus: 200,
      },
    ]);
  });

  it('reuses the access token until it nears expiry', async () => {
    const provider = createFcmProvider(account(), { apiBase: peer.url });
    await Promise.all([provider.send(message('a')), provider.send(message('b')), provider.send(message('c'))]);
    await provider.send(message('d'));
    expect(peer.tokenRequests).toHaveLength(1);
    expect(new Set(peer.messages.map((m) => m.authorization))).toEqual(new Set(['Bearer ya29.loopback-1']));
  });

  it('fetches a new token once the old one is within five minutes of expiry', async () => {
    await peer.close();
    peer = await startLoopbackFcm({ tokenLifetimeSeconds: 301 });
    let clock = Date.now();
    const provider = createFcmProvider(account(), { apiBase: peer.url, now: () => clock });
    await provider.send(message('a'));
    clock += 1100; // the token's 301 s are now within five minutes of their end
    await provider.send(message('b'));
    expect(peer.tokenRequests).toHaveLength(2);
    expect(peer.messages.map((m) => m.authorization)).toEqual(['Bearer ya29.loopback-1', 'Bearer ya29.loopback-2']);
  });

  it('asks for a retry on 503 and 429, with the Retry-After wait', async () => {
    peer.plan('busy', [
      unavailableAnswer(7),
      { status: 429, body: { error: { status: 'RESOURCE_EXHAUSTED', details: [{ errorCode: 'QUOTA_EXCEEDED' }] } } },
    ]);
    const provider = createFcmProvider(account(), { apiBase: peer.url });
    expect(await provider.send(message('busy'))).toMatchObject({
      outcome: 'retry',
      retryAfterMs: 7000,
      error: expect.stringContaining('503 UNAVAILABLE'),
    });
    expect(await provider.send(message('busy'))).toMatchObject({
      outcome: 'retry',
      retryAfterMs: undefined,
      error: expect.stringContaining('429 QUOTA_EXCEEDED'),
    });
    expect(await provider.send(message('busy'))).toMatchObject({ outcome: 'delivered' });
  });

  it('reports an uninstalled app as unregistered and a malformed message as failed', async () => {
    peer.unregister('gone');
    peer.plan('bad', [
      {
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'Invalid registration',
            status: 'INVALID_ARGUMENT',
            details: [{ errorCode: 'INVALID_ARGUMENT' }],
          },
        },
      },
    ]);
    const provider = createFcmProvider(account(), { apiBase: peer.url });
    expect(await provider.send(message('gone'))).toMatchObject({
      outcome: 'unregistered',
      error: expect.stringContaining('UNREGISTERED'),
    });
    expect(await provider.send(message('bad'))).toEqual({
      outcome: 'failed',
      error: 'FCM 400 INVALID_ARGUMENT: Invalid registration',
    });
  });

  it('drops a refused access token and gets a new one for the next attempt', async () => {
    const provider = createFcmProvider(account(), { apiBase: peer.url });
    await provider.send(message('a'));
    peer.plan('b', [{ status: 401, body: { error: { status: 'UNAUTHENTICATED' } } }]);
    expect(await provider.send(message('b'))).toMatchObject({ outcome: 'retry' });
    expect(await provider.send(message('b'))).toMatchObject({ outcome: 'delivered' });
    expect(peer.tokenRequests).toHaveLength(2);
  });

  it('fails without retry when the token endpoint refuses the key', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const wrongKey = JSON.stringify({ ...JSON.parse(peer.serviceAccountJson()), private_key: stranger });
    const provider = createFcmProvider(parseServiceAccount(wrongKey, 'test'), { apiBase: peer.url });
    expect(await provider.send(message('a'))).toEqual({
      outcome: 'failed',
      error: 'token endpoint answered 400: invalid_grant bad signature',
    });
    expect(peer.tokenRequests[0]).toMatchObject({ valid: false, reason: 'bad signature' });
    expect(peer.messages).toEqual([]);
  });

  it('asks for a retry when FCM cannot be reached', async () => {
    const provider = createFcmProvider(account(), { apiBase: peer.url });
    await provider.send(message('a'));
    await peer.close();
    expect(await provider.send(message('b'))).toMatchObject({
      outcome: 'retry',
      error: expect.stringContaining('unreachable'),
    });
    peer = await startLoopbackFcm();
  });
});

describe('service account configuration', () => {
  it('reads inline JSON, with escaped newlines in the key', async () => {
    const json = JSON.parse(peer.serviceAccountJson());
    const escaped = JSON.stringify({ ...json, private_key: json.private_key.replace(/\n/g, '\\n') });
    const parsed = loadServiceAccount({ json: escaped });
    expect(parsed).toMatchObject({
      projectId: 'study-library-test',
      clientEmail: peer.clientEmail,
      tokenUri: peer.tokenUri,
    });
    expect(
      loadServiceAccount({ json: peer.serviceAccountJson(), tokenUri: 'http://127.0.0.1:9/token' })?.tokenUri,
    ).toBe('http://127.0.0.1:9/token');
    expect(loadServiceAccount({})).toBeUndefined();
  });

  it('names what is wrong', () => {
    const good = JSON.parse(peer.serviceAccountJson());
    const cases: [Parameters<typeof loadServiceAccount>[0], RegExp][] = [
      [{ json: '{oops' }, /FCM_SERVICE_ACCOUNT_JSON: not valid JSON/],
      [{ json: JSON.stringify({ ...good, type: 'user' }) }, /type must be "service_account"/],
      [{ json: JSON.stringify({ ...good, client_email: undefined }) }, /client_email/],
      [{ json: JSON.stringify({ ...good, private_key: 'nope' }) }, /private_key is not a readable PEM private key/],
      [{ json: JSON.stringify({ ...good, token_uri: 'ftp://x' }) }, /token_uri/],
      [{ file: '/nonexistent/key.json' }, /FCM_SERVICE_ACCOUNT_FILE: cannot read \/nonexistent\/key.json \(ENOENT\)/],
      [{ json: peer.serviceAccountJson(), file: '/x' }, /Set only one/],
      [{ json: peer.serviceAccountJson(), tokenUri: 'not a url' }, /FCM_TOKEN_URI/],
    ];
    for (const [options, expected] of cases) expect(() => loadServiceAccount(options)).toThrow(expected);
  });
});
