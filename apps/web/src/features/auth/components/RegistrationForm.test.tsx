import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, jsonResponse, stubFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render';

async function openRegistration() {
  const app = renderApp('/register');
  await screen.findByRole('heading', { name: 'Library Registration' });
  return app;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

// Pasting keeps the many-field form fast in jsdom; each paste is one change, validated like typing.
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  const values: [string, string][] = [
    ['Library Name', 'Gyan Deep Library'],
    ['Mobile Number', '9876543210'],
    ['Email Address', 'hello@gyandeep.in'],
    ['Address', '12 MG Road, Jaipur'],
    ['First Name', 'Priya'],
    ['Owner Mobile Number', '9123456780'],
    ['Owner Email Address', 'priya@gyandeep.in'],
    ['Password', 'longenough'],
  ];
  for (const [label, value] of values) {
    await user.click(field(label));
    await user.paste(value);
  }
}

// A many-field form re-validated on every change is slow in jsdom on a small CI machine.
describe('Library Registration', { timeout: 20_000 }, () => {
  it('shows the three sections and a link back to sign in', async () => {
    await openRegistration();
    for (const section of ['Library Information', 'Contact Information', 'Library Owner Details']) {
      expect(screen.getByRole('heading', { name: section })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: /Sign In/ }).getAttribute('href')).toBe('/login');
  });

  it('checks a field while typing, before any submit', async () => {
    const user = userEvent.setup();
    await openRegistration();
    await user.type(field('Mobile Number'), '12345');
    expect(await screen.findByText('Enter a valid 10-digit mobile number')).toBeTruthy();
    await user.type(field('Email Address'), 'nope');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    await user.type(field('Password'), 'short');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
  });

  it('shows every required message on an empty submit and calls nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>();
    stubFetch(fetchMock);
    await openRegistration();
    await user.click(screen.getByRole('button', { name: 'Register Library' }));

    for (const message of [
      'Library name is required',
      'Mobile number is required',
      'Email address is required',
      'Owner name is required',
      'Owner Mobile number is required',
      'Owner Email address is required',
      'Password is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers, stores the admin and opens the dashboard', async () => {
    const user = userEvent.setup();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        jsonResponse({ status: true, message: 'Library registered successfully', data: fakeSession }, 201),
      );
    stubFetch(fetchMock);
    const { router } = await openRegistration();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register Library' }));

    await screen.findByRole('heading', { name: 'Welcome Admin!' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(JSON.parse(window.localStorage.getItem('admin') ?? 'null')).toEqual(fakeSession);
    expect(await screen.findByText('Logged in successfully!')).toBeTruthy();
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/auth/register/library');
    expect(await request.json()).toEqual({
      library_name: 'Gyan Deep Library',
      mobile: '9876543210',
      email: 'hello@gyandeep.in',
      address: '12 MG Road, Jaipur',
      first_name: 'Priya',
      owner_mobile: '9123456780',
      owner_email: 'priya@gyandeep.in',
      password: 'longenough',
    });
  });

  it("shows the server's message when registration is refused", async () => {
    const user = userEvent.setup();
    stubFetch(
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          jsonResponse(
            { status: false, code: 409, message: 'An account with this owner email already exists', errors: [] },
            409,
          ),
        ),
    );
    const { router } = await openRegistration();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register Library' }));
    expect(await screen.findByText('An account with this owner email already exists')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
  });
});
