import { maskAadhaar, type KycStatus, type StudentDetail, type StudentListItem } from '@app/shared';
import type { LinkViewer, UrlSigner } from '../../lib/storage/signed-urls';
import type { Instant, StudentDetailRow, StudentListRow } from './students.repository';

/** Turns storage keys into URLs that only this session can open, for a few minutes. */
export type SignKey = (key: string | null) => string | null;

export function keySigner(signer: UrlSigner, viewer: LinkViewer): SignKey {
  // One expiry and session part for every link of the answer (`signerFor`).
  const sign = signer.signerFor(viewer);
  return (key) => (key ? sign(key) : null);
}

/** An instant as toISOString writes it (the list's statement selects that text already). */
const iso = (instant: Instant) => (typeof instant === 'string' ? instant : instant.toISOString());

/** A list row: Aadhaar masked, profile image and its thumbnail only. */
export function presentListItem(row: StudentListRow, sign: SignKey): StudentListItem {
  return {
    id: row.id,
    user_id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    mobile: row.mobile,
    email: row.email,
    dob: row.dob,
    // Masked; '' once erased without the last four digits kept (issue 19).
    aadhaar_number: row.aadhaarLast4 ? maskAadhaar(row.aadhaarLast4) : '',
    kyc_status: row.kycStatus as KycStatus,
    status: row.status,
    is_premium: row.isPremium,
    type: row.isPremium ? 'Premium' : 'Regular',
    profile: sign(row.profileKey),
    profile_thumb: sign(row.profileThumbKey),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    left_at: row.leftAt === null ? null : iso(row.leftAt),
    documents_erased_at: row.documentsErasedAt === null ? null : iso(row.documentsErasedAt),
  };
}

/**
 * The edit form's record: the full Aadhaar number, all three images and what the student owes;
 * issue 19: the consent on record and when the documents of a student who left are erased.
 */
export function presentDetail(row: StudentDetailRow, aadhaarNumber: string, sign: SignKey): StudentDetail {
  return {
    ...presentListItem(row, sign),
    aadhaar_number: aadhaarNumber,
    front_image: sign(row.frontImageKey),
    back_image: sign(row.backImageKey),
    balance: Number(row.balance),
    consent:
      row.consentAt && row.consentGivenBy && row.consentNotice !== null
        ? {
            at: row.consentAt.toISOString(),
            given_by: row.consentGivenBy,
            recorded_by_name: row.consentRecordedByName,
            notice: row.consentNotice,
          }
        : null,
    erase_due_on: row.eraseDueOn,
  };
}
