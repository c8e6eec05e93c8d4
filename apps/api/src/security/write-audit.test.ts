import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '@app/shared';
import { registerLibrary, useTestApp } from '../test/helpers';
import { insertArea, insertSeat, insertStudent } from '../test/factories';
import { subscriptionBody } from '../test/bookings';
import { PUBLIC_ROUTES } from '../test/public-routes';
import { WRITE_AUDIT } from '../plugins/write-audit';

/**
 * Issue 16: every signed-in write says who did it in the audit log. Each admin write route of
 * the route table is named in WRITE_AUDIT: what the write-audit plugin records for it, or
 * 'self' when its service records its own entry. A new write route fails here until named.
 */
const t = useTestApp();
const PUBLIC = new Set<string>(PUBLIC_ROUTES);

describe('the audit of writes (issue 16)', () => {
  it('names every signed-in write route', () => {
    const writes = t.app.routeTable
      .filter(
        (route) =>
          route.url.startsWith('/api/') &&
          ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) &&
          !route.studentGuard &&
          !PUBLIC.has(`${route.method} ${route.url}`),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.filter((key) => !(key in WRITE_AUDIT))).toEqual([]);
    const stale = Object.keys(WRITE_AUDIT).filter((key) => !writes.includes(key));
    expect(stale, 'WRITE_AUDIT names routes that no longer exist').toEqual([]);
  });

  it('gives every action it records a label on the activity screens', () => {
    for (const entry of Object.values(WRITE_AUDIT)) {
      if (entry !== 'self') expect(AUDIT_ACTION_LABELS[entry.action], entry.action).toBeTruthy();
    }
  });

  it('records a write with who did it and the record, once even when replayed for its Idempotency-Key', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const libraryId = session.library.id;
    const seatId = await insertSeat(t.pool, libraryId, await insertArea(t.pool, libraryId));
    const student = await insertStudent(t.pool, libraryId);
    const request = {
      method: 'POST' as const,
      url: '/api/subscription',
      headers: { ...auth, 'idempotency-key': `key-${student.id}` },
      payload: subscriptionBody(student.id, { seatId }),
    };
    const first = await t.app.inject(request);
    expect(first.statusCode, first.body).toBe(201);
    expect((await t.app.inject(request)).statusCode).toBe(201);
    const rows = await t.pool.query(
      `select admin_id, entity_type, entity_id from audit_log where library_id = $1 and action = 'subscription.create'`,
      [libraryId],
    );
    expect(rows.rows).toEqual([{ admin_id: session.id, entity_type: 'subscription', entity_id: first.json().data.id }]);
    // A refused write records nothing.
    const refused = await t.app.inject({ ...request, headers: auth, payload: { student_id: 'nope' } });
    expect(refused.statusCode).toBe(400);
    const count = await t.pool.query(
      `select count(*)::int as n from audit_log where library_id = $1 and action like 'subscription.%'`,
      [libraryId],
    );
    expect(count.rows[0].n).toBe(1);
  });
});
