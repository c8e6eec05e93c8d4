import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@app/shared';
import { buildApp, NOT_STARTED_HEADER } from '../app';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { createStudentViaApi, studentFields, studentForm, threeImages } from '../modules/students/students.fixtures';
import { insertArea, insertSeat } from '../test/factories';
import { registrationBody } from '../test/helpers';
import { subscriptionBody } from '../test/bookings';

/**
 * Several API processes behind a load balancer (issue 8, DESIGN.md §7): two app
 * instances, each with its own connection pool, on one database, one APP_SECRET and one
 * upload volume. Whatever one instance did, the other must answer the same: nothing that
 * changes an answer may be kept in a process's memory between requests.
 */

const AUTH_LIMIT = 3;
const appSecret = randomBytes(32).toString('hex');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-multi-'));
const pools: { end(): Promise<void> }[] = [];

async function instance() {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT) });
  const database = connectDatabase(inject('databaseUrl'), 5);
  pools.push(database.pool);
  const app = await buildApp({ config, db: database.db, appSecret });
  await app.ready();
  return { app, pool: database.pool };
}

type Instance = Awaited<ReturnType<typeof instance>>;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  [a, b] = await Promise.all([instance(), instance()]);
});
afterAll(async () => {
  await Promise.all([a?.app.close(), b?.app.close()]);
  await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Rate limits count per client address: each test comes from an address of its own, so
// the counters of other test files (all on 127.0.0.1) never reach these low limits.
const newAddress = () => `2001:db8::${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;

async function register(on: Instance, remoteAddress: string) {
  const body = registrationBody();
  const response = await on.app.inject({
    method: 'POST',
    url: '/api/auth/register/library',
    payload: body,
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { body, libraryId: response.json().data.library.id as string };
}

function login(on: Instance, remoteAddress: string, identifier: string, password: string) {
  return on.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
    remoteAddress,
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('two API instances on one database', () => {
  it('share sessions: signed in on A, used on B, signed out on B, refused on A', async () => {
    const address = newAddress();
    const { body } = await register(a, address);
    const signedIn = await login(a, address, body.owner_email, body.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, id: adminId } = signedIn.json().data as { token: string; id: string };

    const me = await b.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({ id: adminId, email: body.owner_email });

    const out = await b.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode, out.body).toBe(200);

    for (const on of [a, b]) {
      const refused = await on.app.inject({ url: '/api/auth/me', headers: bearer(token) });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(messages.auth.invalidToken);
    }
  });

  it('share rate limits: attempts on A and B count together', async () => {
    const address = newAddress();
    const { body } = await register(a, address);
    // Alternating instances: neither sees more than the limit by itself.
    const attempts = [a, b, a, b, a];
    const statuses: number[] = [];
    for (const on of attempts) statuses.push((await login(on, address, body.owner_email, 'wrong-password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The account's failures are counted once, whichever instance saw them; they slow the
    // account's sign-ins but never refuse the right password from another address.
    const counted = await a.pool.query(`select hits from rate_limits where key = $1`, [
      `login:account:${body.owner_email}`,
    ]);
    expect(counted.rows[0]?.hits).toBe(3);
    const elsewhere = await login(b, newAddress(), body.owner_email, body.password);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('share Idempotency-Key answers: a replay on B answers what A answered first', async () => {
    const address = newAddress();
    const { body, libraryId } = await register(a, address);
    const token = (await login(a, address, body.owner_email, body.password)).json().data.token as string;
    const { id: studentId } = await createStudentViaApi(a.app, bearer(token), await threeImages());
    const areaId = await insertArea(a.pool, libraryId, { name: 'Hall A', totalSeats: 10 });
    await insertSeat(a.pool, libraryId, areaId, { name: 'A1' });

    const subscription = subscriptionBody(studentId, { fee: 1200 });
    const post = (on: Instance, payload: object) =>
      on.app.inject({
        method: 'POST',
        url: '/api/subscription',
        headers: { ...bearer(token), 'idempotency-key': 'multi-instance-1' },
        payload,
      });
    const first = await post(a, subscription);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await post(b, subscription);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const reused = await post(b, { ...subscription, fee: 1500 });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(messages.subscriptions.idempotencyMismatch);

    const counts = await a.pool.query(
      `select (select count(*)::int from subscriptions where library_id = $1) as subscriptions,
              (select count(*)::int from fees where library_id = $1) as fees`,
      [libraryId],
    );
    expect(counts.rows[0]).toEqual({ subscriptions: 1, fees: 1 });
  });

  it('share the key and the uploads: B reads the Aadhaar number and images A stored, A serves links B signed', async () => {
    const address = newAddress();
    const { body } = await register(a, address);
    const token = (await login(a, address, body.owner_email, body.password)).json().data.token as string;
    const { id, fields } = await createStudentViaApi(a.app, bearer(token), await threeImages());

    const detail = await b.app.inject({ url: `/api/user/${id}`, headers: bearer(token) });
    expect(detail.statusCode, detail.body).toBe(200);
    const student = detail.json().data as { aadhaar_number: string; front_image: string };
    expect(student.aadhaar_number).toBe(fields.aadhaar_number);
    const image = await a.app.inject({ url: student.front_image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    // The same Aadhaar number sent to B is a duplicate of the one A stored.
    const again = await b.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: bearer(token),
      payload: studentForm(studentFields({ aadhaar_number: fields.aadhaar_number! }), await threeImages()),
    });
    expect(again.statusCode, again.body).toBe(409);
  });

  it('an instance being stopped leaves readiness first, then refuses with a retryable mark, while the other serves', async () => {
    const address = newAddress();
    const { body } = await register(a, address);
    const token = (await login(a, address, body.owner_email, body.password)).json().data.token as string;
    const stopping = await instance();

    stopping.app.beginDrain();
    const ready = await stopping.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: false, message: 'Shutting down', data: { database: 'up' } });
    expect((await stopping.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    // Still serving whatever reaches it, each answer closing its connection.
    const served = await stopping.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe('close');

    await stopping.app.beginShutdown();
    const refused = await stopping.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers[NOT_STARTED_HEADER]).toBe('true');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers.connection).toBe('close');
    expect(refused.json()).toEqual({
      status: false,
      code: 503,
      message: messages.validation.shuttingDown,
      messageCode: 'core.validation.shuttingDown',
      errors: [],
    });
    // Readiness too, whose own 503 answer has another shape.
    const notReady = await stopping.app.inject({ url: '/api/health/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.headers[NOT_STARTED_HEADER]).toBe('true');
    expect(notReady.json()).toMatchObject({ status: false, code: 503 });

    // The other instances never noticed.
    expect((await b.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    expect((await b.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    await stopping.app.close();
  });
});
