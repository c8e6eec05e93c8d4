import { describe, expect, it } from 'vitest';
import { consentFieldSchema, consentGiverFor, isUnder18, studentStateQuerySchema } from './privacy.schema';
import { privacyMessages as m } from './privacy.messages';

describe('data rights (issue 19): consent and state', () => {
  it('counts a student as 18 from their 18th birthday, a 29 February birthday from 1 March', () => {
    expect(isUnder18('2008-11-24', '2026-11-23')).toBe(true);
    expect(isUnder18('2008-11-24', '2026-11-24')).toBe(false);
    expect(isUnder18('2008-02-29', '2026-02-28')).toBe(true);
    expect(isUnder18('2008-02-29', '2026-03-01')).toBe(false);
    expect(consentGiverFor('2010-01-01', '2026-11-24')).toBe('guardian');
    expect(consentGiverFor('2000-01-01', '2026-11-24')).toBe('student');
  });

  it('takes the consent field as student or guardian, blank as none, anything else refused', () => {
    expect(consentFieldSchema.parse('student')).toBe('student');
    expect(consentFieldSchema.parse('guardian')).toBe('guardian');
    expect(consentFieldSchema.parse('')).toBeUndefined();
    expect(consentFieldSchema.parse(undefined)).toBeUndefined();
    for (const bad of ['true', 'yes', 'Student', '1', 'parent']) {
      const result = consentFieldSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(m.consent.invalid);
    }
  });

  it('lists members unless asked for those who left', () => {
    expect(studentStateQuerySchema.parse(undefined)).toBe('active');
    expect(studentStateQuerySchema.parse('')).toBe('active');
    expect(studentStateQuerySchema.parse('left')).toBe('left');
    expect(studentStateQuerySchema.safeParse('all').error?.issues[0]?.message).toBe(m.leave.stateFilterInvalid);
  });
});
