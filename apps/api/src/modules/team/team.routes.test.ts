import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, teamPeopleMessages as m, type AdminSession } from '@app/shared';
import { buildTestApp, registerLibrary, unique, useTestApp, type TestApp } from '../../test/helpers';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../lib/mail/testing/loopback-smtp';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { insertArea, insertSeat } from '../../test/factories';
import { bookForNewStudentOk } from '../../test/bookings';

// The test files share one database: this file's mail worker sends only to its own domain.
const domain = `team-${unique()}.test`;
const t = {} as TestApp;
let smtp: LoopbackSmtp;

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  Object.assign(t, await buildTestApp({ SMTP_URL: smtp.url, MAIL_TEST_TO_DOMAIN: domain }));
});
afterAll(async () => {
  await t.close?.();
  await smtp.close();
});

type Auth = Record<string, string>;
const bearer = (token: string): Auth => ({ authorization: `Bearer ${token}` });
const email = (name = 'person') => `${name}-${unique()}@${domain}`;

async function owner() {
  const { session, auth, body } = await registerLibrary(t.app);
  return { session, auth, email: body.owner_email, password: body.password };
}

async function signIn(identifier: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });
}

/** Adds a person with a one-time password, then has them choose their own: answers their signed-in auth. */
async function addMember(ownerAuth: Auth, role: 'manager' | 'desk', password = 'desk-password-1') {
  const address = email(role);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/team/people',
    headers: ownerAuth,
    payload: { name: `${role} person`, email: address, phone: '9876501234', role },
  });
  expect(added.statusCode, added.body).toBe(201);
  const { person, oneTimePassword } = added.json().data;
  const first = await signIn(address, oneTimePassword);
  expect(first.statusCode, first.body).toBe(200);
  const auth = bearer(first.json().data.token);
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: auth,
    payload: { currentPassword: oneTimePassword, password },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return { id: person.id as string, email: address, password, auth };
}

/** An invitation written straight to the database, with a known token (for the link's states). */
async function invitationRow(
  libraryId: string,
  state: { expired?: boolean; accepted?: boolean; revoked?: boolean } = {},
) {
  const token = newSessionToken();
  const address = email('invited');
  await t.pool.query(
    `insert into invitations (library_id, email, name, role, token_hash, expires_at, accepted_at, revoked_at)
     values ($1, $2, 'Asha', 'desk', $3, now() + ($4 || ' seconds')::interval,
             case when $5 then now() end, case when $6 then now() end)`,
    [libraryId, address, hashToken(token), state.expired ? '-1' : '3600', !!state.accepted, !!state.revoked],
  );
  return { token, email: address };
}

const tokenOf = (text: string) => /\/invite#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('invitations (issue 16)', () => {
  it('invites a desk person by email; they open the link, set a password, join signed in, and the link is spent', async () => {
    const o = await owner();
    const address = email('asha');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: o.auth,
      payload: { name: 'Asha Verma', email: address.toUpperCase(), role: 'desk' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      message: m.invited,
      data: { email: address, role: 'desk', expired: false },
    });

    const mail = await smtp.waitFor(address, { timeoutMs: 10_000 });
    expect(mail.subject).toBe(m.invitationSubject(o.session.library.name));
    expect(mail.text).toContain('as Desk');
    const token = tokenOf(mail.text);
    expect(token).toBeTruthy();
    // Only the token's hash is kept.
    const stored = await t.pool.query('select token_hash from invitations where lower(email) = $1', [address]);
    expect(stored.rows[0].token_hash).toBe(hashToken(token!));

    const team = await t.app.inject({ url: '/api/team', headers: o.auth });
    expect(team.statusCode).toBe(200);
    expect(team.json().data.mailConfigured).toBe(true);
    expect(team.json().data.invitations).toMatchObject([
      { email: address, name: 'Asha Verma', invitedBy: 'Ravi Kumar' },
    ]);

    const preview = await t.app.inject({ url: `/api/invitations/${token}` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      libraryName: o.session.library.name,
      invitedBy: 'Ravi Kumar',
      email: address,
      role: 'desk',
    });

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      payload: { password: 'asha-secret-1', phone: '9812345678' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const session = accepted.json().data as AdminSession;
    expect(session).toMatchObject({ email: address, role: 'desk', mustChangePassword: false, phone: '9812345678' });
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(session.token) });
    expect(me.json().data).toMatchObject({ email: address, role: 'desk', library: { id: o.session.library.id } });
    expect((await signIn(address, 'asha-secret-1')).statusCode).toBe(200);

    // The same link again: spent, and it says what to do.
    for (const request of [
      { method: 'GET' as const, url: `/api/invitations/${token}` },
      { method: 'POST' as const, url: `/api/invitations/${token}/accept`, payload: { password: 'another-pass-1' } },
    ]) {
      const again = await t.app.inject(request);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ status: false, message: m.invitationUsed });
    }
    const after = await t.app.inject({ url: '/api/team', headers: o.auth });
    expect(after.json().data.invitations).toEqual([]);
    expect(after.json().data.people.map((p: { email: string; role: string }) => [p.email, p.role])).toEqual([
      [o.email, 'owner'],
      [address, 'desk'],
    ]);
    const audit = await t.pool.query(
      `select action from audit_log where library_id = $1 and action like 'team.%' order by created_at`,
      [o.session.library.id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['team.invite', 'team.join']);
  });

  it('says an expired, used, revoked or unknown link cannot be used, and how to get a new one', async () => {
    const o = await owner();
    const libraryId = o.session.library.id;
    const cases = [
      [await invitationRow(libraryId, { expired: true }), 410, m.invitationExpired],
      [await invitationRow(libraryId, { accepted: true }), 410, m.invitationUsed],
      [await invitationRow(libraryId, { revoked: true }), 410, m.invitationRevoked],
      [{ token: newSessionToken(), email: '' }, 404, m.invitationInvalid],
    ] as const;
    for (const [invitation, status, message] of cases) {
      const preview = await t.app.inject({ url: `/api/invitations/${invitation.token}` });
      expect([preview.statusCode, preview.json().message]).toEqual([status, message]);
      const accept = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${invitation.token}/accept`,
        payload: { password: 'a-good-password' },
      });
      expect([accept.statusCode, accept.json().message]).toEqual([status, message]);
    }
    const people = await t.pool.query('select count(*)::int as n from admins where library_id = $1', [libraryId]);
    expect(people.rows[0].n).toBe(1);
    const malformed = await t.app.inject({ url: '/api/invitations/not%20a%20token' });
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, m.invitationInvalid]);
  });

  it('revokes an invitation (its link then says so) and resends one with a new link (the old stops working)', async () => {
    const o = await owner();
    const address = email('resend');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: o.auth,
      payload: { name: 'Resend Me', email: address, role: 'manager' },
    });
    const id = invited.json().data.id;
    const first = tokenOf((await smtp.waitFor(address, { timeoutMs: 10_000 })).text)!;
    const resent = await t.app.inject({ method: 'POST', url: `/api/team/invitations/${id}/resend`, headers: o.auth });
    expect([resent.statusCode, resent.json().message]).toEqual([200, m.resent]);
    const second = tokenOf(
      (await smtp.waitFor(address, { timeoutMs: 10_000, where: (mail) => tokenOf(mail.text) !== first })).text,
    )!;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: `/api/invitations/${first}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/invitations/${second}` })).statusCode).toBe(200);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/team/invitations/${id}`, headers: o.auth });
    expect([revoked.statusCode, revoked.json().message]).toEqual([200, m.revoked]);
    const link = await t.app.inject({ url: `/api/invitations/${second}` });
    expect([link.statusCode, link.json().message]).toEqual([410, m.invitationRevoked]);
    const twice = await t.app.inject({ method: 'DELETE', url: `/api/team/invitations/${id}`, headers: o.auth });
    expect([twice.statusCode, twice.json().message]).toEqual([404, m.invitationNotFound]);
    const resendRevoked = await t.app.inject({
      method: 'POST',
      url: `/api/team/invitations/${id}/resend`,
      headers: o.auth,
    });
    expect(resendRevoked.statusCode).toBe(404);
  });

  it('refuses an email already in the team, of another library, or already invited', async () => {
    const o = await owner();
    const other = await owner();
    const desk = await addMember(o.auth, 'desk');
    const waiting = email('waiting');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: o.auth,
      payload: { name: 'Waiting', email: waiting, role: 'desk' },
    });
    expect(first.statusCode).toBe(201);
    const cases = [
      [o.email, 409, m.emailInTeam, 'teamPeople.emailInTeam'],
      [desk.email.toUpperCase(), 409, m.emailInTeam, 'teamPeople.emailInTeam'],
      [other.email, 409, m.emailUsedElsewhere, 'teamPeople.emailUsedElsewhere'],
      [waiting, 409, m.invitationWaiting, 'teamPeople.invitationWaiting'],
    ] as const;
    for (const [address, status, message, messageCode] of cases) {
      for (const [url, extra] of [
        ['/api/team/invitations', {}],
        ['/api/team/people', { phone: '9876501234' }],
      ] as const) {
        if (address === waiting && url === '/api/team/people') continue;
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: o.auth,
          payload: { name: 'Someone', email: address, role: 'desk', ...extra },
        });
        expect([url, response.statusCode, response.json().message]).toEqual([url, status, message]);
        expect(response.json().errors).toEqual([{ field: 'email', message, messageCode }]);
      }
    }
    const invitations = await t.pool.query('select count(*)::int as n from invitations where library_id = $1', [
      o.session.library.id,
    ]);
    expect(invitations.rows[0].n).toBe(1);
  });

  it('refuses to join when the invited email got an account meanwhile, leaving the invitation usable', async () => {
    const o = await owner();
    const invitation = await invitationRow(o.session.library.id);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/team/people',
      headers: o.auth,
      payload: { name: 'Same', email: invitation.email, phone: '9876501234', role: 'desk' },
    });
    expect(added.statusCode).toBe(201);
    // Adding the person revoked the open invitation to the same email.
    const link = await t.app.inject({ url: `/api/invitations/${invitation.token}` });
    expect([link.statusCode, link.json().message]).toEqual([410, m.invitationRevoked]);

    const other = await invitationRow(o.session.library.id);
    await t.pool.query(`update admins set email = $1 where id = $2`, [other.email, o.session.id]);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${other.token}/accept`,
      payload: { password: 'a-good-password' },
    });
    expect([accept.statusCode, accept.json().message]).toEqual([409, m.emailAlreadyJoined]);
    const row = await t.pool.query('select accepted_at from invitations where token_hash = $1', [
      hashToken(other.token),
    ]);
    expect(row.rows[0].accepted_at).toBeNull();
  });

  it('lets one of two simultaneous accepts of the same link through', async () => {
    const o = await owner();
    const invitation = await invitationRow(o.session.library.id);
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/invitations/${invitation.token}/accept`,
          payload: { password: 'a-good-password' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 410]);
    const people = await t.pool.query('select count(*)::int as n from admins where lower(email) = $1', [
      invitation.email,
    ]);
    expect(people.rows[0].n).toBe(1);
  });

  it('refuses bad bodies with clear messages and writes nothing', async () => {
    const o = await owner();
    const bad = [
      [{ name: 'X', email: email(), role: 'owner' }, m.invitedRoleInvalid],
      [{ name: 'X', email: email(), role: 'admin' }, m.invitedRoleInvalid],
      [{ name: '', email: email(), role: 'desk' }, m.nameRequired],
      [{ name: 'X', email: 'not-an-email', role: 'desk' }, m.emailInvalid],
      [{ name: 'X'.repeat(500), email: email(), role: 'desk' }, 'At most 120 characters'],
      [{ name: { $gt: '' }, email: email(), role: 'desk' }, m.nameRequired],
      [{ name: 'X', email: [email()], role: 'desk' }, m.emailRequired],
    ] as const;
    for (const [payload, message] of bad) {
      const response = await t.app.inject({ method: 'POST', url: '/api/team/invitations', headers: o.auth, payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    const noPhone = await t.app.inject({
      method: 'POST',
      url: '/api/team/people',
      headers: o.auth,
      payload: { name: 'X', email: email(), phone: '12', role: 'desk' },
    });
    expect([noPhone.statusCode, noPhone.json().errors[0].message]).toEqual([400, m.phoneInvalid]);
    const invitation = await invitationRow(o.session.library.id);
    for (const [payload, message] of [
      [{ password: 'short' }, m.passwordMin],
      [{}, m.passwordRequired],
      [{ password: 'long-enough-1', phone: '123' }, m.phoneInvalid],
      [{ password: 'x'.repeat(300) }, m.passwordMax],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${invitation.token}/accept`,
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    const role = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/people/${o.session.id}`,
      headers: o.auth,
      payload: { role: 'superuser' },
    });
    expect([role.statusCode, role.json().errors[0].message]).toEqual([400, m.roleInvalid]);
    const counts = await t.pool.query(
      `select (select count(*)::int from admins where library_id = $1) as people,
              (select count(*)::int from invitations where library_id = $1 and accepted_at is null) as open`,
      [o.session.library.id],
    );
    expect(counts.rows[0]).toEqual({ people: 1, open: 1 });
  });
});

describe('without mail set up', () => {
  const plain = useTestApp();

  it('refuses invitations and adds a person with a one-time password, shown once, to be replaced at sign-in', async () => {
    const { auth, session } = await registerLibrary(plain.app);
    const team = await plain.app.inject({ url: '/api/team', headers: auth });
    expect(team.json().data.mailConfigured).toBe(false);
    const invite = await plain.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: auth,
      payload: { name: 'Asha', email: email(), role: 'desk' },
    });
    expect([invite.statusCode, invite.json().message]).toEqual([409, m.mailNotConfigured]);

    const address = email('otp');
    const added = await plain.app.inject({
      method: 'POST',
      url: '/api/team/people',
      headers: auth,
      payload: { name: 'Otp Person', email: address, phone: '9876501234', role: 'desk' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.headers['cache-control']).toBe('no-store');
    const { person, oneTimePassword } = added.json().data;
    expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(person).toMatchObject({ email: address, role: 'desk', mustChangePassword: true, active: true });
    // Shown once: the team list never carries it.
    const list = await plain.app.inject({ url: '/api/team', headers: auth });
    expect(list.body.includes(oneTimePassword)).toBe(false);

    const signedIn = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: address, password: oneTimePassword },
    });
    expect(signedIn.json().data).toMatchObject({ role: 'desk', mustChangePassword: true });
    const desk = bearer(signedIn.json().data.token);
    // Until they choose their own password, everything but that, /auth/me and sign-out is refused.
    for (const url of ['/api/user', '/api/area']) {
      const refused = await plain.app.inject({ url, headers: desk });
      expect([url, refused.statusCode, refused.json().message]).toEqual([url, 403, m.mustChangePassword]);
    }
    expect((await plain.app.inject({ url: '/api/auth/me', headers: desk })).statusCode).toBe(200);

    const change = (payload: object) =>
      plain.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: desk, payload });
    const wrong = await change({ currentPassword: 'not-it-at-all', password: 'my-own-password' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, messages.profile.currentPasswordWrong]);
    const same = await change({ currentPassword: oneTimePassword, password: oneTimePassword });
    expect([same.statusCode, same.json().message]).toEqual([400, m.passwordUnchanged]);
    const short = await change({ currentPassword: oneTimePassword, password: 'short' });
    expect(short.statusCode).toBe(400);
    const done = await change({ currentPassword: oneTimePassword, password: 'my-own-password' });
    expect([done.statusCode, done.json().message]).toEqual([200, m.passwordChanged]);

    expect((await plain.app.inject({ url: '/api/user', headers: desk })).statusCode).toBe(200);
    const me = await plain.app.inject({ url: '/api/auth/me', headers: desk });
    expect(me.json().data.mustChangePassword).toBe(false);
    const old = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: address, password: oneTimePassword },
    });
    expect(old.statusCode).toBe(401);
    const audit = await plain.pool.query(
      `select action from audit_log where library_id = $1 and admin_id = $2 order by created_at`,
      [session.library.id, person.id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'admin.sign_in',
      'admin.current_password_refused',
      'admin.password_change',
      'admin.sign_in_failed',
    ]);
  });
});

describe('roles and the last owner', () => {
  it('lets only an owner manage the team: a manager and a desk person get 403 before any body rule', async () => {
    const o = await owner();
    const manager = await addMember(o.auth, 'manager');
    const desk = await addMember(o.auth, 'desk');
    for (const auth of [manager.auth, desk.auth]) {
      for (const [method, url, payload] of [
        ['GET', '/api/team', undefined],
        ['GET', '/api/team/activity', undefined],
        ['POST', '/api/team/invitations', { role: 'nonsense' }],
        ['POST', '/api/team/people', {}],
        ['PATCH', `/api/team/people/${desk.id}`, { role: 'owner' }],
        ['POST', `/api/team/people/${o.session.id}/deactivate`, undefined],
        ['POST', `/api/team/people/not-a-uuid/reactivate`, undefined],
        ['DELETE', `/api/team/invitations/not-a-uuid`, undefined],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
        expect([url, response.statusCode, response.json().message]).toEqual([url, 403, messages.team.forbiddenTeam]);
      }
    }
    // Without a session at all: 401, whatever the body.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/team/people', payload: { role: 1 } });
    expect(anonymous.statusCode).toBe(401);
    const roles = await t.pool.query('select role from admins where library_id = $1 order by role', [
      o.session.library.id,
    ]);
    expect(roles.rows.map((row) => row.role)).toEqual(['desk', 'manager', 'owner']);
  });

  it('changes roles, keeps the last active owner, and refuses to let an owner deactivate themselves', async () => {
    const o = await owner();
    const desk = await addMember(o.auth, 'desk');
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/people/${desk.id}`,
      headers: o.auth,
      payload: { role: 'manager' },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json()).toMatchObject({ message: m.roleChanged, data: { role: 'manager' } });
    // The new role applies to the person's very next request.
    expect((await t.app.inject({ url: '/api/expenses', headers: desk.auth })).statusCode).toBe(200);

    const demoteSelf = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/people/${o.session.id}`,
      headers: o.auth,
      payload: { role: 'desk' },
    });
    expect([demoteSelf.statusCode, demoteSelf.json().message]).toEqual([409, m.lastOwner]);
    const deactivateSelf = await t.app.inject({
      method: 'POST',
      url: `/api/team/people/${o.session.id}/deactivate`,
      headers: o.auth,
    });
    expect([deactivateSelf.statusCode, deactivateSelf.json().message]).toEqual([409, m.cannotDeactivateSelf]);

    // With a second owner, the first may step down; then the second is the last.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/team/people/${desk.id}`,
      headers: o.auth,
      payload: { role: 'owner' },
    });
    const stepDown = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/people/${o.session.id}`,
      headers: o.auth,
      payload: { role: 'manager' },
    });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    const back = await t.app.inject({ url: '/api/team', headers: o.auth });
    expect([back.statusCode, back.json().message]).toEqual([403, messages.team.forbiddenTeam]);
    const last = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/people/${desk.id}`,
      headers: desk.auth,
      payload: { role: 'desk' },
    });
    expect([last.statusCode, last.json().message]).toEqual([409, m.lastOwner]);
  });

  it('leaves one owner when two owners demote each other at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const o = await owner();
      const second = await addMember(o.auth, 'manager');
      await t.app.inject({
        method: 'PATCH',
        url: `/api/team/people/${second.id}`,
        headers: o.auth,
        payload: { role: 'owner' },
      });
      const answers = await Promise.all([
        t.app.inject({
          method: 'PATCH',
          url: `/api/team/people/${second.id}`,
          headers: o.auth,
          payload: { role: 'desk' },
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/team/people/${o.session.id}/deactivate`,
          headers: second.auth,
        }),
      ]);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      const owners = await t.pool.query(
        `select count(*)::int as n from admins where library_id = $1 and role = 'owner' and deactivated_at is null`,
        [o.session.library.id],
      );
      expect(owners.rows[0].n).toBe(1);
    }
  });
});

describe('deactivation', () => {
  it('ends the person’s sessions at once, refuses their sign-in, and lets them back after reactivation', async () => {
    const o = await owner();
    const desk = await addMember(o.auth, 'desk');
    expect((await t.app.inject({ url: '/api/user', headers: desk.auth })).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/team/people/${desk.id}/deactivate`,
      headers: o.auth,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: m.deactivated, data: { active: false } });
    const refused = await t.app.inject({ url: '/api/user', headers: desk.auth });
    expect([refused.statusCode, refused.json().message]).toEqual([401, messages.auth.invalidToken]);
    const live = await t.pool.query(
      'select count(*)::int as n from sessions where admin_id = $1 and revoked_at is null',
      [desk.id],
    );
    expect(live.rows[0].n).toBe(0);
    const signIn1 = await signIn(desk.email, desk.password);
    expect([signIn1.statusCode, signIn1.json().message]).toEqual([401, messages.auth.invalidCredentials]);

    const on = await t.app.inject({ method: 'POST', url: `/api/team/people/${desk.id}/reactivate`, headers: o.auth });
    expect(on.json()).toMatchObject({ message: m.reactivated, data: { active: true } });
    expect((await t.app.inject({ url: '/api/user', headers: desk.auth })).statusCode).toBe(401);
    expect((await signIn(desk.email, desk.password)).statusCode).toBe(200);
  });
});

describe('team activity', () => {
  it('lists the newest audit entries with who did them, of everyone or of one person', async () => {
    const o = await owner();
    const desk = await addMember(o.auth, 'desk');
    const all = await t.app.inject({ url: '/api/team/activity', headers: o.auth });
    expect(all.statusCode, all.body).toBe(200);
    const actions = all
      .json()
      .data.entries.map((e: { action: string; admin_name: string }) => [e.action, e.admin_name]);
    expect(actions).toContainEqual(['team.person_add', 'Ravi Kumar']);
    expect(actions).toContainEqual(['admin.password_change', 'desk person']);
    const mine = await t.app.inject({ url: `/api/team/activity?person=${desk.id}&limit=2`, headers: o.auth });
    const entries = mine.json().data.entries;
    expect(entries).toHaveLength(2);
    expect(entries.every((e: { admin_id: string }) => e.admin_id === desk.id)).toBe(true);
    const badLimit = await t.app.inject({ url: '/api/team/activity?limit=5000', headers: o.auth });
    expect(badLimit.statusCode).toBe(400);
  });
});

describe('accountability', () => {
  it('names the desk person on the payment they took, in the day book by collector and in the activity', async () => {
    const o = await owner();
    const areaId = await insertArea(t.pool, o.session.library.id, { name: 'Hall A' });
    const seatId = await insertSeat(t.pool, o.session.library.id, areaId);
    const desk = await addMember(o.auth, 'desk');
    const subscriptionId = await bookForNewStudentOk(t, desk.auth, o.session.library.id, { seatId, fee: 1000 });
    const account = await t.app.inject({ url: `/api/subscription/${subscriptionId}/payments`, headers: o.auth });
    const payment = account.json().data.payments[0];
    const recorded = await t.pool.query('select recorded_by from fees where id = $1', [payment.id]);
    expect(recorded.rows[0].recorded_by).toBe(desk.id);
    const dayBook = await t.app.inject({ url: '/api/day-book', headers: o.auth });
    expect(dayBook.statusCode, dayBook.body).toBe(200);
    expect(dayBook.json().data.by_collector).toContainEqual(
      expect.objectContaining({ admin_id: desk.id, name: 'desk person' }),
    );
    const activity = await t.app.inject({ url: `/api/team/activity?person=${desk.id}`, headers: o.auth });
    expect(activity.json().data.entries).toContainEqual(
      expect.objectContaining({ action: 'subscription.create', entity_id: subscriptionId, admin_name: 'desk person' }),
    );
    // Deactivated, the person's name stays on what they did.
    await t.app.inject({ method: 'POST', url: `/api/team/people/${desk.id}/deactivate`, headers: o.auth });
    const later = await t.app.inject({ url: '/api/day-book', headers: o.auth });
    expect(later.json().data.by_collector).toContainEqual(expect.objectContaining({ name: 'desk person' }));
  });
});

describe('own profile', () => {
  it('lets a desk person edit their own profile; a new email or password needs their current password', async () => {
    const o = await owner();
    const desk = await addMember(o.auth, 'desk');
    const update = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/update-admin-profile', headers: desk.auth, payload });
    const renamed = await update({ name: 'Asha D', email: desk.email, phone: '9876500000', password: desk.password });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.admin).toMatchObject({ name: 'Asha D', role: 'desk' });
    const newEmail = email('moved');
    const noProof = await update({ name: 'Asha D', email: newEmail, phone: '9876500000', password: desk.password });
    expect([noProof.statusCode, noProof.json().message]).toEqual([400, messages.profile.currentPasswordRequired]);
    const proved = await update({
      name: 'Asha D',
      email: newEmail,
      phone: '9876500000',
      password: desk.password,
      currentPassword: desk.password,
    });
    expect(proved.statusCode, proved.body).toBe(200);
    const team = await t.app.inject({ url: '/api/team', headers: o.auth });
    expect(team.json().data.people).toContainEqual(
      expect.objectContaining({ id: desk.id, email: newEmail, name: 'Asha D' }),
    );
  });
});

describe('another library’s ids', () => {
  it('finds none of them on any team route, and changes nothing', async () => {
    const o = await owner();
    const intruder = await owner();
    const desk = await addMember(o.auth, 'desk');
    const invitation = await t.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: o.auth,
      payload: { name: 'Someone', email: email(), role: 'desk' },
    });
    const invitationId = invitation.json().data.id;
    const before = await t.pool.query(
      `select a.id, a.role, a.deactivated_at, (select count(*) from invitations i where i.library_id = a.library_id and i.revoked_at is null) as open
       from admins a where a.library_id = $1 order by a.id`,
      [o.session.library.id],
    );
    const calls = [
      ['PATCH', `/api/team/people/${desk.id}`, { role: 'owner' }, m.personNotFound],
      ['PATCH', `/api/team/people/${o.session.id}`, { role: 'desk' }, m.personNotFound],
      ['POST', `/api/team/people/${desk.id}/deactivate`, undefined, m.personNotFound],
      ['POST', `/api/team/people/${o.session.id}/deactivate`, undefined, m.personNotFound],
      ['POST', `/api/team/people/${desk.id}/reactivate`, undefined, m.personNotFound],
      ['POST', `/api/team/invitations/${invitationId}/resend`, undefined, m.invitationNotFound],
      ['DELETE', `/api/team/invitations/${invitationId}`, undefined, m.invitationNotFound],
      ['GET', `/api/team/activity?person=${desk.id}`, undefined, m.personNotFound],
    ] as const;
    for (const [method, url, payload, message] of calls) {
      const response = await t.app.inject({ method, url, headers: intruder.auth, ...(payload ? { payload } : {}) });
      expect([url, response.statusCode, response.json().message]).toEqual([url, 404, message]);
    }
    const team = await t.app.inject({ url: '/api/team', headers: intruder.auth });
    for (const id of [desk.id, o.session.id, invitationId]) expect(team.body.includes(id)).toBe(false);
    const activity = await t.app.inject({ url: '/api/team/activity', headers: intruder.auth });
    for (const id of [desk.id, o.session.id]) expect(activity.body.includes(id)).toBe(false);
    const after = await t.pool.query(
      `select a.id, a.role, a.deactivated_at, (select count(*) from invitations i where i.library_id = a.library_id and i.revoked_at is null) as open
       from admins a where a.library_id = $1 order by a.id`,
      [o.session.library.id],
    );
    expect(after.rows).toEqual(before.rows);
  });
});
