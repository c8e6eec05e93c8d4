// Test data for the student tests: real images made with sharp, valid Aadhaar numbers,
// and the multipart form as the web app sends it.
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import sharp from 'sharp';
import { expect } from 'vitest';
import { verhoeffCheckDigit } from '@app/shared';

/** A fresh, valid (Verhoeff-checked) Aadhaar number. */
export function aadhaarNumber(): string {
  const body = `${randomInt(2, 10)}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
  return body + String(verhoeffCheckDigit(body));
}

/** A fresh valid mobile number. */
function mobileNumber(): string {
  return `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/** A small real image of the given format. */
export async function image(format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png', width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

export interface FormFile {
  bytes: Buffer;
  name?: string;
  type?: string;
}

/** Text fields of a valid student; every call gives a new mobile, email and Aadhaar number. */
export function studentFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    first_name: 'Asha',
    last_name: 'Verma',
    mobile: mobileNumber(),
    email: `asha-${randomBytes(4).toString('hex')}@example.com`,
    aadhaar_number: aadhaarNumber(),
    dob: '2002-05-17',
    // Issue 19: the student (an adult) agreed to the privacy notice.
    consent: 'student',
    ...overrides,
  };
}

/** The multipart body: text fields, then files under their field names. */
export function studentForm(fields: Record<string, string>, files: Record<string, FormFile | Buffer> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    const {
      bytes,
      name: fileName = `${name}.png`,
      type = 'image/png',
    } = Buffer.isBuffer(file) ? { bytes: file } : file;
    form.append(name, new Blob([new Uint8Array(bytes)], { type }), fileName);
  }
  return form;
}

/** The three images a new student needs. */
export async function threeImages(): Promise<Record<string, Buffer>> {
  const [profile, front, back] = await Promise.all([image('png'), image('jpeg', 60, 40), image('webp', 60, 40)]);
  return { profile, front_image: front, back_image: back };
}

/**
 * Creates a student through `POST /api/user` as the web app does (asserting 201), and reads
 * it back through `GET /api/user/:id` on the same app.
 */
export async function createStudentViaApi(
  app: Pick<FastifyInstance, 'inject'>,
  headers: Record<string, string>,
  files: Record<string, FormFile | Buffer>,
  fields: Record<string, string> = studentFields(),
) {
  const response = await app.inject({ method: 'POST', url: '/api/user', headers, payload: studentForm(fields, files) });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as string;
  const detail = await app.inject({ url: `/api/user/${id}`, headers });
  return { id, fields, student: detail.json().data as Record<string, string> };
}

/** A student row written straight to the database (for list tests, where images do not matter). */
/** Saves a student's form over the student, failing the test unless it answers 200; answers the student as read after. */
export async function updateStudentViaApi(
  app: Pick<FastifyInstance, 'inject'>,
  headers: Record<string, string>,
  id: string,
  fields: Record<string, string>,
  files: Record<string, FormFile | Buffer> = {},
) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/user/${id}`,
    headers,
    payload: studentForm(fields, files),
  });
  expect(response.statusCode, response.body).toBe(200);
  const detail = await app.inject({ url: `/api/user/${id}`, headers });
  return detail.json().data;
}

export async function insertStudentRow(
  pool: pg.Pool,
  libraryId: string,
  values: {
    firstName: string;
    lastName?: string | null;
    mobile?: string;
    email?: string;
    kycStatus?: string;
    createdAt?: string;
  },
): Promise<{ id: string; mobile: string; email: string }> {
  const mobile = values.mobile ?? mobileNumber();
  const email = values.email ?? `s-${randomBytes(5).toString('hex')}@example.com`;
  const result = await pool.query<{ id: string }>(
    `insert into students (library_id, first_name, last_name, mobile, email, dob, aadhaar_encrypted, aadhaar_hash,
       aadhaar_last4, kyc_status, created_at)
     values ($1, $2, $3, $4, $5, '2000-01-01', 'not-used-by-lists', $6, '4321', $7, coalesce($8::timestamptz, now()))
     returning id`,
    [
      libraryId,
      values.firstName,
      values.lastName === undefined ? 'Test' : values.lastName,
      mobile,
      email,
      randomBytes(16).toString('hex'),
      values.kycStatus ?? 'pending',
      values.createdAt ?? null,
    ],
  );
  return { id: result.rows[0]!.id, mobile, email };
}
