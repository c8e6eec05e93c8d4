import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, jsonResponse, storeSession, stubFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render';

async function openProfile() {
  const user = userEvent.setup();
  storeSession();
  const app = renderApp('/app/dashboard');
  // The first test loads the lazy shell and dashboard chunks cold.
  await screen.findByRole('heading', { name: 'Welcome Admin!' }, { timeout: 10_000 });
  await user.click(screen.getByRole('button', { name: fakeSession.name }));
  await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
  const dialog = await screen.findByRole('dialog', { name: 'Profile' });
  return { ...app, user, dialog };
}

/** The dashboard behind the dialog loads its figures; these tests are about the profile, so they wait. */
const isDashboardCall = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname.startsWith(
    '/api/dashboard/',
  );

function answer(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  stubFetch(((input, init) =>
    isDashboardCall(input) ? new Promise<Response>(() => undefined) : fetchMock(input, init)) as typeof fetch);
  return fetchMock;
}

describe('profile dialog', { timeout: 15_000 }, () => {
  it('shows the name, email and phone', async () => {
    const { dialog } = await openProfile();
    expect(within(dialog).getAllByText(fakeSession.name).length).toBeGreaterThan(0);
    expect(within(dialog).getByText(fakeSession.email)).toBeTruthy();
    expect(within(dialog).getByText(fakeSession.phone)).toBeTruthy();
  });

  it('validates the edit form with the profile messages', async () => {
    const { user, dialog } = await openProfile();
    await user.click(within(dialog).getByRole('button', { name: 'Edit Profile' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.clear(within(form).getByLabelText(/^Phone/));
    await user.type(within(form).getByLabelText(/^Phone/), '12345');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Phone number must be 10 digits')).toBeTruthy();
    expect(within(form).getByText('Password is required')).toBeTruthy();
  });

  it('saves, keeps the token, and returns to the view', async () => {
    const fetchMock = answer(
      jsonResponse({
        status: 'success',
        message: 'Profile updated',
        data: {
          admin: { ...fakeSession, token: undefined, expiresAt: undefined, name: 'Priya Verma', phone: '9000000001' },
        },
      }),
    );
    const { user, dialog, store } = await openProfile();
    await user.click(within(dialog).getByRole('button', { name: 'Edit Profile' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Priya Verma');
    await user.clear(within(form).getByLabelText(/^Phone/));
    await user.type(within(form).getByLabelText(/^Phone/), '9000000001');
    await user.type(within(form).getByLabelText(/^Password/), 'newpassword');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    const view = await screen.findByRole('dialog', { name: 'Profile' });
    expect(within(view).getByText('9000000001')).toBeTruthy();
    const stored = JSON.parse(window.localStorage.getItem('admin') ?? 'null');
    expect(stored).toMatchObject({ name: 'Priya Verma', phone: '9000000001', token: fakeSession.token });
    expect(store.getState().auth.userData?.name).toBe('Priya Verma');

    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe('PUT');
    expect(new URL(request.url).pathname).toBe('/api/admin/update-admin-profile');
    expect(await request.json()).toEqual({
      name: 'Priya Verma',
      email: fakeSession.email,
      phone: '9000000001',
      password: 'newpassword',
    });
  });

  it("shows the server's message when the update fails", async () => {
    answer(
      jsonResponse(
        { status: false, code: 409, message: 'This email is already used by another account', errors: [] },
        409,
      ),
    );
    const { user, dialog } = await openProfile();
    await user.click(within(dialog).getByRole('button', { name: 'Edit Profile' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await user.type(within(form).getByLabelText(/^Password/), 'newpassword');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This email is already used by another account')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeTruthy();
  });

  describe('the current password', () => {
    const currentField = (form: HTMLElement) => within(form).queryByLabelText(/^Current password/);

    it('appears only while the email differs, and is required then', async () => {
      const fetchMock = answer(jsonResponse({ status: true }));
      const { user, dialog } = await openProfile();
      await user.click(within(dialog).getByRole('button', { name: 'Edit Profile' }));
      const form = await screen.findByRole('dialog', { name: 'Edit Profile' });
      expect(currentField(form)).toBeNull();

      const email = within(form).getByLabelText(/^Email/);
      await user.clear(email);
      await user.type(email, 'moved@example.com');
      expect(currentField(form)).not.toBeNull();
      expect(within(form).getByText('Needed to change your email or password')).toBeTruthy();

      await user.type(within(form).getByLabelText(/^Password/), 'newpassword');
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(
        await within(form).findByText('Enter your current password to change your email or password'),
      ).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();

      await user.clear(email);
      await user.type(email, fakeSession.email.toUpperCase());
      expect(currentField(form)).toBeNull();
    });

    it('is sent with an email change, and a wrong one is shown on the field', async () => {
      const fetchMock = answer(
        jsonResponse(
          {
            status: false,
            code: 400,
            message: 'Current password is incorrect',
            errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
          },
          400,
        ),
      );
      const { user, dialog } = await openProfile();
      await user.click(within(dialog).getByRole('button', { name: 'Edit Profile' }));
      const form = await screen.findByRole('dialog', { name: 'Edit Profile' });
      const email = within(form).getByLabelText(/^Email/);
      await user.clear(email);
      await user.type(email, 'moved@example.com');
      await user.type(within(form).getByLabelText(/^Password/), 'newpassword');
      await user.type(currentField(form)!, 'a-wrong-guess');
      await user.click(within(form).getByRole('button', { name: 'Save' }));

      const field = currentField(form)!;
      await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      expect(within(form).getAllByText('Current password is incorrect').length).toBeGreaterThan(0);
      expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeTruthy();
      const request = fetchMock.mock.calls[0]?.[0] as Request;
      expect(await request.json()).toMatchObject({ email: 'moved@example.com', currentPassword: 'a-wrong-guess' });
    });

    it('appears when the server says the password typed is a new one', async () => {
      answer(
        jsonResponse(
          {
            status: false,
            code: 400,
            message: 'Enter your current password to change your email or password',
            errors: [
              { field: 'currentPassword', message: 'Enter your current password to change your email or password' },
            ],
          },
          400,
        ),
      );
      const { user, dialog } = await openProfile();
      await user.click(within(dialog).getByRole('button', { name: 'Edit Profile' }));
      const form = await screen.findByRole('dialog', { name: 'Edit Profile' });
      await user.type(within(form).getByLabelText(/^Password/), 'a-brand-new-one');
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      const field = await within(form).findByLabelText(/^Current password/);
      await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    });
  });
});
