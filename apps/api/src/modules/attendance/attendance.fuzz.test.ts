import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '@app/shared';
import { registerLibrary } from '../../test/helpers';
import { insertStudent } from '../../test/factories';
import { insertAttendancePlan, insertStudentSession } from './attendance.fixtures';
import { useClockedApp } from './attendance.test-app';

const START = Date.parse('2026-11-24T04:30:00Z');
const t = useClockedApp(START);

/**
 * Hostile codes at the desk: random text, and real pass and card codes with bytes changed,
 * cut or lengthened. Never a 5xx, always the envelope; nothing but the untouched codes lets
 * anyone in, and nothing is written for a refused one.
 */
describe('hostile codes at POST /api/attendance/check', () => {
  it('answers 200 denied or 400, never lets a changed code in', async () => {
    const { session, auth } = await registerLibrary(t.app);
    const libraryId = session.library.id;
    const student = await insertStudent(t.pool, libraryId);
    await insertAttendancePlan(t.pool, libraryId, student.id, { joining: '2026-11-01', expires: '2026-11-30' });
    const phone = await insertStudentSession(t.pool, t.appSecret, libraryId, student.id);
    const card = (await t.app.inject({ method: 'POST', url: `/api/user/${student.id}/id-card`, headers: auth })).json()
      .data.code as string;
    const pass = await phone.code(START);

    const mutated = fc
      .record({
        base: fc.constantFrom(pass, card),
        index: fc.nat(),
        flip: fc.integer({ min: 1, max: 255 }),
      })
      .map(({ base, index, flip }) => {
        const bytes = fromBase64Url(base.slice(1))!;
        bytes[index % bytes.length] = bytes[index % bytes.length]! ^ flip;
        return base[0] + toBase64Url(bytes);
      });
    const codes = fc.oneof(
      mutated,
      fc.string({ maxLength: 60 }),
      fc.constantFrom(pass, card).chain((base) => fc.nat({ max: base.length - 1 }).map((cut) => base.slice(0, cut))),
      fc.constantFrom(pass, card).chain((base) =>
        fc
          .string({ minLength: 1, maxLength: 5 })
          // Spaces around a code are a scanner's (it is read trimmed): that is the same code.
          .filter((tail) => tail.trim() !== '')
          .map((tail) => base + tail),
      ),
    );
    await fc.assert(
      fc.asyncProperty(codes, async (code) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/attendance/check',
          headers: auth,
          payload: { code },
        });
        expect(response.statusCode, code).toBeLessThan(500);
        const body = response.json();
        expect(typeof body.message).toBe('string');
        if (response.statusCode === 200) {
          expect(body.data.outcome, code).toBe('denied');
        } else {
          expect(response.statusCode, code).toBe(400);
          expect(body.status).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
    const visits = await t.pool.query(`select count(*)::int as n from attendance_visits where student_id = $1`, [
      student.id,
    ]);
    expect(visits.rows[0].n).toBe(0);
    // The untouched codes still work (the property's refusals were not the desk being shut).
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/attendance/check',
      headers: auth,
      payload: { code: pass },
    });
    expect(answer.json().data.outcome).toBe('in');
  });
});
