// A small round-robin HTTP load balancer on loopback, run as its own process by
// bench/multi-instance.ts (started with `fork`, driven over IPC). It does what a real
// balancer in front of the API is asked to do (docs/scaling.md):
//
// - health-checks every backend's GET /api/health/ready every HEALTH_INTERVAL_MS and
//   sends nothing to a backend that is not ready;
// - retries elsewhere what is safe to retry: a refused connection (nothing was sent), a
//   503 the server marks as not started (`x-request-not-started: true`), and a broken
//   connection only for GET/HEAD or a request carrying an Idempotency-Key (a write that
//   may have happened is never sent twice).
//
// Messages in: { type: 'backends', backends: [{ name, port, enabled }] },
// { type: 'enable', name, enabled }, { type: 'stats' }, { type: 'reset' }.
// Messages out: { type: 'listening', port }, { type: 'health', name, ready, at },
// { type: 'stats', stats }.
import http from 'node:http';

const HEALTH_INTERVAL_MS = Number(process.env.PROXY_HEALTH_INTERVAL_MS ?? 200);
const HEALTH_TIMEOUT_MS = 1000;
const MAX_ATTEMPTS = 3;
const NOT_STARTED_HEADER = 'x-request-not-started';
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
]);

interface Backend {
  name: string;
  port: number;
  /** Whether the bench wants traffic sent to it at all. */
  enabled: boolean;
  /** What the last health check (or a failed request) said. */
  ready: boolean;
  agent: http.Agent;
}

export interface ProxyStats {
  requests: number;
  perBackend: Record<string, number>;
  retries: Record<string, number>;
  failures: Record<string, number>;
}

let backends: Backend[] = [];
let next = 0;
let stats: ProxyStats = { requests: 0, perBackend: {}, retries: {}, failures: {} };

const send = (message: unknown) => process.send?.(message);
const count = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);

function setReady(backend: Backend, ready: boolean) {
  if (backend.ready === ready) return;
  backend.ready = ready;
  send({ type: 'health', name: backend.name, ready, at: Date.now() });
}

function checkHealth(backend: Backend) {
  const request = http.get(
    { host: '127.0.0.1', port: backend.port, path: '/api/health/ready', agent: false, timeout: HEALTH_TIMEOUT_MS },
    (response) => {
      response.resume();
      setReady(backend, response.statusCode === 200);
    },
  );
  request.on('timeout', () => request.destroy(new Error('health check timed out')));
  request.on('error', () => setReady(backend, false));
}

setInterval(() => backends.forEach(checkHealth), HEALTH_INTERVAL_MS).unref();

/** The next ready backend in turn, preferring one this request has not tried yet. */
function pick(tried: Set<string>): Backend | undefined {
  const candidates = backends.filter((backend) => backend.enabled && backend.ready);
  if (candidates.length === 0) return undefined;
  const fresh = candidates.filter((backend) => !tried.has(backend.name));
  const pool = fresh.length > 0 ? fresh : candidates;
  next = (next + 1) % pool.length;
  return pool[next];
}

function forwardHeaders(headers: http.IncomingHttpHeaders, clientAddress: string | undefined) {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  const forwarded = headers['x-forwarded-for'];
  out['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${clientAddress}` : clientAddress;
  return out;
}

function fail(client: http.ServerResponse, reason: string, status = 502) {
  count(stats.failures, reason);
  if (client.headersSent) {
    client.destroy();
    return;
  }
  client.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  client.end(JSON.stringify({ status: false, code: status, message: `proxy: ${reason}`, errors: [] }));
}

function forward(
  incoming: http.IncomingMessage,
  client: http.ServerResponse,
  body: Buffer,
  attempt: number,
  tried: Set<string>,
) {
  const backend = pick(tried);
  if (!backend) return fail(client, 'no backend ready', 503);
  tried.add(backend.name);
  count(stats.perBackend, backend.name);
  const method = incoming.method ?? 'GET';
  const retryable = (reason: string) => {
    if (attempt >= MAX_ATTEMPTS) return false;
    count(stats.retries, reason);
    forward(incoming, client, body, attempt + 1, tried);
    return true;
  };

  const upstream = http.request({
    host: '127.0.0.1',
    port: backend.port,
    method,
    path: incoming.url,
    headers: { ...forwardHeaders(incoming.headers, incoming.socket.remoteAddress), 'content-length': body.length },
    agent: backend.agent,
  });
  let answered = false;
  upstream.on('response', (response) => {
    answered = true;
    if (response.statusCode === 503 && response.headers[NOT_STARTED_HEADER] === 'true') {
      // Refused before it started: the backend is stopping, and the request can go elsewhere.
      setReady(backend, false);
      if (attempt < MAX_ATTEMPTS) {
        response.resume();
        retryable('503 not started');
        return;
      }
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(response.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    client.writeHead(response.statusCode ?? 502, headers);
    response.pipe(client);
    response.on('error', () => client.destroy());
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code ?? error.message;
    if (answered) {
      // Broken half-way through the answer: the client sees a broken answer too.
      count(stats.failures, `${reason} mid-answer`);
      client.destroy();
      return;
    }
    setReady(backend, false);
    const nothingSent = error.code === 'ECONNREFUSED';
    const safe = nothingSent || method === 'GET' || method === 'HEAD' || 'idempotency-key' in incoming.headers;
    if (safe && retryable(reason)) return;
    fail(client, reason);
  });
  upstream.end(body);
}

const server = http.createServer((incoming, client) => {
  stats.requests += 1;
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => forward(incoming, client, Buffer.concat(chunks), 1, new Set()));
  incoming.on('error', () => client.destroy());
});
server.keepAliveTimeout = 30_000;

process.on('message', (message: { type: string; [key: string]: unknown }) => {
  switch (message.type) {
    case 'backends': {
      const list = message.backends as { name: string; port: number; enabled: boolean }[];
      backends = list.map((item) => ({
        ...item,
        ready: false,
        agent: new http.Agent({ keepAlive: true, maxSockets: 128 }),
      }));
      backends.forEach(checkHealth);
      break;
    }
    case 'enable': {
      const backend = backends.find((item) => item.name === message.name);
      if (backend) backend.enabled = Boolean(message.enabled);
      break;
    }
    case 'stats':
      send({ type: 'stats', stats });
      break;
    case 'reset':
      stats = { requests: 0, perBackend: {}, retries: {}, failures: {} };
      break;
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(Number(process.env.PROXY_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});
