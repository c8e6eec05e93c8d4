import { type StudentDetail, type StudentListItem, privacyMessages, studentMessages } from '@app/shared';

const m = studentMessages;

/** What an empty Add Student form says on submit, field by field (the unit test and the journey check it). */
export const emptyFormMessages = [
  m.firstNameRequired,
  m.mobileRequired,
  m.emailRequired,
  m.aadhaarRequired,
  m.dobRequired,
  m.profileRequired,
  m.frontImageRequired,
  m.backImageRequired,
  privacyMessages.consent.required,
];

export const student = (overrides: Partial<StudentListItem> = {}): StudentListItem => ({
  id: '0f8e7d6c-5b4a-4c3d-9e2f-000000000001',
  user_id: '0f8e7d6c-5b4a-4c3d-9e2f-000000000001',
  first_name: 'Asha',
  last_name: 'Verma',
  mobile: '9876543210',
  email: 'asha@example.com',
  dob: '2002-05-17',
  aadhaar_number: 'XXXX XXXX 2346',
  kyc_status: 'pending',
  status: 'active',
  is_premium: false,
  type: 'Regular',
  profile: '/api/files/p.webp?sig=1',
  profile_thumb: '/api/files/t.webp?sig=1',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  left_at: null,
  documents_erased_at: null,
  ...overrides,
});

export const detail = (overrides: Partial<StudentDetail> = {}): StudentDetail => ({
  ...student(),
  aadhaar_number: '234123412346',
  front_image: '/api/files/front.webp?sig=1',
  back_image: '/api/files/back.webp?sig=1',
  balance: 0,
  // Recorded at 11:00 AM IST on 1 January 2025.
  consent: {
    at: '2025-01-01T05:30:00.000Z',
    given_by: 'student',
    recorded_by_name: 'Priya Sharma',
    notice: 'The notice as it was shown',
  },
  erase_due_on: null,
  ...overrides,
});
