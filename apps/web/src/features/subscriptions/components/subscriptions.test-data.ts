import { configure } from '@testing-library/react';
import { paginate, type Subscription, type AdminSession, subscriptionMessages } from '@app/shared';
import { jsonResponse } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';

// The machine running the suite is shared: give the screens more than the default second to answer.
configure({ asyncUtilTimeout: 5000 });

export const m = subscriptionMessages;

export const STUDENT_ID = '4a1b2c3d-0000-4000-8000-000000000001';
export const SEAT_ID = '5b2c3d4e-0000-4000-8000-000000000001';

export const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: '7c3d4e5f-0000-4000-8000-000000000001',
  student_id: STUDENT_ID,
  first_name: 'Asha',
  last_name: 'Verma',
  mobile: '9876543210',
  start_time: '06:00:00',
  end_time: '14:00:00',
  is_reserved: false,
  seat_id: null,
  name: null,
  area_name: null,
  joining_date: '2026-01-01',
  plan_expires_at: '2026-01-31',
  plan_expire_at: '2026-01-31',
  duration: 1,
  status: 'active',
  price: 1500,
  paid: 1500,
  balance: 0,
  // 04:30 UTC is 10:00 AM in Kolkata.
  created_at: '2026-01-05T04:30:00.000Z',
  updated_at: '2026-01-06T13:45:00.000Z',
  ...overrides,
});

export const ROWS = [
  subscription(),
  subscription({
    id: '7c3d4e5f-0000-4000-8000-000000000002',
    first_name: 'Vikram',
    last_name: null,
    mobile: '9123456789',
    start_time: '22:00:00',
    end_time: '06:00:00',
    is_reserved: true,
    seat_id: SEAT_ID,
    name: 'A7',
    area_name: 'Hall A',
    plan_expires_at: '2026-03-31',
    plan_expire_at: '2026-03-31',
  }),
];

export const listAnswer = (rows: Subscription[] = ROWS, page = 1, limit = 10, total = rows.length) =>
  jsonResponse({ status: true, message: 'OK', data: { subscription: rows, pagination: paginate(page, limit, total) } });

export const failure = (status: number, message: string, errors: { field: string; message: string }[] = []) =>
  jsonResponse({ status: false, code: status, message, errors }, status);

export const openSubscriptions = (session?: AdminSession) => openSignedIn('/app/subscription', m.heading, session);
