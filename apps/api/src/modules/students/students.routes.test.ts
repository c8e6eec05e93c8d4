import { beforeAll, describe, expect, it } from 'vitest';
import { messages, privacyMessages } from '@app/shared';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { aadhaarNumber, image, studentFields, studentForm, threeImages } from './students.fixtures';

const m = messages.students;
const t = useTestApp();
let images: Record<string, Buffer>;

beforeAll(async () => {
  images = await threeImages();
});

type Auth = Record<string, string>;

async function create(auth: Auth, fields = studentFields(), files: Record<string, Buffer> = images) {
  return t.app.inject({ method: 'POST', url: '/api/user', headers: auth, payload: studentForm(fields, files) });
}

async function createOk(auth: Auth, fields = studentFields()) {
  const response = await create(auth, fields);
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.id as string, fields };
}

const get = (auth: Auth, id: string) => t.app.inject({ url: `/api/user/${id}`, headers: auth });
const update = (auth: Auth, id: string, fields: Record<string, string>, files: Record<string, Buffer> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: auth, payload: studentForm(fields, files) });
const setKyc = (auth: Auth, id: string, kyc_status: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/user/${id}/kyc`, headers: auth, payload: { kyc_status } });

describe('POST /api/user', () => {
  it('creates a student and answers its id', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await create(auth);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ status: true, message: m.created });
    expect(body.data.user_id).toBe(body.data.id);
  });

  it('answers every missing field and image with the spec messages', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await create(auth, {}, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, code: 400, message: m.firstNameRequired });
    expect(response.json().errors).toEqual([
      { field: 'first_name', message: m.firstNameRequired, messageCode: 'students.firstNameRequired' },
      { field: 'mobile', message: m.mobileRequired, messageCode: 'students.mobileRequired' },
      { field: 'email', message: m.emailRequired, messageCode: 'students.emailRequired' },
      { field: 'aadhaar_number', message: m.aadhaarRequired, messageCode: 'students.aadhaarRequired' },
      { field: 'dob', message: m.dobRequired, messageCode: 'students.dobRequired' },
      { field: 'profile', message: m.profileRequired, messageCode: 'students.profileRequired' },
      { field: 'front_image', message: m.frontImageRequired, messageCode: 'students.frontImageRequired' },
      { field: 'back_image', message: m.backImageRequired, messageCode: 'students.backImageRequired' },
      // Issue 19: documents are never stored without the consent on record.
      { field: 'consent', message: privacyMessages.consent.required, messageCode: 'privacy.consent.required' },
    ]);
  });

  it.each([
    ['mobile', '1234567890', m.mobileInvalid],
    ['email', 'not-an-email', m.emailInvalid],
    ['aadhaar_number', '234123412345', m.aadhaarInvalid],
    ['aadhaar_number', '12345', m.aadhaarInvalid],
    ['dob', '2001-13-01', m.dobInvalid],
    ['dob', '2999-01-01', m.dobFuture],
    ['first_name', 'x'.repeat(81), 'At most 80 characters'],
  ])('refuses %s = %j', async (field, value, message) => {
    const { auth } = await registerLibrary(t.app);
    const response = await create(auth, studentFields({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: [{ field, message }] });
  });

  it('treats an empty file part as no image', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await create(auth, studentFields(), { ...images, back_image: Buffer.alloc(0) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'back_image', message: m.backImageRequired, messageCode: 'students.backImageRequired' },
    ]);
  });

  it('refuses a field longer than the form allows and a JSON body', async () => {
    const { auth } = await registerLibrary(t.app);
    const long = await create(auth, studentFields({ first_name: 'x'.repeat(5000) }));
    expect(long.statusCode).toBe(413);
    expect(long.json()).toMatchObject({ message: m.fieldTooLong });
    const json = await t.app.inject({ method: 'POST', url: '/api/user', headers: auth, payload: studentFields() });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 415, message: m.multipartRequired });
  });

  it('keeps mobile, email and Aadhaar unique within the library, naming the field', async () => {
    const { auth } = await registerLibrary(t.app);
    const first = await createOk(auth);
    const sameMobile = await create(auth, studentFields({ mobile: first.fields.mobile! }));
    expect(sameMobile.statusCode).toBe(409);
    expect(sameMobile.json()).toMatchObject({
      code: 409,
      message: m.mobileTaken,
      errors: [{ field: 'mobile', message: m.mobileTaken }],
    });

    const sameEmail = await create(auth, studentFields({ email: first.fields.email!.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toEqual([
      { field: 'email', message: m.emailTaken, messageCode: 'students.emailTaken' },
    ]);

    const spaced = first.fields.aadhaar_number!.replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3');
    const sameAadhaar = await create(auth, studentFields({ aadhaar_number: spaced }));
    expect(sameAadhaar.statusCode).toBe(409);
    expect(sameAadhaar.json().errors).toEqual([
      { field: 'aadhaar_number', message: m.aadhaarTaken, messageCode: 'students.aadhaarTaken' },
    ]);

    const all = await create(auth, { ...first.fields });
    expect(all.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'mobile',
      'email',
      'aadhaar_number',
    ]);
  });

  it('lets another library use the same mobile, email and Aadhaar', async () => {
    const one = await registerLibrary(t.app);
    const two = await registerLibrary(t.app);
    const fields = studentFields();
    await createOk(one.auth, fields);
    await createOk(two.auth, { ...fields });
  });

  it('needs a session', async () => {
    const response = await create({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, message: messages.auth.missingToken });
  });
});

describe('GET /api/user/{id}', () => {
  it('answers the full record with the Aadhaar number and signed image links, and audits the view', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const { id, fields } = await createOk(auth);
    const response = await get(auth, id);
    expect(response.statusCode).toBe(200);
    const student = response.json().data;
    expect(student).toMatchObject({
      id,
      user_id: id,
      first_name: 'Asha',
      last_name: 'Verma',
      mobile: fields.mobile,
      email: fields.email,
      dob: '2002-05-17',
      aadhaar_number: fields.aadhaar_number,
      kyc_status: 'pending',
      status: 'active',
      is_premium: false,
      type: 'Regular',
    });
    for (const key of ['profile', 'profile_thumb', 'front_image', 'back_image']) {
      expect(student[key]).toMatch(
        /^\/api\/files\/[0-9a-f-]{36}\/students\/[0-9a-f-]{36}\/[a-z-]+-[\w-]+\.webp\?exp=\d+&ses=[0-9a-f-]{36}&sig=[\w-]+$/,
      );
    }
    const audit = await t.pool.query(
      `select admin_id, action, entity_type, entity_id, ip from audit_log where library_id = $1 and entity_id = $2
       order by created_at`,
      [session.library.id, id],
    );
    expect(audit.rows).toEqual([
      // Issue 19: the consent, recorded with the student in one transaction.
      { admin_id: session.id, action: 'student.consent', entity_type: 'student', entity_id: id, ip: '127.0.0.1' },
      // Issue 16: adding the student is recorded too (plugins/write-audit).
      { admin_id: session.id, action: 'student.create', entity_type: 'student', entity_id: id, ip: '127.0.0.1' },
      { admin_id: session.id, action: 'student.aadhaar.view', entity_type: 'student', entity_id: id, ip: '127.0.0.1' },
    ]);
  });

  it('stores the Aadhaar number encrypted, with a keyed hash and the last four digits', async () => {
    const { auth } = await registerLibrary(t.app);
    const { id, fields } = await createOk(auth);
    const { rows } = await t.pool.query(
      `select aadhaar_encrypted, aadhaar_hash, aadhaar_last4 from students where id = $1`,
      [id],
    );
    const row = rows[0];
    expect(row.aadhaar_encrypted).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.aadhaar_encrypted).not.toContain(fields.aadhaar_number);
    expect(row.aadhaar_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.aadhaar_last4).toBe(fields.aadhaar_number!.slice(-4));
  });

  it('asks for the number again when the stored one cannot be decrypted, without auditing a view', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const { id } = await createOk(auth);
    await t.pool.query(`update students set aadhaar_encrypted = 'v1.broken.value.here' where id = $1`, [id]);
    const response = await get(auth, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id, aadhaar_number: '', first_name: 'Asha' });
    const audit = await t.pool.query(
      `select 1 from audit_log where library_id = $1 and entity_id = $2 and action not in ('student.create', 'student.consent')`,
      [session.library.id, id],
    );
    expect(audit.rowCount).toBe(0);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const { auth } = await registerLibrary(t.app);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", 'x'.repeat(99)]) {
      const response = await get(auth, encodeURIComponent(id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: false, code: 404, message: m.notFound });
    }
  });
});

describe('GET /api/user/mobile/{mobile}', () => {
  it('finds a student of the library by mobile', async () => {
    const { auth } = await registerLibrary(t.app);
    const { id, fields } = await createOk(auth);
    const response = await t.app.inject({ url: `/api/user/mobile/${fields.mobile}`, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id, first_name: 'Asha', last_name: 'Verma', mobile: fields.mobile });
  });

  it('says clearly when no student has the number, and refuses a malformed one', async () => {
    const { auth } = await registerLibrary(t.app);
    const missing = await t.app.inject({ url: '/api/user/mobile/9999999999', headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, message: m.mobileNotFound });
    const malformed = await t.app.inject({ url: '/api/user/mobile/12345', headers: auth });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: m.mobileInvalid });
  });
});

describe('PUT /api/user/{id}', () => {
  it('updates the fields and keeps the images when none are sent', async () => {
    const { auth } = await registerLibrary(t.app);
    const { id, fields } = await createOk(auth);
    const before = (await get(auth, id)).json().data;
    const newAadhaar = aadhaarNumber();
    const response = await update(auth, id, {
      ...fields,
      first_name: 'Asha Rani',
      last_name: '',
      aadhaar_number: newAadhaar,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true, message: m.updated, data: { id, user_id: id } });
    const after = (await get(auth, id)).json().data;
    expect(after).toMatchObject({ first_name: 'Asha Rani', last_name: null, aadhaar_number: newAadhaar });
    expect(after.front_image.split('?')[0]).toBe(before.front_image.split('?')[0]);
    expect(after.profile.split('?')[0]).toBe(before.profile.split('?')[0]);
  });

  it('answers validation messages, but does not require images', async () => {
    const { auth } = await registerLibrary(t.app);
    const { id } = await createOk(auth);
    const response = await update(auth, id, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'first_name',
      'mobile',
      'email',
      'aadhaar_number',
      'dob',
    ]);
  });

  it("refuses another student's mobile but accepts the student's own", async () => {
    const { auth } = await registerLibrary(t.app);
    const one = await createOk(auth);
    const two = await createOk(auth);
    const clash = await update(auth, two.id, { ...two.fields, mobile: one.fields.mobile! });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual([
      { field: 'mobile', message: m.mobileTaken, messageCode: 'students.mobileTaken' },
    ]);
    const own = await update(auth, two.id, { ...two.fields });
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await update(auth, '00000000-0000-4000-8000-000000000000', studentFields());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: m.notFound });
  });
});

describe('PATCH /api/user/{id}/kyc', () => {
  it('marks KYC verified, rejected and pending again', async () => {
    const { auth } = await registerLibrary(t.app);
    const { id } = await createOk(auth);
    for (const status of ['verified', 'rejected', 'pending'] as const) {
      const response = await setKyc(auth, id, status);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: m.kycUpdated, data: { id, kyc_status: status } });
      expect((await get(auth, id)).json().data.kyc_status).toBe(status);
    }
  });

  it('refuses any other status', async () => {
    const { auth } = await registerLibrary(t.app);
    const { id } = await createOk(auth);
    const response = await setKyc(auth, id, 'approved');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: m.kycInvalid,
      errors: [{ field: 'kyc_status', message: m.kycInvalid }],
    });
  });
});

describe("another library's students", () => {
  it('answer 404 on every call and change nothing', async () => {
    const owner = await registerLibrary(t.app);
    const stranger = await registerLibrary(t.app);
    const { id, fields } = await createOk(owner.auth);

    expect((await get(stranger.auth, id)).statusCode).toBe(404);
    const put = await update(stranger.auth, id, studentFields(), { profile: await image('png') });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ message: m.notFound });
    const patch = await setKyc(stranger.auth, id, 'verified');
    expect(patch.statusCode).toBe(404);
    const lookup = await t.app.inject({ url: `/api/user/mobile/${fields.mobile}`, headers: stranger.auth });
    expect(lookup.statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/user', headers: stranger.auth });
    expect(list.json().data.students).toEqual([]);

    const still = (await get(owner.auth, id)).json().data;
    expect(still).toMatchObject({ first_name: 'Asha', mobile: fields.mobile, kyc_status: 'pending' });
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/user'],
    ['GET', '/api/user/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/user/mobile/9876543210'],
    ['PUT', '/api/user/00000000-0000-4000-8000-000000000000'],
    ['PATCH', '/api/user/00000000-0000-4000-8000-000000000000/kyc'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      payload: method === 'PATCH' ? { kyc_status: 'verified' } : undefined,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: false, code: 401 });
  });
});
