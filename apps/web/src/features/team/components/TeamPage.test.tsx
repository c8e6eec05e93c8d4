import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type Team, type TeamActivity, type TeamPerson, teamScreenMessages } from '@app/shared';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { openSignedIn, LAZY_DIALOG_TIMEOUT } from '@/test/render';

configure({ asyncUtilTimeout: 5000 });

const t = teamScreenMessages;
const OWNER_ID = '3f0c1a52-9b1e-4d7f-8a55-0c2a6b1d9e01';
const DESK_ID = '7a000000-0000-4000-8000-000000000002';
const INVITATION_ID = '7b000000-0000-4000-8000-000000000001';

const person = (overrides: Partial<TeamPerson>): TeamPerson => ({
  id: OWNER_ID,
  name: 'Priya Sharma',
  email: 'priya@gyandeep.in',
  phone: '9876543210',
  role: 'owner',
  active: true,
  deactivatedAt: null,
  mustChangePassword: false,
  lastSignInAt: '2026-11-20T04:30:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  isSelf: true,
  ...overrides,
});

const DESK = person({
  id: DESK_ID,
  name: 'Ravi Kumar',
  email: 'ravi@gyandeep.in',
  phone: '9000000002',
  role: 'desk',
  isSelf: false,
  lastSignInAt: null,
});

const TEAM: Team = {
  people: [person({}), DESK],
  invitations: [
    {
      id: INVITATION_ID,
      name: 'Meena Joshi',
      email: 'meena@gyandeep.in',
      role: 'manager',
      invitedBy: 'Priya Sharma',
      createdAt: '2026-11-20T04:30:00.000Z',
      expiresAt: '2026-11-27T04:30:00.000Z',
      expired: false,
    },
  ],
  mailConfigured: true,
};

const ACTIVITY: TeamActivity = {
  entries: [
    {
      id: 'a1',
      action: 'payment.record',
      entity_type: 'payment',
      entity_id: null,
      detail: '₹500 Cash',
      ip: null,
      admin_name: 'Ravi Kumar',
      admin_id: DESK_ID,
      created_at: '2026-11-21T05:00:00.000Z',
    },
  ],
};

const ok = (data: unknown, message = 'OK', status = 200) => jsonResponse({ status: true, message, data }, status);
const refused = (message: string, status = 409, errors: unknown[] = []) =>
  jsonResponse({ status: false, code: status, message, errors }, status);

function serveTeam(team: Team = TEAM, extra: Record<string, Handler> = {}) {
  return serve({
    'GET /api/team': () => ok(team),
    'GET /api/team/activity': () => ok(ACTIVITY),
    ...extra,
  });
}

const open = () => openSignedIn('/app/team', t.title);
const bodyOf = async (request: Request) => (await request.json()) as Record<string, unknown>;

describe('Team screen', { timeout: 30_000 }, () => {
  it('lists the people with their roles, the open invitations and the recent activity', async () => {
    serveTeam();
    await open();
    const people = await screen.findByRole('table', { name: t.peopleHeading });
    const desk = within(people).getByText('Ravi Kumar').closest('tr') as HTMLElement;
    expect(within(desk).getByText(t.roles.desk)).toBeTruthy();
    expect(within(desk).getByText(t.neverSignedIn)).toBeTruthy();
    const owner = within(people).getByText('Priya Sharma').closest('tr') as HTMLElement;
    expect(within(owner).getByText(t.you)).toBeTruthy();
    expect(within(owner).getByText(t.roles.owner)).toBeTruthy();

    const invitations = screen.getByRole('table', { name: t.invitationsHeading });
    expect(within(invitations).getByText('meena@gyandeep.in')).toBeTruthy();
    expect(within(invitations).getByText(t.roles.manager)).toBeTruthy();

    const activity = await screen.findByRole('table', { name: t.teamActivityHeading });
    expect(await within(activity).findByText('Payment recorded')).toBeTruthy();
    expect(within(activity).getByText('Ravi Kumar')).toBeTruthy();
  });

  it('shows placeholders while the team loads', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    serve({
      'GET /api/team': async () => {
        await held;
        return ok(TEAM);
      },
      'GET /api/team/activity': () => ok(ACTIVITY),
    });
    await open();
    const people = screen.getByRole('table', { name: t.peopleHeading });
    expect(people.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: t.invite }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await within(people).findByText('Ravi Kumar')).toBeTruthy();
    expect(people.getAttribute('aria-busy')).not.toBe('true');
  });

  it('shows the error screen with the reason when the team cannot load, and REFRESH asks again', async () => {
    let fail = true;
    serve({
      'GET /api/team': () => (fail ? refused('Database unavailable', 500) : ok(TEAM)),
      'GET /api/team/activity': () => ok(ACTIVITY),
    });
    await open();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: messages.errorScreen.refresh }));
    const people = await screen.findByRole('table', { name: t.peopleHeading });
    expect(await within(people).findByText('Ravi Kumar')).toBeTruthy();
  });

  it('shows the empty texts when nobody else is there and nothing happened', async () => {
    serve({
      'GET /api/team': () => ok({ ...TEAM, people: [], invitations: [] }),
      'GET /api/team/activity': () => ok({ entries: [] }),
    });
    await open();
    expect(await screen.findByText(t.noPeople)).toBeTruthy();
    expect(await screen.findByText(t.activityEmpty)).toBeTruthy();
    expect(screen.queryByRole('table', { name: t.invitationsHeading })).toBeNull();
  });

  it('invites a person by email, and shows the server refusing an email already in the team under the field', async () => {
    let calls = 0;
    const requests = serveTeam(TEAM, {
      'POST /api/team/invitations': () =>
        ++calls === 1
          ? refused(messages.team.emailInTeam, 409, [{ field: 'email', message: messages.team.emailInTeam }])
          : ok(TEAM.invitations[0], messages.team.invited, 201),
    });
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: t.invite }));
    const dialog = await screen.findByRole('dialog', { name: t.inviteTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    expect(within(dialog).queryByLabelText(new RegExp(t.phoneLabel))).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: t.sendInvitation }));
    expect(await within(dialog).findByText(messages.team.nameRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(new RegExp(t.nameLabel)), 'Ravi Kumar');
    await user.type(within(dialog).getByLabelText(new RegExp(t.emailLabel)), 'ravi@gyandeep.in');
    await user.click(within(dialog).getByRole('button', { name: t.sendInvitation }));
    expect(await within(dialog).findByText(messages.team.emailInTeam)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(new RegExp(t.emailLabel)));
    await user.type(within(dialog).getByLabelText(new RegExp(t.emailLabel)), 'meena@gyandeep.in');
    await user.click(within(dialog).getByRole('button', { name: t.sendInvitation }));
    expect(await screen.findByText(messages.team.invited)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.inviteTitle })).toBeNull());
    const sent = requests.filter((request) => new URL(request.url).pathname === '/api/team/invitations');
    expect(await bodyOf(sent[1] as Request)).toEqual({ name: 'Ravi Kumar', email: 'meena@gyandeep.in', role: 'desk' });
  });

  it('without mail, adds a person and shows the one-time password once', async () => {
    const requests = serveTeam(
      { ...TEAM, mailConfigured: false },
      {
        'POST /api/team/people': () =>
          ok({ person: DESK, oneTimePassword: 'kite-plum-4821' }, messages.team.personAdded, 201),
      },
    );
    const user = userEvent.setup();
    await open();
    expect(await screen.findByText(t.mailNotSetUp)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.addPerson }));
    const dialog = await screen.findByRole('dialog', { name: t.addTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    await user.type(within(dialog).getByLabelText(new RegExp(t.nameLabel)), 'Ravi Kumar');
    await user.type(within(dialog).getByLabelText(new RegExp(t.emailLabel)), 'ravi@gyandeep.in');
    await user.type(within(dialog).getByLabelText(new RegExp(t.phoneLabel)), '9000000002');
    await user.click(within(dialog).getByRole('button', { name: t.add }));

    const shown = await screen.findByRole('dialog', { name: t.oneTimeTitle });
    expect(within(shown).getByText('kite-plum-4821')).toBeTruthy();
    const added = requests.find((request) => new URL(request.url).pathname === '/api/team/people') as Request;
    expect(await bodyOf(added)).toEqual({
      name: 'Ravi Kumar',
      email: 'ravi@gyandeep.in',
      phone: '9000000002',
      role: 'desk',
    });
    await user.click(within(shown).getByRole('button', { name: t.done }));
    await waitFor(() => expect(screen.queryByText('kite-plum-4821')).toBeNull());
  });

  it("changes a person's role, and shows the server's last-owner refusal", async () => {
    let calls = 0;
    const requests = serveTeam(TEAM, {
      [`PATCH /api/team/people/${OWNER_ID}`]: () => refused(messages.team.lastOwner, 409),
      [`PATCH /api/team/people/${DESK_ID}`]: () => {
        calls += 1;
        return ok({ ...DESK, role: 'manager' }, messages.team.roleChanged);
      },
    });
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: t.actionsOf('Ravi Kumar') }));
    await user.click(await screen.findByRole('menuitem', { name: t.changeRole }));
    let dialog = await screen.findByRole(
      'dialog',
      { name: t.roleTitle('Ravi Kumar') },
      { timeout: LAZY_DIALOG_TIMEOUT },
    );
    await user.click(within(dialog).getByRole('radio', { name: new RegExp(t.roles.manager) }));
    await user.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(messages.team.roleChanged)).toBeTruthy();
    expect(calls).toBe(1);
    const patch = requests.find((request) => request.method === 'PATCH') as Request;
    expect(await bodyOf(patch)).toEqual({ role: 'manager' });

    await user.click(screen.getByRole('button', { name: t.actionsOf('Priya Sharma') }));
    // One's own row has no Deactivate: another owner can.
    expect(screen.queryByRole('menuitem', { name: t.deactivate })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: t.changeRole }));
    dialog = await screen.findByRole('dialog', { name: t.roleTitle('Priya Sharma') }, { timeout: LAZY_DIALOG_TIMEOUT });
    await user.click(within(dialog).getByRole('radio', { name: new RegExp(t.roles.desk) }));
    await user.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(messages.team.lastOwner)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: t.roleTitle('Priya Sharma') })).toBeTruthy();
  });

  it('deactivates a person after asking, and reactivates a deactivated one', async () => {
    const requests = serveTeam(
      {
        ...TEAM,
        people: [
          person({}),
          DESK,
          person({ id: 'gone', name: 'Old Hand', isSelf: false, active: false, role: 'desk' }),
        ],
      },
      {
        [`POST /api/team/people/${DESK_ID}/deactivate`]: () =>
          ok({ ...DESK, active: false }, messages.team.deactivated),
        'POST /api/team/people/gone/reactivate': () => ok(DESK, messages.team.reactivated),
      },
    );
    const user = userEvent.setup();
    await open();
    expect(await screen.findByText(t.deactivatedLabel)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: t.actionsOf('Ravi Kumar') }));
    await user.click(await screen.findByRole('menuitem', { name: t.deactivate }));
    const ask = await screen.findByRole('dialog', { name: t.deactivateTitle });
    expect(within(ask).getByText(t.deactivateConfirm('Ravi Kumar'))).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: t.deactivate }));
    expect(await screen.findByText(messages.team.deactivated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.deactivateTitle })).toBeNull());

    await user.click(await screen.findByRole('button', { name: t.actionsOf('Old Hand') }));
    await user.click(await screen.findByRole('menuitem', { name: t.reactivate }));
    const again = await screen.findByRole('dialog', { name: t.reactivateTitle });
    await user.click(within(again).getByRole('button', { name: t.reactivate }));
    expect(await screen.findByText(messages.team.reactivated)).toBeTruthy();
    const posts = requests.filter((request) => request.method === 'POST').map((r) => new URL(r.url).pathname);
    expect(posts).toEqual([`/api/team/people/${DESK_ID}/deactivate`, '/api/team/people/gone/reactivate']);
  });

  it('sends an invitation again, and revokes one after asking', async () => {
    const requests = serveTeam(TEAM, {
      [`POST /api/team/invitations/${INVITATION_ID}/resend`]: () => ok(TEAM.invitations[0], messages.team.resent),
      [`DELETE /api/team/invitations/${INVITATION_ID}`]: () => ok(null, messages.team.revoked),
    });
    const user = userEvent.setup();
    await open();
    const invitations = await screen.findByRole('table', { name: t.invitationsHeading });
    await user.click(within(invitations).getByRole('button', { name: t.resend }));
    expect(await screen.findByText(messages.team.resent)).toBeTruthy();
    await user.click(within(invitations).getByRole('button', { name: t.revoke }));
    const ask = await screen.findByRole('dialog', { name: t.revokeTitle });
    expect(within(ask).getByText(t.revokeConfirm('meena@gyandeep.in'))).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: t.revoke }));
    expect(await screen.findByText(messages.team.revoked)).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it("opens one person's recent activity", async () => {
    const requests = serveTeam();
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: t.actionsOf('Ravi Kumar') }));
    await user.click(await screen.findByRole('menuitem', { name: t.activity }));
    const dialog = await screen.findByRole('dialog', { name: t.activityTitle('Ravi Kumar') });
    expect(await within(dialog).findByText('Payment recorded')).toBeTruthy();
    const asked = requests
      .filter((request) => new URL(request.url).pathname === '/api/team/activity')
      .map((request) => new URL(request.url).searchParams.get('person'));
    expect(asked).toContain(DESK_ID);
  });
});
