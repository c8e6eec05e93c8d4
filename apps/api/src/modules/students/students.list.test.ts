import { beforeAll, describe, expect, it } from 'vitest';
import { messages, STUDENT_SORT_KEYS } from '@app/shared';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { insertStudentRow } from './students.fixtures';

const m = messages.students;
const t = useTestApp();
let auth: Record<string, string>;
let libraryId: string;
const ids: Record<string, string> = {};

// One library with a known set of students; each test only reads.
beforeAll(async () => {
  const library = await registerLibrary(t.app);
  auth = library.auth;
  libraryId = library.session.library.id;
  const rows = [
    { firstName: 'asha', lastName: 'Verma', mobile: '9000000001', email: 'asha@example.com', createdAt: '2024-01-05' },
    {
      firstName: 'Bharat',
      lastName: 'Singh',
      mobile: '8000000002',
      email: 'bharat@example.com',
      kycStatus: 'verified',
      createdAt: '2024-01-01',
    },
    {
      firstName: 'PRAKASH',
      lastName: null,
      mobile: '7000000003',
      email: 'p.rakash@mail.in',
      kycStatus: 'rejected',
      createdAt: '2024-01-03',
    },
    {
      firstName: 'Chitra',
      lastName: '50% Off',
      mobile: '6000000004',
      email: 'chitra_c@example.com',
      createdAt: '2024-01-02',
    },
    {
      firstName: 'Divya',
      lastName: 'Nair',
      mobile: '9123456789',
      email: 'divya@example.com',
      kycStatus: 'verified',
      createdAt: '2024-01-04',
    },
  ];
  for (const row of rows) ids[row.firstName] = (await insertStudentRow(t.pool, libraryId, row)).id;
  // Noise in another library that must never show up.
  const other = await registerLibrary(t.app);
  await insertStudentRow(t.pool, other.session.library.id, { firstName: 'Asha', email: 'asha-other@example.com' });
});

async function list(query = '') {
  const response = await t.app.inject({ url: `/api/user${query}`, headers: auth });
  return response;
}
async function names(query = '') {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.students.map((student: { first_name: string }) => student.first_name) as string[];
}

describe('GET /api/user', () => {
  it('answers the first page sorted by name, case-insensitively, with the pagination object', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(true);
    expect(body.data.students.map((s: { first_name: string }) => s.first_name)).toEqual([
      'asha',
      'Bharat',
      'Chitra',
      'Divya',
      'PRAKASH',
    ]);
    expect(body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 5,
      itemsPerPage: 10,
      hasNextPage: false,
      hasPrevPage: false,
      nextPage: null,
      prevPage: null,
    });
  });

  it('answers each row with the Aadhaar masked and the type', async () => {
    const [row] = (await list('?limit=5')).json().data.students;
    expect(row).toEqual({
      id: ids.asha,
      user_id: ids.asha,
      first_name: 'asha',
      last_name: 'Verma',
      mobile: '9000000001',
      email: 'asha@example.com',
      dob: '2000-01-01',
      aadhaar_number: 'XXXX XXXX 4321',
      kyc_status: 'pending',
      status: 'active',
      is_premium: false,
      type: 'Regular',
      profile: null,
      profile_thumb: null,
      created_at: expect.stringMatching(/^2024-01-0\dT/),
      updated_at: expect.any(String),
      left_at: null,
      documents_erased_at: null,
    });
  });

  it('answers an empty page past the end', async () => {
    const response = await list('?page=3&limit=5');
    expect(response.json().data.students).toEqual([]);
    expect(response.json().data.pagination).toMatchObject({
      currentPage: 3,
      totalPages: 1,
      hasPrevPage: true,
      prevPage: 2,
    });
  });

  it('gives the exact total past the end too, of all the members or of the matches', async () => {
    const total = async (query: string) => (await list(query)).json().data.pagination.totalItems as number;
    expect(await total('?page=3&limit=5')).toBe(5);
    expect(await total('?page=2&limit=5&search=ASH')).toBe(2);
    expect(await total('?page=2&limit=5&type=premium')).toBe(0);
    expect(await total('?page=2&limit=5&state=left')).toBe(0);
  });

  it('sorts by the allowed columns, both ways', async () => {
    expect(await names('?sortBy=created_at')).toEqual(['Bharat', 'Chitra', 'PRAKASH', 'Divya', 'asha']);
    expect(await names('?sortBy=created_at&sortOrder=DESC')).toEqual(['asha', 'Divya', 'PRAKASH', 'Chitra', 'Bharat']);
    expect(await names('?sortBy=name&sortOrder=DESC')).toEqual(['PRAKASH', 'Divya', 'Chitra', 'Bharat', 'asha']);
    expect(await names('?sortBy=mobile&sortOrder=asc')).toEqual(['Chitra', 'PRAKASH', 'Bharat', 'asha', 'Divya']);
    expect(await names('?sortBy=email')).toEqual(['asha', 'Bharat', 'Chitra', 'Divya', 'PRAKASH']);
  });

  it('searches name, mobile and email case-insensitively by fragment', async () => {
    expect(await names('?search=ASH')).toEqual(['asha', 'PRAKASH']);
    expect(await names('?search=singh')).toEqual(['Bharat']);
    expect(await names('?search=45678')).toEqual(['Divya']);
    expect(await names('?search=mail.in')).toEqual(['PRAKASH']);
    expect(await names('?search=%20%20divya%20')).toEqual(['Divya']);
    expect(await names('?search=nobody')).toEqual([]);
    expect(await names('?search=a&sortOrder=DESC')).toEqual(['PRAKASH', 'Divya', 'Chitra', 'Bharat', 'asha']);
    expect(await names('?search=example&sortBy=mobile')).toEqual(['Chitra', 'Bharat', 'asha', 'Divya']);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    expect(await names(`?search=${encodeURIComponent('50%')}`)).toEqual(['Chitra']);
    expect(await names(`?search=${encodeURIComponent('%')}`)).toEqual(['Chitra']);
    expect(await names(`?search=${encodeURIComponent('a_c')}`)).toEqual(['Chitra']);
    expect(await names(`?search=${encodeURIComponent('_')}`)).toEqual(['Chitra']);
    expect(await names(`?search=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('filters by KYC status and by type', async () => {
    expect(await names('?status=verified')).toEqual(['Bharat', 'Divya']);
    expect(await names('?status=rejected&search=a')).toEqual(['PRAKASH']);
    expect(await names('?status=')).toHaveLength(5);
    expect(await names('?type=regular')).toHaveLength(5);
    expect(await names('?type=premium')).toEqual([]);
  });

  it('counts only the matching students', async () => {
    const response = await list('?status=verified&limit=5');
    expect(response.json().data.pagination).toMatchObject({ totalItems: 2, totalPages: 1, itemsPerPage: 5 });
  });

  it.each([
    ['?sortBy=password', messages.list.sortByInvalid(STUDENT_SORT_KEYS)],
    ['?sortBy=name%3Bdrop%20table%20students', messages.list.sortByInvalid(STUDENT_SORT_KEYS)],
    ['?sortOrder=up', messages.list.sortOrderInvalid],
    ['?limit=7', messages.list.limitInvalid],
    ['?limit=1000000', messages.list.limitInvalid],
    ['?page=0', messages.list.pageInvalid],
    ['?page=abc', messages.list.pageInvalid],
    ['?page=99999999999', messages.list.pageInvalid],
    ['?status=done', m.statusFilterInvalid],
    ['?type=gold', m.typeFilterInvalid],
    [`?search=${'x'.repeat(101)}`, messages.list.searchTooLong],
  ])('refuses %s with 400', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, code: 400, message });
  });
});

describe('paging', () => {
  it('splits twelve students into pages of five, every student once', async () => {
    const library = await registerLibrary(t.app);
    for (let i = 1; i <= 12; i += 1) {
      await insertStudentRow(t.pool, library.session.library.id, {
        firstName: `Student ${String(i).padStart(2, '0')}`,
      });
    }
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await t.app.inject({ url: `/api/user?page=${page}&limit=5`, headers: library.auth });
      const { students, pagination } = response.json().data;
      seen.push(...students.map((s: { first_name: string }) => s.first_name));
      expect(pagination).toMatchObject({
        currentPage: page,
        totalPages: 3,
        totalItems: 12,
        itemsPerPage: 5,
        hasNextPage: page < 3,
        nextPage: page < 3 ? page + 1 : null,
      });
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `Student ${String(i + 1).padStart(2, '0')}`));
  });
});

describe('premium students', () => {
  it('are the ones with a subscription active today', async () => {
    const library = await registerLibrary(t.app);
    const id = library.session.library.id;
    const active = await insertStudentRow(t.pool, id, { firstName: 'Active' });
    const lapsed = await insertStudentRow(t.pool, id, { firstName: 'Lapsed' });
    const future = await insertStudentRow(t.pool, id, { firstName: 'Future' });
    await insertStudentRow(t.pool, id, { firstName: 'Never' });
    const subscribe = (studentId: string, from: string, to: string) =>
      t.pool.query(
        `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
         values ($1, $2, false, '08:00', '12:00', (now() at time zone 'Asia/Kolkata')::date + $3::int, (now() at time zone 'Asia/Kolkata')::date + $4::int, 1)`,
        [id, studentId, from, to],
      );
    await subscribe(active.id, '-10', '20');
    await subscribe(lapsed.id, '-40', '-1');
    await subscribe(future.id, '1', '30');

    const premium = await t.app.inject({ url: '/api/user?type=premium', headers: library.auth });
    expect(premium.json().data.students).toEqual([
      expect.objectContaining({ first_name: 'Active', is_premium: true, type: 'Premium' }),
    ]);
    const regular = await t.app.inject({ url: '/api/user?type=regular', headers: library.auth });
    expect(regular.json().data.students.map((s: { first_name: string }) => s.first_name)).toEqual([
      'Future',
      'Lapsed',
      'Never',
    ]);
  });
});

describe('instants', () => {
  it('are written as toISOString writes the instant node-postgres reads, whatever its microseconds', async () => {
    const library = await registerLibrary(t.app);
    const id = library.session.library.id;
    const instants = [
      '2024-01-05 07:30:00+00',
      '2024-01-05 07:30:00.5+05:30',
      '2024-02-29 23:59:59.999999+00',
      '1999-12-31 23:59:59.0009-08',
      '2030-06-15 12:00:00.123456+00',
    ];
    for (const [index, createdAt] of instants.entries())
      await insertStudentRow(t.pool, id, { firstName: `Student ${index}`, createdAt });
    await t.pool.query(
      `update students set left_at = created_at + interval '1.0004 seconds', status = 'left',
         documents_erased_at = created_at + interval '2 days 0.0015 seconds'
       where library_id = $1`,
      [id],
    );
    const { rows } = await t.pool.query<{ id: string; created_at: Date; left_at: Date; documents_erased_at: Date }>(
      'select id, created_at, left_at, documents_erased_at from students where library_id = $1',
      [id],
    );
    const response = await t.app.inject({ url: '/api/user?state=left&limit=25', headers: library.auth });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json().data.students as { id: string; created_at: string; left_at: string }[];
    expect(answered).toHaveLength(instants.length);
    for (const row of rows) {
      expect(answered.find((student) => student.id === row.id)).toMatchObject({
        created_at: row.created_at.toISOString(),
        left_at: row.left_at.toISOString(),
        documents_erased_at: row.documents_erased_at.toISOString(),
      });
    }
  });
});
