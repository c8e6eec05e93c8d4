import { describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../common/constants';
import { messages } from '../messages';
import { studentMessages as m } from './students.messages';
import {
  isRealDate,
  isValidAadhaar,
  kycUpdateSchema,
  maskAadhaar,
  studentFieldsSchema,
  studentFormSchema,
  STUDENT_SORT_KEYS,
  studentListQuerySchema,
} from './students.schema';
import { todayIn } from '../common/time-zone';
import { verhoeffCheckDigit } from './verhoeff';

const aadhaar = (first11: string) => first11 + verhoeffCheckDigit(first11);
const VALID_AADHAAR = aadhaar('23412341234');

const valid = {
  first_name: ' Asha ',
  last_name: '',
  mobile: '9876543210',
  email: 'Asha@Example.com ',
  aadhaar_number: VALID_AADHAAR,
  dob: '2001-04-15',
};

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('studentFieldsSchema', () => {
  it('trims, lower-cases the email and drops a blank last name', () => {
    expect(studentFieldsSchema.parse(valid)).toEqual({
      first_name: 'Asha',
      last_name: undefined,
      mobile: '9876543210',
      email: 'asha@example.com',
      aadhaar_number: VALID_AADHAAR,
      dob: '2001-04-15',
    });
  });

  it('answers the spec messages for every missing field', () => {
    const empty = { first_name: '', last_name: '', mobile: '', email: '', aadhaar_number: '', dob: '' };
    expect(messagesOf(studentFieldsSchema.safeParse(empty))).toEqual([
      ['first_name', m.firstNameRequired],
      ['mobile', m.mobileRequired],
      ['email', m.emailRequired],
      ['aadhaar_number', m.aadhaarRequired],
      ['dob', m.dobRequired],
    ]);
    expect(messagesOf(studentFieldsSchema.safeParse({}))).toEqual([
      ['first_name', m.firstNameRequired],
      ['mobile', m.mobileRequired],
      ['email', m.emailRequired],
      ['aadhaar_number', m.aadhaarRequired],
      ['dob', m.dobRequired],
    ]);
  });

  it.each([
    ['mobile', '5876543210', m.mobileInvalid],
    ['mobile', '98765 43210', m.mobileInvalid],
    ['mobile', '987654321', m.mobileInvalid],
    ['email', 'asha@', m.emailInvalid],
    ['aadhaar_number', '12345678901', m.aadhaarInvalid],
    ['aadhaar_number', aadhaar('13412341234'), m.aadhaarInvalid],
    ['aadhaar_number', VALID_AADHAAR.slice(0, 11) + String((Number(VALID_AADHAAR[11]) + 1) % 10), m.aadhaarInvalid],
    ['dob', '2001-02-30', m.dobInvalid],
    ['dob', '15/04/2001', m.dobInvalid],
    ['dob', '1899-12-31', m.dobInvalid],
    ['dob', '2999-01-01', m.dobFuture],
    ['dob', todayIn(), m.dobFuture],
  ])('refuses %s %j', (field, value, message) => {
    expect(messagesOf(studentFieldsSchema.safeParse({ ...valid, [field]: value }))).toEqual([[field, message]]);
  });

  it('accepts an Aadhaar number typed with spaces or dashes', () => {
    const spaced = `${VALID_AADHAAR.slice(0, 4)} ${VALID_AADHAAR.slice(4, 8)}-${VALID_AADHAAR.slice(8)}`;
    expect(studentFieldsSchema.parse({ ...valid, aadhaar_number: spaced }).aadhaar_number).toBe(VALID_AADHAAR);
  });
});

describe('studentFormSchema', () => {
  const png = { name: 'a.png', size: 1000, type: 'image/png' };
  const withImages = { ...valid, profile: png, front_image: png, back_image: png };

  it('requires the three images when creating', () => {
    const result = studentFormSchema('create').safeParse({
      ...valid,
      profile: null,
      front_image: undefined,
      back_image: null,
    });
    expect(messagesOf(result)).toEqual([
      ['profile', m.profileRequired],
      ['front_image', m.frontImageRequired],
      ['back_image', m.backImageRequired],
    ]);
    expect(studentFormSchema('create').safeParse(withImages).success).toBe(true);
  });

  it('keeps the existing images when editing', () => {
    expect(
      studentFormSchema('edit').safeParse({ ...valid, profile: null, front_image: null, back_image: null }).success,
    ).toBe(true);
  });

  it('refuses other file types and files over 5 MB', () => {
    const result = studentFormSchema('edit').safeParse({
      ...valid,
      profile: { name: 'a.gif', size: 10, type: 'image/gif' },
      front_image: { name: 'b.jpg', size: 5 * 1024 * 1024 + 1, type: 'image/jpeg' },
      back_image: null,
    });
    expect(messagesOf(result)).toEqual([
      ['profile', m.imageType],
      ['front_image', m.imageTooLarge],
    ]);
  });
});

describe('helpers', () => {
  it('validates Aadhaar numbers', () => {
    expect(isValidAadhaar(VALID_AADHAAR)).toBe(true);
    expect(isValidAadhaar('000000000000')).toBe(false);
  });
  it('masks all but the last four digits', () => {
    expect(maskAadhaar('1234')).toBe('XXXX XXXX 1234');
  });
  it('knows real dates', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
  });
});

describe('studentListQuerySchema', () => {
  it('defaults to page 1 of 10 members sorted by name ascending', () => {
    expect(studentListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'name',
      sortOrder: 'ASC',
      state: 'active',
    });
  });

  it('reads query strings, case-insensitive order and blank filters', () => {
    expect(
      studentListQuerySchema.parse({
        page: '3',
        limit: '25',
        sortBy: 'created_at',
        sortOrder: 'desc',
        search: '  ash ',
        status: '',
        type: 'Premium',
      }),
    ).toEqual({
      page: 3,
      limit: 25,
      sortBy: 'created_at',
      sortOrder: 'DESC',
      search: 'ash',
      type: 'premium',
      state: 'active',
    });
  });

  it.each([
    ['page', '0', messages.list.pageInvalid],
    ['page', 'x', messages.list.pageInvalid],
    ['page', '1.5', messages.list.pageInvalid],
    ['limit', '7', messages.list.limitInvalid],
    ['limit', 'all', messages.list.limitInvalid],
    ['sortBy', 'password', messages.list.sortByInvalid(STUDENT_SORT_KEYS)],
    ['sortBy', 'name; drop table students', messages.list.sortByInvalid(STUDENT_SORT_KEYS)],
    ['sortOrder', 'sideways', messages.list.sortOrderInvalid],
    ['status', 'done', m.statusFilterInvalid],
    ['type', 'gold', m.typeFilterInvalid],
    ['search', 'x'.repeat(101), messages.list.searchTooLong],
  ])('refuses %s=%j', (field, value, message) => {
    expect(messagesOf(studentListQuerySchema.safeParse({ [field]: value }))).toEqual([[field, message]]);
  });

  it('offers exactly the spec page sizes', () => {
    for (const size of PAGE_SIZES) expect(studentListQuerySchema.parse({ limit: String(size) }).limit).toBe(size);
  });
});

describe('kycUpdateSchema', () => {
  it('takes the three KYC states only', () => {
    expect(kycUpdateSchema.parse({ kyc_status: 'verified' })).toEqual({ kyc_status: 'verified' });
    expect(messagesOf(kycUpdateSchema.safeParse({ kyc_status: 'done' }))).toEqual([['kyc_status', m.kycInvalid]]);
    expect(messagesOf(kycUpdateSchema.safeParse({}))).toEqual([['kyc_status', m.kycInvalid]]);
  });
});
