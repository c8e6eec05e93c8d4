import { createPrivateKey, createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP peer on 127.0.0.1 that plays Google for tests: the OAuth2 token endpoint
 * (it checks the JWT bearer assertion's RS256 signature against the service account's
 * public key) and FCM's HTTP v1 `messages:send`. It records what it received and
 * answers as planned per device token. Used by the API tests and the browser journey;
 * never by the server.
 */

interface TokenRequest {
  valid: boolean;
  reason?: string;
  claims?: Record<string, unknown>;
  header?: Record<string, unknown>;
}

interface ReceivedMessage {
  projectId: string;
  authorization: string | undefined;
  token: string;
  title: string | undefined;
  body: string | undefined;
  data: Record<string, string> | undefined;
  answeredStatus: number;
}

export interface PlannedAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const unregisteredAnswer: PlannedAnswer = {
  status: 404,
  body: {
    error: {
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
      details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
    },
  },
};

export const unavailableAnswer = (retryAfterSeconds?: number): PlannedAnswer => ({
  status: 503,
  body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
  headers: retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
});

export interface LoopbackFcm {
  url: string;
  tokenUri: string;
  projectId: string;
  clientEmail: string;
  /** A service-account key file (JSON text) whose token_uri is this peer. */
  serviceAccountJson(): string;
  tokenRequests: TokenRequest[];
  messages: ReceivedMessage[];
  /** Answers the next sends to `deviceToken` with these, in order; then success again. */
  plan(deviceToken: string, answers: PlannedAnswer[]): void;
  /** Answers every send to `deviceToken` as FCM does for an uninstalled app. */
  unregister(deviceToken: string): void;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function decodePart(part: string | undefined): Record<string, unknown> | undefined {
  if (!part) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function checkAssertion(assertion: string, publicKey: KeyObject, expected: { iss: string; aud: string }): TokenRequest {
  const [headerPart, claimsPart, signaturePart] = assertion.split('.');
  const header = decodePart(headerPart);
  const claims = decodePart(claimsPart);
  if (!header || !claims || !signaturePart) return { valid: false, reason: 'malformed JWT' };
  if (header.alg !== 'RS256') return { valid: false, reason: `alg ${String(header.alg)}`, header, claims };
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    publicKey,
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) return { valid: false, reason: 'bad signature', header, claims };
  const now = Math.floor(Date.now() / 1000);
  if (claims.iss !== expected.iss) return { valid: false, reason: 'iss', header, claims };
  if (claims.aud !== expected.aud) return { valid: false, reason: 'aud', header, claims };
  if (
    typeof claims.scope !== 'string' ||
    !claims.scope.split(' ').includes('https://www.googleapis.com/auth/firebase.messaging')
  ) {
    return { valid: false, reason: 'scope', header, claims };
  }
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || claims.exp <= now || claims.iat > now + 60) {
    return { valid: false, reason: 'expired', header, claims };
  }
  return { valid: true, header, claims };
}

export async function startLoopbackFcm(
  options: {
    port?: number;
    privateKeyPem?: string;
    projectId?: string;
    clientEmail?: string;
    tokenLifetimeSeconds?: number;
  } = {},
): Promise<LoopbackFcm> {
  const privateKeyPem =
    options.privateKeyPem ??
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKey = createPublicKey(createPrivateKey(privateKeyPem));
  const projectId = options.projectId ?? 'study-library-test';
  const clientEmail = options.clientEmail ?? `push@${projectId}.iam.gserviceaccount.com`;
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const issued = new Map<string, number>();
  const plans = new Map<string, PlannedAnswer[]>();
  const unregistered = new Set<string>();
  const tokenRequests: TokenRequest[] = [];
  const messages: ReceivedMessage[] = [];
  let messageSerial = 0;
  let tokenUri = '';

  const send = (response: http.ServerResponse, answer: PlannedAnswer) => {
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(text);
        const check =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer'
            ? checkAssertion(form.get('assertion') ?? '', publicKey, { iss: clientEmail, aud: tokenUri })
            : { valid: false, reason: 'grant_type' };
        tokenRequests.push(check);
        if (!check.valid)
          return send(response, { status: 400, body: { error: 'invalid_grant', error_description: check.reason } });
        const accessToken = `ya29.loopback-${tokenRequests.length}`;
        issued.set(accessToken, Date.now() + lifetime * 1000);
        return send(response, {
          status: 200,
          body: { access_token: accessToken, expires_in: lifetime, token_type: 'Bearer' },
        });
      }
      const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
      if (request.method === 'POST' && match) {
        const authorization = request.headers.authorization;
        const bearer = authorization?.replace(/^Bearer /, '') ?? '';
        const payload = (JSON.parse(text || '{}') as { message?: Record<string, unknown> }).message ?? {};
        const token = String(payload.token ?? '');
        const notification = payload.notification as { title?: string; body?: string } | undefined;
        const record: ReceivedMessage = {
          projectId: decodeURIComponent(match[1] ?? ''),
          authorization,
          token,
          title: notification?.title,
          body: notification?.body,
          data: payload.data as Record<string, string> | undefined,
          answeredStatus: 200,
        };
        let answer: PlannedAnswer;
        const expiresAt = issued.get(bearer);
        if (!expiresAt || expiresAt < Date.now()) {
          answer = { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
        } else if (unregistered.has(token)) {
          answer = unregisteredAnswer;
        } else {
          messageSerial += 1;
          answer = plans.get(token)?.shift() ?? {
            status: 200,
            body: { name: `projects/${record.projectId}/messages/${messageSerial}` },
          };
        }
        record.answeredStatus = answer.status;
        messages.push(record);
        return send(response, answer);
      }
      send(response, { status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } });
    })().catch(() => send(response, { status: 500 }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  tokenUri = `${url}/token`;

  return {
    url,
    tokenUri,
    projectId,
    clientEmail,
    serviceAccountJson: () =>
      JSON.stringify({
        type: 'service_account',
        project_id: projectId,
        private_key_id: 'loopback-key',
        private_key: privateKeyPem,
        client_email: clientEmail,
        token_uri: tokenUri,
      }),
    tokenRequests,
    messages,
    plan: (deviceToken, answers) => plans.set(deviceToken, [...(plans.get(deviceToken) ?? []), ...answers]),
    unregister: (deviceToken) => unregistered.add(deviceToken),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
