import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { StudentInbox, StudentMe, StudentPayments } from '@app/shared';
import { onSignedOut } from '../api/client';
import { saveStudentSession, type StudentSession } from '../api/session';
import { StudentTheme } from '../components/StudentTheme';
import { studentRoutes } from '../routes';

export const SESSION_ID = '6f1c2b3a-4d5e-4f60-8a71-92b3c4d5e6f7';

export const studentSession: StudentSession = {
  token: 'student-token-abc',
  session_id: SESSION_ID,
  // 32 bytes, base64url.
  pass_key: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
  student: { id: 's-1', first_name: 'Asha', last_name: 'Verma' },
  library: { id: 'l-1', name: 'Gyan Deep Library' },
  clock_offset_ms: 0,
};

export const me: StudentMe = {
  student: { id: 's-1', first_name: 'Asha', last_name: 'Verma', mobile: '9876500001', language: 'en' },
  library: {
    id: 'l-1',
    name: 'Gyan Deep Library',
    address: '12 Civil Lines, Jaipur',
    phone: '9876543210',
    whatsapp: '9876543210',
    whatsapp_link: 'https://wa.me/919876543210',
    upi_id: 'gyandeep@okaxis',
    time_zone: 'Asia/Kolkata',
    today: '2026-11-24',
    privacy_notice: 'Gyan Deep Library keeps your name and Aadhaar number to run your membership.',
  },
  memberships: [
    {
      subscription_id: 'sub-1',
      status: 'active',
      is_reserved: true,
      seat_name: 'A12',
      area_name: 'Silent Hall',
      start_time: '06:00:00',
      end_time: '14:00:00',
      joining_date: '2026-11-01',
      plan_expires_at: '2026-12-31',
      duration: 2,
      days_left: 38,
      balance: 500,
    },
  ],
  server_time: '2026-11-24T06:00:00.000Z',
};

export const payments: StudentPayments = {
  payments: [
    {
      id: 'p-1',
      subscription_id: 'sub-1',
      paid_at: '2026-11-01T05:30:00.000Z',
      amount: 1500,
      mode: 'Cash',
      receipt_no: 'GDL/2026-27/0007',
      kind: 'new',
      voided: false,
    },
    {
      id: 'p-2',
      subscription_id: 'sub-1',
      paid_at: '2026-11-02T05:30:00.000Z',
      amount: 200,
      mode: 'UPI',
      receipt_no: 'GDL/2026-27/0008',
      kind: 'balance',
      voided: true,
    },
  ],
  dues: [
    {
      subscription_id: 'sub-1',
      plan_expires_at: '2026-12-31',
      amount: 500,
      upi_link: 'upi://pay?pa=gyandeep%40okaxis&pn=Gyan%20Deep%20Library&am=500.00&cu=INR',
    },
  ],
  total_due: 500,
};

const pagination = {
  currentPage: 1,
  totalPages: 1,
  totalItems: 2,
  itemsPerPage: 25,
  hasNextPage: false,
  hasPrevPage: false,
  nextPage: null,
  prevPage: null,
};

export const inbox: StudentInbox = {
  notifications: [
    {
      id: 'n-2',
      title: 'Closed on Sunday',
      body: 'The library is closed this Sunday for Diwali.',
      sent_at: '2026-11-20T04:00:00.000Z',
      read: false,
      read_at: null,
    },
    {
      id: 'n-1',
      title: 'New timings',
      body: 'We open at 5 AM from Monday.',
      sent_at: '2026-11-10T04:00:00.000Z',
      read: true,
      read_at: '2026-11-10T05:00:00.000Z',
    },
  ],
  unread_count: 1,
  pagination,
};

/** A success envelope as the API answers. */
export const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ status: true, message: 'OK', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const failure = (message: string, status: number) =>
  new Response(JSON.stringify({ status: false, code: status, message, errors: [] }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Route = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/** fetch answered per `METHOD /path` (query string ignored); anything else fails the test loudly. */
export function stubStudentApi(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown; authorization: string | undefined }[] = [];
  const handler = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      method,
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.authorization,
    });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return failure(`no stub for ${method} ${url.pathname}`, 599);
    return route(init, url);
  });
  vi.stubGlobal('fetch', handler);
  return calls;
}

/** Renders the student app at `path` (a memory router); `signedIn` stores the session first. */
export function renderStudentApp(path: string, { signedIn = true } = {}) {
  if (signedIn) saveStudentSession(studentSession);
  const router = createMemoryRouter(studentRoutes, { initialEntries: [path] });
  onSignedOut(() => void router.navigate('/student/join', { replace: true, state: { signedOut: true } }));
  const view = render(
    <StudentTheme>
      <RouterProvider router={router} />
    </StudentTheme>,
  );
  return { ...view, router };
}
