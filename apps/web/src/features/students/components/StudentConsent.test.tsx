import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateDMY, messages, paginate, todayIn, privacyMessages } from '@app/shared';
import { jsonResponse, serve } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';
import { detail, student } from './students.test-data';

const m = messages.students;
const c = privacyMessages.consent;
const e = privacyMessages.erase;
const ID = detail().id;
const NOTICE = 'Gyan Deep Library keeps your Aadhaar number for 90 days after you leave.';

const ok = (data: unknown) => jsonResponse({ status: true, message: 'ok', data });
const settings = () =>
  ok({ privacy_notice: null, privacy_notice_text: NOTICE, retention_days: 90, keep_aadhaar_last4: false });
const listAnswer = () => ok({ students: [student()], pagination: paginate(1, 10, 1) });
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

/** `YYYY-MM-DD` moved by whole years and days, as the calendar reads it. */
function shift(date: string, years: number, days = 0): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y + years, mo - 1, d + days));
  return moved.toISOString().slice(0, 10);
}

async function typeDob(user: ReturnType<typeof userEvent.setup>, dob: string) {
  const group = screen.getByRole('group', { name: /Date of Birth/ });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(formatDateDMY(dob).replaceAll('/', ''));
}

const consentBox = () => screen.queryByRole('checkbox', { name: /privacy notice/ });

describe('Student form: consent (issue 19)', { timeout: 60_000 }, () => {
  it('asks the student, or a parent or guardian until the 18th birthday by the library’s today, and sends who agreed', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/settings': settings,
      'POST /api/user': () => jsonResponse({ status: true, message: m.created, data: { id: ID, user_id: ID } }, 201),
      'GET /api/user': listAnswer,
    });
    await openSignedIn('/app/student/addstudent', m.addTitle);
    // With no date of birth yet, the student agrees.
    expect(screen.getByRole('checkbox', { name: new RegExp(c.student) })).toBeTruthy();

    // The notice is behind its toggle.
    const toggle = await screen.findByRole('button', { name: c.showNotice });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(screen.getByRole('button', { name: c.hideNotice }).getAttribute('aria-expanded')).toBe('true');

    const today = todayIn('Asia/Kolkata');
    // 18 tomorrow: still under 18, a parent or guardian agrees.
    await typeDob(user, shift(today, -18, 1));
    expect(await screen.findByRole('checkbox', { name: new RegExp(c.guardian) })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: new RegExp(c.student) })).toBeNull();

    await user.type(screen.getByLabelText(/^First Name/), 'Meera');
    await user.type(screen.getByLabelText(/^Mobile/), '9876543211');
    await user.type(screen.getByLabelText(/^Email/), 'meera@example.com');
    await user.type(screen.getByLabelText(/^Aadhaar Number/), '234123412346');
    for (const label of [m.fields.profile, m.fields.frontImage, m.fields.backImage]) {
      await user.upload(screen.getByLabelText(label), png('x.png'));
    }
    // Unticked: its message under it, nothing sent.
    await user.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(c.required)).toBeTruthy();
    expect(consentBox()!.getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.click(consentBox()!);
    await waitFor(() => expect(screen.queryByText(c.required)).toBeNull());
    await user.click(screen.getByRole('button', { name: m.create }));
    await screen.findByText(m.created);
    const body = await requests.find((request) => request.method === 'POST')!.formData();
    expect(body.get('consent')).toBe('guardian');
  });

  it('turns to the student on the 18th birthday', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ 'GET /api/settings': settings });
    await openSignedIn('/app/student/addstudent', m.addTitle);
    await typeDob(user, shift(todayIn('Asia/Kolkata'), -18));
    expect(await screen.findByRole('checkbox', { name: new RegExp(c.student) })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: new RegExp(c.guardian) })).toBeNull();
  });

  it("shows the server's refusal under the checkbox", async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/settings': settings,
      [`GET /api/user/${ID}`]: () => ok(detail({ consent: null })),
      [`PUT /api/user/${ID}`]: () =>
        jsonResponse(
          {
            status: false,
            code: 400,
            message: c.guardianRequired,
            errors: [{ field: 'consent', message: c.guardianRequired }],
          },
          400,
        ),
    });
    await openSignedIn(`/app/student/addstudent/${ID}`, m.editTitle);
    await user.click(await screen.findByRole('checkbox', { name: new RegExp(c.student) }));
    await user.click(screen.getByRole('button', { name: m.update }));
    // In the toast and under the checkbox.
    await waitFor(() => expect(screen.getAllByText(c.guardianRequired)).toHaveLength(2));
  });

  it('shows the consent on record instead of the checkbox', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/settings': settings,
      [`GET /api/user/${ID}`]: () =>
        ok(
          detail({
            consent: { at: '2025-03-31T20:00:00.000Z', given_by: 'guardian', recorded_by_name: null, notice: 'Then' },
          }),
        ),
      [`PUT /api/user/${ID}`]: () => ok({ id: ID, user_id: ID }),
      'GET /api/user': listAnswer,
    });
    await openSignedIn(`/app/student/addstudent/${ID}`, m.editTitle);
    // 8:00 PM UTC on 31 March is 1 April in India; the staff member's account is gone.
    expect(await screen.findByText(c.recorded('01/04/2025', c.unknownStaff, 'guardian'))).toBeTruthy();
    expect(consentBox()).toBeNull();
    // The notice they agreed to, not the library's current one.
    await user.click(screen.getByRole('button', { name: c.showNotice }));
    expect(await screen.findByText('Then')).toBeTruthy();
    expect(screen.queryByText(NOTICE)).toBeNull();
    await user.click(screen.getByRole('button', { name: m.update }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const body = await requests.find((request) => request.method === 'PUT')!.formData();
    expect(body.has('consent')).toBe(false);
  });

  it('asks a student added before consent was recorded for it at the next save', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/settings': settings,
      [`GET /api/user/${ID}`]: () => ok(detail({ consent: null })),
      [`PUT /api/user/${ID}`]: () => ok({ id: ID, user_id: ID }),
      'GET /api/user': listAnswer,
    });
    await openSignedIn(`/app/student/addstudent/${ID}`, m.editTitle);
    expect(await screen.findByText(c.missing)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByText(c.required)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
    await user.click(consentBox()!);
    await user.click(screen.getByRole('button', { name: m.update }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const body = await requests.find((request) => request.method === 'PUT')!.formData();
    expect(body.get('consent')).toBe('student');
  });

  it('needs the Aadhaar number, the three images and consent again once the documents were erased', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/settings': settings,
      [`GET /api/user/${ID}`]: () =>
        ok(
          detail({
            status: 'left',
            left_at: '2025-01-10T06:00:00.000Z',
            documents_erased_at: '2025-04-10T06:00:00.000Z',
            aadhaar_number: '',
            profile: null,
            profile_thumb: null,
            front_image: null,
            back_image: null,
          }),
        ),
    });
    await openSignedIn(`/app/student/addstudent/${ID}`, m.editTitle);
    expect(await screen.findByText(e.erasedOn('10/04/2025'))).toBeTruthy();
    expect(screen.getByText(privacyMessages.leave.leftOn('10/01/2025'))).toBeTruthy();
    expect(screen.getByText(e.documentsNeeded)).toBeTruthy();
    expect(screen.queryAllByRole('img', { name: /preview$/ })).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: m.update }));
    for (const message of [
      m.aadhaarRequired,
      m.profileRequired,
      m.frontImageRequired,
      m.backImageRequired,
      c.required,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });
});
