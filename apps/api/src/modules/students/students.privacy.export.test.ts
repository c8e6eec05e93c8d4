import { describe, expect, it } from 'vitest';
import { messages, studentExportSchema, todayIn, type StudentExport, privacyMessages } from '@app/shared';
import { hashPassword } from '../../lib/passwords';
import { insertStudent } from '../../test/factories';
import { registerLibrary, unique, useTestApp } from '../../test/helpers';
import { auditOf, insertNamedSeat, insertPlanRow, markLeft } from './students.privacy.fixtures';

// GET /api/user/{id}/export?format=json|html (issue 19): the student's own data, exactly,
// as a JSON file and a readable page; escaped, audited, 404 for another library's student.

const m = privacyMessages.exportData;
const t = useTestApp();

type Auth = Record<string, string>;

const exportOf = (auth: Auth, id: string, format?: string) =>
  t.app.inject({ url: `/api/user/${id}/export${format === undefined ? '' : `?format=${format}`}`, headers: auth });

/** A student with a known life: consent, two plans, payments (one void, a refund, a ₹0 fee), visits, notifications. */
async function studentWithHistory(libraryId: string, ownerId: string, names = { first: 'Asha', last: 'Verma' }) {
  const student = await insertStudent(t.pool, libraryId, { firstName: names.first });
  const other = await insertStudent(t.pool, libraryId, { firstName: 'Other' });
  await t.pool.query(
    `update students set last_name = $2, email = 'asha@example.com', dob = '2009-03-04', aadhaar_last4 = '9012',
       kyc_status = 'verified', created_at = '2026-01-05T04:30:00Z',
       consent_at = '2026-01-05T04:31:00Z', consent_given_by = 'guardian', consent_recorded_by = $3,
       consent_notice = 'We keep your <documents> & erase them later.'
     where id = $1`,
    [student.id, names.last, ownerId],
  );
  const seatId = await insertNamedSeat(t.pool, libraryId, 'B7');
  const reserved = await insertPlanRow(t.pool, libraryId, student.id, {
    seatId,
    start: '06:00',
    end: '14:00',
    from: '2026-01-05',
    to: '2026-03-04',
    prices: [1000, 800.5],
  });
  const open = await insertPlanRow(t.pool, libraryId, student.id, {
    start: '14:00',
    end: '22:00',
    from: '2026-04-01',
    to: '2026-04-30',
    prices: [700],
  });
  await insertPlanRow(t.pool, libraryId, other.id, { from: '2026-01-01', to: '2026-01-31' });
  const fee = (values: string) =>
    t.pool.query(
      `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, receipt_no,
         created_at, voided_at, void_reason, adjusts_id, reason)
       select $1, $2, $3, v.amount, 1, v.mode, v.kind, false, v.receipt_no, v.created_at, v.voided_at, v.void_reason,
         v.adjusts_id, v.reason
       from (values ${values}) as v(amount, mode, kind, receipt_no, created_at, voided_at, void_reason, adjusts_id, reason)
       returning id`,
      [libraryId, reserved, student.id],
    );
  const first = await fee(
    `(1000::numeric, 'Cash', 'new', 'GS/2025-26/0001', '2026-01-05T20:00:00Z'::timestamptz, null::timestamptz, null, null::uuid, null)`,
  );
  await fee(
    `(500::numeric, 'UPI', 'balance', 'GS/2025-26/0002', '2026-01-10T05:00:00Z'::timestamptz, '2026-01-10T06:00:00Z'::timestamptz, 'Wrong student', null::uuid, null),
     (0::numeric, 'Cash', 'renewal', null, '2026-02-01T05:00:00Z'::timestamptz, null::timestamptz, null, null::uuid, null)`,
  );
  await fee(
    `(-200::numeric, 'Cash', 'adjustment', null, '2026-02-02T05:00:00Z'::timestamptz, null::timestamptz, null, '${first.rows[0]!.id}'::uuid, 'Refund')`,
  );
  await t.pool.query(
    `insert into attendance_visits (library_id, student_id, subscription_id, day, checked_in_at, checked_out_at, last_scan_at, method)
     values ($1, $2, $3, '2026-01-06', '2026-01-06T01:00:00Z', '2026-01-06T08:15:00Z', '2026-01-06T08:15:00Z', 'pass'),
            ($1, $2, $3, '2026-01-07', '2026-01-07T01:05:00Z', null, '2026-01-07T01:05:00Z', 'card')`,
    [libraryId, student.id, reserved],
  );
  const notify = async (title: string, body: string, at: string, to: string[]) => {
    const row = await t.pool.query(
      `insert into notifications (library_id, admin_id, title, body, premium_only, created_at)
       values ($1, $2, $3, $4, false, $5) returning id`,
      [libraryId, ownerId, title, body, at],
    );
    for (const studentId of to) {
      await t.pool.query(
        `insert into notification_recipients (notification_id, library_id, student_id) values ($1, $2, $3)`,
        [row.rows[0].id, libraryId, studentId],
      );
    }
  };
  await notify('Holiday', 'Closed on <Friday> & Saturday', '2026-01-08T03:00:00Z', [student.id, other.id]);
  await notify('Only the other', 'Not for Asha', '2026-01-09T03:00:00Z', [other.id]);
  await notify('Fees due', 'Pay ₹800', '2026-02-03T03:00:00Z', [student.id]);
  return { id: student.id, mobile: student.mobile, other: other.id, reserved, open };
}

describe('GET /api/user/{id}/export', () => {
  it('answers the student’s data exactly, as a JSON attachment never cached, and audits it', async () => {
    const { auth, session, body } = await registerLibrary(t.app);
    const libraryId = session.library.id;
    const student = await studentWithHistory(libraryId, session.id);
    await markLeft(t.pool, student.id, new Date('2026-05-01T10:00:00Z'));

    const response = await exportOf(auth, student.id, 'json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="student-asha-verma-${todayIn('Asia/Kolkata')}.json"`,
    );
    const data = response.json<StudentExport>();
    expect(studentExportSchema.parse(data)).toEqual(data);
    expect(Date.now() - Date.parse(data.exported_at)).toBeLessThan(60_000);
    expect(data).toEqual({
      exported_at: data.exported_at,
      library: { name: body.library_name },
      profile: {
        first_name: 'Asha',
        last_name: 'Verma',
        mobile: student.mobile,
        email: 'asha@example.com',
        dob: '2009-03-04',
        aadhaar_number: 'XXXX XXXX 9012',
        kyc_status: 'verified',
        status: 'left',
        created_at: '2026-01-05T04:30:00.000Z',
        left_at: '2026-05-01T10:00:00.000Z',
        documents_erased_at: null,
      },
      consent: {
        at: '2026-01-05T04:31:00.000Z',
        given_by: 'guardian',
        recorded_by_name: session.name,
        notice: 'We keep your <documents> & erase them later.',
      },
      subscriptions: [
        {
          id: student.reserved,
          seat: 'B7',
          start_date: '2026-01-05',
          end_date: '2026-03-04',
          start_time: '06:00:00',
          end_time: '14:00:00',
          price: 1800.5,
        },
        {
          id: student.open,
          seat: null,
          start_date: '2026-04-01',
          end_date: '2026-04-30',
          start_time: '14:00:00',
          end_time: '22:00:00',
          price: 700,
        },
      ],
      // The library's dates (Kolkata): 20:00 UTC on 5 January is the 6th there. The ₹0 fee is no payment.
      payments: [
        { date: '2026-01-06', amount: 1000, mode: 'Cash', receipt_no: 'GS/2025-26/0001', voided: false },
        { date: '2026-01-10', amount: 500, mode: 'UPI', receipt_no: 'GS/2025-26/0002', voided: true },
        { date: '2026-02-02', amount: -200, mode: 'Cash', receipt_no: null, voided: false },
      ],
      attendance: [
        { checked_in_at: '2026-01-06T01:00:00.000Z', checked_out_at: '2026-01-06T08:15:00.000Z' },
        { checked_in_at: '2026-01-07T01:05:00.000Z', checked_out_at: null },
      ],
      notifications: [
        { title: 'Holiday', message: 'Closed on <Friday> & Saturday', sent_at: '2026-01-08T03:00:00.000Z' },
        { title: 'Fees due', message: 'Pay ₹800', sent_at: '2026-02-03T03:00:00.000Z' },
      ],
    });
    // Never the ciphertext or anything of the other student.
    expect(response.body).not.toContain(student.other);
    expect(response.body).not.toContain('Not for Asha');

    expect(await auditOf(t.pool, libraryId, 'student.export')).toEqual([
      { admin_id: session.id, entity_id: student.id, detail: 'json', ip: '127.0.0.1' },
    ]);
  });

  it('answers an erased student’s Aadhaar as null (or the masked last four kept), and no consent as null', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const student = await insertStudent(t.pool, session.library.id);
    await markLeft(t.pool, student.id);
    await t.pool.query(
      `update students set aadhaar_encrypted = null, aadhaar_hash = null, aadhaar_last4 = null,
         documents_erased_at = '2026-06-01T00:00:00Z' where id = $1`,
      [student.id],
    );
    const data = (await exportOf(auth, student.id)).json<StudentExport>();
    expect(data.profile).toMatchObject({ aadhaar_number: null, documents_erased_at: '2026-06-01T00:00:00.000Z' });
    expect(data).toMatchObject({ consent: null, subscriptions: [], payments: [], attendance: [], notifications: [] });
    await t.pool.query(`update students set aadhaar_last4 = '4321' where id = $1`, [student.id]);
    expect((await exportOf(auth, student.id)).json<StudentExport>().profile.aadhaar_number).toBe('XXXX XXXX 4321');
  });

  it('answers the same data as a readable, self-contained page with every value escaped', async () => {
    const { auth, session, body } = await registerLibrary(t.app);
    const libraryId = session.library.id;
    const student = await studentWithHistory(libraryId, session.id, {
      first: '<script>alert("x")</script>',
      last: `O'Brien & <img src=x onerror=alert(1)>`,
    });
    const response = await exportOf(auth, student.id, 'html');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="student-script-alert-x-script-o-brien-img-src-x-onerror-alert-1-${todayIn('Asia/Kolkata')}.html"`,
    );
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;

    // Nothing the student's data holds becomes markup: no script, no handler, no image.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('<documents>');
    expect(html).not.toContain('<Friday>');
    const name = `&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; &lt;img src=x onerror=alert(1)&gt;`;
    expect(html).toContain(`<title>Personal data of ${name}</title>`);
    expect(html).toContain(`<h1>Personal data of ${name}</h1>`);
    // Self-contained: one inline stylesheet, nothing fetched from anywhere.
    expect(html).not.toMatch(/<link|<[^>]+\s(src|href)=|@import|url\(/i);
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'/);

    // The sections and their values, as the owner reads them.
    for (const heading of Object.values(m.sections)) expect(html).toContain(`>${heading}</h2>`);
    const when = /<p>(.+?)<\/p>/.exec(html.slice(html.indexOf('</h1>')))?.[1] ?? '';
    expect(when).toBe(m.generated(when.slice(12, when.indexOf(' by ')), body.library_name));
    expect(when).toMatch(/^Prepared on \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M by /);
    expect(html).toContain('<dt>Aadhaar Number</dt><dd>XXXX XXXX 9012</dd>');
    expect(html).toContain('<dt>Date of Birth</dt><dd>04/03/2009</dd>');
    expect(html).toContain('<dt>KYC status</dt><dd>Verified</dd>');
    expect(html).toContain(`<dt>${m.fields.consentBy}</dt><dd>${m.guardian}</dd>`);
    expect(html).toContain(`<dt>${m.fields.consentRecordedBy}</dt><dd>${session.name}</dd>`);
    expect(html).toContain('<p class="notice">We keep your &lt;documents&gt; &amp; erase them later.</p>');
    expect(html).toContain(
      '<tr><td>B7</td><td>6:00 AM–2:00 PM</td><td>05/01/2026</td><td>04/03/2026</td><td class="number">₹1,800.50</td></tr>',
    );
    expect(html).toContain(`<tr><td>${m.anySeat}</td><td>2:00 PM–10:00 PM</td>`);
    expect(html).toContain(
      '<tr><td>10/01/2026</td><td class="number">₹500.00</td><td>UPI</td><td>GS/2025-26/0002</td><td>Yes</td></tr>',
    );
    expect(html).toContain('<td class="number">-₹200.00</td>');
    // Visits in the library's time: 01:00 UTC is 6:30 AM in Kolkata.
    expect(html).toContain('<tr><td>06/01/2026 6:30 AM</td><td>06/01/2026 1:45 PM</td></tr>');
    expect(html).toContain(`<tr><td>07/01/2026 6:35 AM</td><td>${m.notCheckedOut}</td></tr>`);
    expect(html).toContain('<td>Holiday</td><td>Closed on &lt;Friday&gt; &amp; Saturday</td>');
    expect(html).not.toContain('Not for Asha');

    expect(await auditOf(t.pool, libraryId, 'student.export')).toEqual([
      { admin_id: session.id, entity_id: student.id, detail: 'html', ip: '127.0.0.1' },
    ]);
  });

  it('says None for empty sections and "Not recorded" for a student without consent', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const student = await insertStudent(t.pool, session.library.id);
    const html = (await exportOf(auth, student.id, 'html')).body;
    expect(html).toContain(`<p class="none">${m.noConsent}</p>`);
    expect(html.match(new RegExp(`<p class="none">${m.none}</p>`, 'g'))).toHaveLength(4);
    expect(html).toContain(`<dt>${m.fields.documents}</dt><dd>${m.fields.documentsHeld}</dd>`);
  });

  it('answers 404 for another library’s student, an unknown or malformed id, and audits nothing', async () => {
    const owner = await registerLibrary(t.app);
    const student = await studentWithHistory(owner.session.library.id, owner.session.id);
    const intruder = await registerLibrary(t.app);
    for (const id of [student.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      for (const format of ['json', 'html']) {
        const response = await exportOf(intruder.auth, id, format);
        expect(response.statusCode, `${id} ${format}`).toBe(404);
        expect(response.json()).toMatchObject({ status: false, code: 404, message: messages.students.notFound });
        expect(response.body).not.toContain(student.mobile);
      }
    }
    expect(await auditOf(t.pool, intruder.session.library.id, 'student.export')).toEqual([]);
    expect(await auditOf(t.pool, owner.session.library.id, 'student.export')).toEqual([]);
  });

  it('answers 400 for a format other than json or html', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const student = await insertStudent(t.pool, session.library.id);
    for (const format of ['pdf', 'JSON', '<script>', 'html&format=json']) {
      const response = await t.app.inject({
        url: `/api/user/${student.id}/export?format=${encodeURIComponent(format)}`,
        headers: auth,
      });
      expect(response.statusCode, format).toBe(400);
      expect(response.json()).toMatchObject({ status: false, code: 400, message: m.formatInvalid });
    }
    // Without a format: JSON.
    const plain = await exportOf(auth, student.id);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-disposition']).toMatch(/\.json"$/);
  });

  it('is refused to the desk (403) and allowed to a manager', async () => {
    const { session } = await registerLibrary(t.app);
    const libraryId = session.library.id;
    const student = await insertStudent(t.pool, libraryId);
    const password = 'correct horse battery';
    const signIn = async (role: 'desk' | 'manager') => {
      const email = `${role}-${unique()}@example.com`;
      await t.pool.query(
        `insert into admins (library_id, name, email, phone, password_hash, role) values ($1, $2, $3, '9876501234', $4, $5)`,
        [libraryId, role, email, await hashPassword(password), role],
      );
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: email, password },
      });
      return { authorization: `Bearer ${login.json().data.token}` };
    };
    for (const format of ['json', 'html']) {
      const desk = await exportOf(await signIn('desk'), student.id, format);
      expect(desk.statusCode).toBe(403);
      expect(desk.json()).toMatchObject({ status: false, message: messages.team.forbiddenExport });
    }
    expect(await auditOf(t.pool, libraryId, 'student.export')).toEqual([]);
    expect((await exportOf(await signIn('manager'), student.id, 'html')).statusCode).toBe(200);
  });
});
