import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, paginate, privacyMessages } from '@app/shared';
import { fakeSession, jsonResponse } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';
import { serve } from '@/test/fixtures';
import { detail, emptyFormMessages, student } from './students.test-data';

const m = messages.students;
const ID = detail().id;
const listAnswer = () =>
  jsonResponse({ status: true, message: 'ok', data: { students: [student()], pagination: paginate(1, 10, 1) } });

const open = (path: string, title: string) => openSignedIn(path, title);

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('Add Student', { timeout: 30_000 }, () => {
  it('shows every spec message on an empty submit and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({});
    await open('/app/student/addstudent', m.addTitle);
    await user.click(screen.getByRole('button', { name: m.create }));
    for (const message of emptyFormMessages) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('checks the mobile, email and Aadhaar formats, and the image type', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    serve({});
    await open('/app/student/addstudent', m.addTitle);
    await user.type(screen.getByLabelText(/^Mobile/), '12345');
    await user.type(screen.getByLabelText(/^Email/), 'asha@');
    await user.type(screen.getByLabelText(/^Aadhaar Number/), '234123412345');
    await user.upload(screen.getByLabelText(m.fields.profile), new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    await user.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(m.mobileInvalid)).toBeTruthy();
    expect(screen.getByText(m.emailInvalid)).toBeTruthy();
    expect(screen.getByText(m.aadhaarInvalid)).toBeTruthy();
    expect(screen.getByText(m.imageType)).toBeTruthy();
  });

  it('sends the form as multipart, reads Creating... while busy, then goes back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    let reply: (response: Response) => void = () => undefined;
    const requests = serve({
      'POST /api/user': () => new Promise<Response>((resolve) => (reply = resolve)),
      'GET /api/user': listAnswer,
    });
    const { router } = await open('/app/student/addstudent', m.addTitle);
    await user.type(screen.getByLabelText(/^First Name/), 'Asha');
    await user.type(screen.getByLabelText(/^Mobile/), '9876543210');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Aadhaar Number/), '2341 2341 2346');
    // The picker's own field is typed section by section: fill it through the form value instead.
    const dob = screen.getByRole('group', { name: /Date of Birth/ });
    await user.click(within(dob).getAllByRole('spinbutton')[0]!);
    await user.keyboard('17052002');
    await user.upload(screen.getByLabelText(m.fields.profile), png('me.png'));
    await user.upload(screen.getByLabelText(m.fields.frontImage), png('front.png'));
    await user.upload(screen.getByLabelText(m.fields.backImage), png('back.png'));
    await waitFor(() => expect(screen.getAllByRole('img', { name: /preview$/ })).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: new RegExp(privacyMessages.consent.student) }));

    await user.click(screen.getByRole('button', { name: m.create }));
    const busy = await screen.findByRole('button', { name: m.creating });
    expect((busy as HTMLButtonElement).disabled).toBe(true);

    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.headers.get('Authorization')).toMatch(/^Bearer /);
    const body = await post.formData();
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      first_name: 'Asha',
      last_name: '',
      mobile: '9876543210',
      email: 'asha@example.com',
      aadhaar_number: '234123412346',
      dob: '2002-05-17',
      consent: 'student',
    });
    // jsdom's File does not survive Node's own Request intact; the browser journey checks the bytes.
    for (const field of ['profile', 'front_image', 'back_image']) expect(body.has(field)).toBe(true);

    reply(jsonResponse({ status: true, message: m.created, data: { id: ID, user_id: ID } }, 201));
    expect(await screen.findByText(m.created)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/student'));
  });

  it("shows the server's reason on the field it names", async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'POST /api/user': () =>
        jsonResponse(
          { status: false, code: 409, message: m.mobileTaken, errors: [{ field: 'mobile', message: m.mobileTaken }] },
          409,
        ),
    });
    await open('/app/student/addstudent', m.addTitle);
    await user.type(screen.getByLabelText(/^First Name/), 'Asha');
    await user.type(screen.getByLabelText(/^Mobile/), '9876543210');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Aadhaar Number/), '234123412346');
    await user.click(within(screen.getByRole('group', { name: /Date of Birth/ })).getAllByRole('spinbutton')[0]!);
    await user.keyboard('17052002');
    for (const label of [m.fields.profile, m.fields.frontImage, m.fields.backImage]) {
      await user.upload(screen.getByLabelText(label), png('x.png'));
    }
    await user.click(screen.getByRole('checkbox', { name: new RegExp(privacyMessages.consent.student) }));
    await user.click(screen.getByRole('button', { name: m.create }));
    // Once in the toast, once under the field.
    await waitFor(() => expect(screen.getAllByText(m.mobileTaken)).toHaveLength(2));
  });

  it('lets the Date of Birth be typed, and changed again, after a failed save', async () => {
    // Keys a few milliseconds apart, as a person types: the picker's own timers run between them.
    const user = userEvent.setup({ delay: 5 });
    serve({});
    await open('/app/student/addstudent', m.addTitle);
    await user.click(screen.getByRole('button', { name: m.create }));
    expect(await screen.findByText(m.dobRequired)).toBeTruthy();

    const dob = screen.getByRole('group', { name: /Date of Birth/ });
    const sections = () =>
      within(dob)
        .getAllByRole('spinbutton')
        .map((section) => section.textContent);
    await user.click(within(dob).getAllByRole('spinbutton')[0]!);
    await user.keyboard('14082003');
    await waitFor(() => expect(sections()).toEqual(['14', '08', '2003']));
    await waitFor(() => expect(screen.queryByText(m.dobRequired)).toBeNull());

    // A later change keeps what was typed in the other sections.
    await user.click(within(dob).getAllByRole('spinbutton')[1]!);
    await user.keyboard('09');
    await waitFor(() => expect(sections()).toEqual(['14', '09', '2003']));
  });

  it('goes back to the list on Cancel', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ 'GET /api/user': listAnswer });
    const { router } = await open('/app/student/addstudent', m.addTitle);
    await user.click(screen.getByRole('button', { name: m.cancel }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/student'));
  });
});

describe('Edit Student', { timeout: 30_000 }, () => {
  it('loads the student with previews of the stored images and needs no new images', async () => {
    const user = userEvent.setup({ delay: null });
    let reply: (response: Response) => void = () => undefined;
    const requests = serve({
      [`GET /api/user/${ID}`]: () => jsonResponse({ status: true, message: 'ok', data: detail() }),
      [`PUT /api/user/${ID}`]: () => new Promise<Response>((resolve) => (reply = resolve)),
      'GET /api/user': listAnswer,
    });
    const { router } = await open(`/app/student/addstudent/${ID}`, m.editTitle);
    expect(((await screen.findByLabelText(/^First Name/)) as HTMLInputElement).value).toBe('Asha');
    expect(screen.getByRole('status').textContent).toBe(
      `${messages.payments.balance}: ${messages.payments.balanceValue(0)}`,
    );
    expect((screen.getByLabelText(/^Aadhaar Number/) as HTMLInputElement).value).toBe('234123412346');
    const previews = screen.getAllByRole('img', { name: /preview$/ }).map((img) => img.getAttribute('src'));
    expect(previews).toEqual(['/api/files/p.webp?sig=1', '/api/files/front.webp?sig=1', '/api/files/back.webp?sig=1']);

    await user.clear(screen.getByLabelText(/^First Name/));
    await user.type(screen.getByLabelText(/^First Name/), 'Asha Rani');
    await user.click(screen.getByRole('button', { name: m.update }));
    expect(await screen.findByRole('button', { name: m.updating })).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    const body = await put.formData();
    expect(body.get('first_name')).toBe('Asha Rani');
    expect(body.get('dob')).toBe('2002-05-17');
    expect(body.has('profile')).toBe(false);
    reply(jsonResponse({ status: true, message: m.updated, data: { id: ID, user_id: ID } }));
    expect(await screen.findByText(m.updated)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/student'));
  });

  it('lets the desk edit a student without the Aadhaar number or identity images (issue 16)', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      [`GET /api/user/${ID}`]: () =>
        jsonResponse({
          status: true,
          message: 'ok',
          data: { ...detail(), aadhaar_number: 'XXXX XXXX 2346', front_image: null, back_image: null },
        }),
      [`PUT /api/user/${ID}`]: () => jsonResponse({ status: true, message: m.updated, data: { id: ID, user_id: ID } }),
      'GET /api/user': listAnswer,
    });
    const { router } = await openSignedIn(`/app/student/addstudent/${ID}`, m.editTitle, {
      ...fakeSession,
      role: 'desk',
    });
    const aadhaar = (await screen.findByLabelText(/^Aadhaar Number/)) as HTMLInputElement;
    expect(aadhaar.value).toBe('XXXX XXXX 2346');
    expect(aadhaar.readOnly).toBe(true);
    expect(screen.getByText(messages.team.forbiddenIdentity)).toBeTruthy();
    expect(screen.queryByText(m.fields.frontImage)).toBeNull();
    expect(screen.queryByText(m.fields.backImage)).toBeNull();

    await user.clear(screen.getByLabelText(/^First Name/));
    await user.type(screen.getByLabelText(/^First Name/), 'Asha Rani');
    await user.click(screen.getByRole('button', { name: m.update }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/student'));
    const body = await requests.find((request) => request.method === 'PUT')!.formData();
    // The masked number goes back as it came: the server keeps the stored one.
    expect(body.get('aadhaar_number')).toBe('XXXX XXXX 2346');
    expect(body.get('first_name')).toBe('Asha Rani');
  });

  it('shows what the student still owes (issue 13)', async () => {
    serve({
      [`GET /api/user/${ID}`]: () => jsonResponse({ status: true, message: 'ok', data: detail({ balance: 750.5 }) }),
    });
    await open(`/app/student/addstudent/${ID}`, m.editTitle);
    expect((await screen.findByRole('status')).textContent).toBe(`${messages.payments.balance}: ₹750.50 due`);
  });

  it('says when the student cannot be loaded', async () => {
    serve({
      [`GET /api/user/${ID}`]: () => jsonResponse({ status: false, code: 404, message: m.notFound, errors: [] }, 404),
    });
    await open(`/app/student/addstudent/${ID}`, m.editTitle);
    expect(await screen.findAllByText(m.fetchFailed)).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: messages.errorScreen.refresh })).toBeTruthy();
  });
});
