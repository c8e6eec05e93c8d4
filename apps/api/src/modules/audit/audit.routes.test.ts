import { describe, expect, it } from 'vitest';
import { changePassword, registerLibrary, useTestApp } from '../../test/helpers';

const t = useTestApp();

const actions = async (auth: Record<string, string>) =>
  (
    (await t.app.inject({ url: '/api/admin/audit-log?limit=50', headers: auth })).json().data.entries as Array<{
      action: string;
    }>
  ).map((entry) => entry.action);

describe('the audit log', () => {
  it('records registration, sign-ins (failed too), profile and password changes, deletions and sign-outs', async () => {
    const { auth, body, session } = await registerLibrary(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: body.owner_email, password: 'wrong-password' },
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: body.owner_email, password: body.password },
    });
    const secondAuth = { authorization: `Bearer ${second.json().data.token}` };
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/update-admin-profile',
      headers: auth,
      payload: { name: 'Ravi', email: session.email, phone: '9123456780', password: body.password },
    });
    const area = await t.app.inject({
      method: 'POST',
      url: '/api/area',
      headers: auth,
      payload: { area_name: 'Temp', total_seats: 5, status: 'active' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/area/${area.json().data.id}`, headers: auth });
    expect(await actions(auth)).toEqual([
      'area.delete',
      // Issue 16: every signed-in write says who did it (plugins/write-audit).
      'area.create',
      'admin.profile_update',
      'admin.sign_in',
      'admin.sign_in_failed',
      'library.register',
    ]);

    // A new password ends every other session; this one stays.
    await changePassword(t.app, auth, {
      email: session.email,
      currentPassword: body.password,
      password: 'a-brand-new-password',
    });
    expect((await t.app.inject({ url: '/api/auth/me', headers: secondAuth })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });

    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: body.owner_email, password: 'a-brand-new-password' },
    });
    const freshAuth = { authorization: `Bearer ${fresh.json().data.token}` };
    const entries = (await t.app.inject({ url: '/api/admin/audit-log?limit=5', headers: freshAuth })).json().data;
    expect(entries.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'admin.sign_in',
      'admin.sign_out',
      'admin.password_change',
      'area.delete',
      'area.create',
    ]);
    expect(entries.entries[0]).toMatchObject({ admin_name: 'Ravi', entity_type: 'admin', ip: '127.0.0.1' });
    expect(entries.pagination).toMatchObject({ totalItems: 9, itemsPerPage: 5 });
    const filtered = await t.app.inject({ url: '/api/admin/audit-log?action=admin.sign_in', headers: freshAuth });
    expect(filtered.json().data.entries).toHaveLength(2);
  });

  it("never shows another library's entries, and refuses bad queries", async () => {
    const mine = await registerLibrary(t.app);
    const other = await registerLibrary(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: other.body.owner_email, password: 'wrong-password' },
    });
    expect(await actions(mine.auth)).toEqual(['library.register']);
    for (const query of ['limit=3', 'sortBy=action', 'action=DROP TABLE']) {
      expect((await t.app.inject({ url: `/api/admin/audit-log?${query}`, headers: mine.auth })).statusCode, query).toBe(
        400,
      );
    }
    expect((await t.app.inject({ url: '/api/admin/audit-log' })).statusCode).toBe(401);
  });
});
