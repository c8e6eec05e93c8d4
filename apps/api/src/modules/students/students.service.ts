import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  can,
  consentFieldSchema,
  isUnder18,
  maskAadhaar,
  messages,
  STUDENT_IMAGE_FIELDS,
  STUDENT_IMAGE_REQUIRED,
  studentFieldsSchema,
  type FieldError,
  type KycStatus,
  type ConsentGiver,
  type StudentDetail,
  type StudentLifecycle,
  type StudentFields,
  type StudentList,
  type StudentListQuery,
  type StudentLookup,
  paginate,
  privacyMessages,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto';
import { effectiveNotice, findPrivacyTerms } from '../../db/privacy-terms.repository';
import type { Actor, ServiceContext } from '../../lib/service-context';
import type { UrlSigner } from '../../lib/storage/signed-urls';
import type { Storage } from '../../lib/storage/storage';
import { deleteFiles, prepareImages, storeImages } from './students.images';
import type { StudentUpload } from './students.multipart';
import { keySigner, presentDetail, presentListItem } from './students.present';
import * as repository from './students.repository';

const m = messages.students;
const pm = privacyMessages;

/** What the student calls need besides the request: set up once by the routes plugin. */
export interface StudentsContext extends ServiceContext {
  storage: Storage;
  aadhaarCipher: FieldCipher;
  aadhaarHash: (aadhaarNumber: string) => string;
  signer: UrlSigner;
  log: FastifyBaseLogger;
}

const UUID = z.uuid();
/** A taken field's text, read when the clash is answered (in the caller's language). */
const CLASH_MESSAGES: Record<repository.UniqueField, () => string> = {
  mobile: () => m.mobileTaken,
  email: () => m.emailTaken,
  aadhaar_number: () => m.aadhaarTaken,
};

// A malformed id cannot name a student of this library: the same 404 as another library's id.
function studentId(id: string): string {
  if (!UUID.safeParse(id).success) throw notFound(m.notFound);
  return id.toLowerCase();
}

function clash(fields: repository.UniqueField[]): AppError {
  const errors = fields.map((field) => ({ field, message: CLASH_MESSAGES[field]() }));
  return new AppError(409, errors[0]!.message, errors);
}

/** What a save must bring besides the fields (issue 19). */
interface SaveRules {
  mode: 'create' | 'update';
  /** No consent on record (always on create; students added before issue 19 or after an erasure). */
  consentNeeded: boolean;
  /** The documents were erased: the Aadhaar number and all three images come again. */
  documentsNeeded: boolean;
  /** The library's date today, which the under-18 rule counts from. */
  today: string;
}

/**
 * The form's fields, images and consent checked together, so every problem is answered at
 * once. Answers the fields and who consented with this save (undefined: nobody did).
 */
function validate(upload: StudentUpload, rules: SaveRules): { fields: StudentFields; consent?: ConsentGiver } {
  const parsed = studentFieldsSchema.safeParse(upload.fields);
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
  for (const field of STUDENT_IMAGE_FIELDS) {
    if (upload.files[field]) continue;
    if (rules.mode === 'create') errors.push({ field, message: STUDENT_IMAGE_REQUIRED[field] });
    else if (rules.documentsNeeded) errors.push({ field, message: pm.erase.documentsNeeded });
  }
  const consent = consentFieldSchema.safeParse(upload.fields.consent);
  if (!consent.success) {
    errors.push({ field: 'consent', message: consent.error.issues[0]?.message ?? pm.consent.invalid });
  } else if (consent.data === undefined && rules.consentNeeded) {
    errors.push({ field: 'consent', message: pm.consent.required });
  } else if (consent.data === 'student' && parsed.success && isUnder18(parsed.data.dob, rules.today)) {
    errors.push({ field: 'consent', message: pm.consent.guardianRequired });
  }
  if (!parsed.success || errors.length > 0) throw badRequest(errors[0]!.message, errors);
  return { fields: parsed.data, consent: consent.data };
}

/** The library's today and the notice a consent given now agrees to. */
async function privacyTermsOf(context: StudentsContext, actor: Actor) {
  const terms = await findPrivacyTerms(context.db, actor.libraryId);
  if (!terms) throw notFound(m.notFound);
  return { today: terms.today, notice: effectiveNotice(terms) };
}

function consentValues(actor: Actor, giver: ConsentGiver, notice: string): repository.ConsentValues {
  return { consentAt: new Date(), consentRecordedBy: actor.adminId, consentGivenBy: giver, consentNotice: notice };
}

const consentAudit = (id: string, giver: ConsentGiver) =>
  ({ action: AUDIT_ACTIONS.studentConsented, entityType: 'student', entityId: id, detail: giver }) as const;

function columnValues(context: StudentsContext, id: string, fields: StudentFields): repository.StudentValues {
  return {
    firstName: fields.first_name,
    lastName: fields.last_name ?? null,
    mobile: fields.mobile,
    email: fields.email,
    dob: fields.dob,
    // The row id is the associated data: a ciphertext moved to another row will not decrypt.
    aadhaarEncrypted: context.aadhaarCipher.encrypt(fields.aadhaar_number, id),
    aadhaarHash: context.aadhaarHash(fields.aadhaar_number),
    aadhaarLast4: fields.aadhaar_number.slice(-4),
  };
}

export async function listStudents(
  context: StudentsContext,
  actor: Actor,
  query: StudentListQuery,
): Promise<StudentList> {
  const { rows, total } = await repository.listStudents(context.db, actor.libraryId, query);
  const sign = keySigner(context.signer, actor);
  return {
    students: rows.map((row) => presentListItem(row, sign)),
    pagination: paginate(query.page, query.limit, total),
  };
}

/** The full record for the edit form; showing the Aadhaar number is written to the audit log. */
export async function getStudent(context: StudentsContext, actor: Actor, rawId: string): Promise<StudentDetail> {
  const id = studentId(rawId);
  const row = await repository.findStudent(context.db, actor.libraryId, id);
  if (!row) throw notFound(m.notFound);
  // Issue 16: desk staff edit students but see neither the Aadhaar number nor the identity images.
  if (!can(actor.role, 'students.identity')) {
    const masked = row.aadhaarEncrypted && row.aadhaarLast4 ? maskAadhaar(row.aadhaarLast4) : '';
    const detail = presentDetail(row, masked, keySigner(context.signer, actor));
    return { ...detail, front_image: null, back_image: null };
  }
  // Issue 19: erased documents: nothing to show, nothing viewed.
  if (row.aadhaarEncrypted === null) return presentDetail(row, '', keySigner(context.signer, actor));
  let aadhaarNumber: string;
  try {
    aadhaarNumber = context.aadhaarCipher.decrypt(row.aadhaarEncrypted, id);
  } catch (error) {
    // Unreadable (the app secret changed, or the row was written by hand): the form then
    // asks for the number again instead of failing to open.
    context.log.error({ err: error, studentId: id }, 'stored Aadhaar number could not be decrypted');
    return presentDetail(row, '', keySigner(context.signer, actor));
  }
  await writeAudit(context.db, actor, { action: AUDIT_ACTIONS.aadhaarViewed, entityType: 'student', entityId: id });
  return presentDetail(row, aadhaarNumber, keySigner(context.signer, actor));
}

export async function findByMobile(context: StudentsContext, actor: Actor, mobile: string): Promise<StudentLookup> {
  const row = await repository.findByMobile(context.db, actor.libraryId, mobile);
  if (!row) throw notFound(m.mobileNotFound);
  return { id: row.id, first_name: row.firstName, last_name: row.lastName, mobile: row.mobile };
}

/**
 * Creates a student: fields and images checked, uniqueness checked, images
 * re-encoded and stored, then the row written. If the row cannot be written the
 * stored images are removed again.
 */
export async function createStudent(context: StudentsContext, actor: Actor, upload: StudentUpload): Promise<string> {
  const terms = await privacyTermsOf(context, actor);
  const { fields, consent } = validate(upload, {
    mode: 'create',
    consentNeeded: true,
    documentsNeeded: true,
    today: terms.today,
  });
  const id = randomUUID();
  const values = columnValues(context, id, fields);
  const clashes = await repository.findClashes(context.db, actor.libraryId, values);
  if (clashes.length > 0) throw clash(clashes);

  const images = await prepareImages(upload.files);
  const keys = await storeImages(context.storage, { libraryId: actor.libraryId, studentId: id }, images);
  try {
    // Identity documents are never stored without the consent on record (issue 19).
    await context.db.transaction(async (tx) => {
      await repository.insertStudent(tx, actor.libraryId, id, {
        ...values,
        ...keys,
        ...consentValues(actor, consent!, terms.notice),
      });
      await writeAudit(tx, actor, consentAudit(id, consent!));
    });
  } catch (error) {
    await deleteFiles(context.storage, Object.values(keys));
    const field = repository.uniqueViolationField(error);
    if (field) throw clash([field]);
    throw error;
  }
  return id;
}

/**
 * Updates a student. Images left out are kept; an image replaced has its old file
 * deleted once the new one is saved, and new files are removed if saving fails.
 */
export async function updateStudent(
  context: StudentsContext,
  actor: Actor,
  rawId: string,
  upload: StudentUpload,
): Promise<string> {
  const id = studentId(rawId);
  const stored = await repository.findStudent(context.db, actor.libraryId, id);
  if (!stored) throw notFound(m.notFound);
  // Issue 16: desk staff were shown the masked number; sent back unchanged (or left out) it keeps the stored one.
  const sent = upload.fields.aadhaar_number?.trim() ?? '';
  const storedAadhaar = stored.aadhaarEncrypted;
  if (
    storedAadhaar !== null &&
    !can(actor.role, 'students.identity') &&
    (sent === '' || sent === maskAadhaar(stored.aadhaarLast4 ?? ''))
  ) {
    try {
      upload.fields.aadhaar_number = context.aadhaarCipher.decrypt(storedAadhaar, id);
    } catch (error) {
      // Unreadable: the number is then required as on any form that lacks it.
      context.log.error({ err: error, studentId: id }, 'stored Aadhaar number could not be decrypted');
    }
  }
  const terms = await privacyTermsOf(context, actor);
  const erased = stored.documentsErasedAt !== null;
  const { fields, consent } = validate(upload, {
    mode: 'update',
    consentNeeded: erased || stored.consentAt === null,
    documentsNeeded: erased,
    today: terms.today,
  });
  const values = columnValues(context, id, fields);
  const clashes = await repository.findClashes(context.db, actor.libraryId, values, id);
  if (clashes.length > 0) throw clash(clashes);

  const images = await prepareImages(upload.files);
  const keys = await storeImages(context.storage, { libraryId: actor.libraryId, studentId: id }, images);
  let previous: Awaited<ReturnType<typeof repository.updateStudent>>;
  try {
    previous = await context.db.transaction(async (tx) => {
      const saved = await repository.updateStudent(tx, actor.libraryId, id, {
        ...values,
        ...keys,
        ...(consent ? consentValues(actor, consent, terms.notice) : {}),
        // New documents after an erasure: the student holds documents again.
        ...(erased ? { documentsErasedAt: null, documentsErasedBy: null } : {}),
      });
      if (saved && consent) await writeAudit(tx, actor, consentAudit(id, consent));
      return saved;
    });
  } catch (error) {
    await deleteFiles(context.storage, Object.values(keys));
    const field = repository.uniqueViolationField(error);
    if (field) throw clash([field]);
    throw error;
  }
  if (!previous) {
    await deleteFiles(context.storage, Object.values(keys));
    throw notFound(m.notFound);
  }
  const replaced = (Object.keys(keys) as (keyof typeof keys)[]).map((column) => previous[column]);
  await deleteFiles(context.storage, replaced);
  return id;
}

export async function setKycStatus(context: StudentsContext, actor: Actor, rawId: string, kycStatus: KycStatus) {
  const id = studentId(rawId);
  if (!(await repository.setKycStatus(context.db, actor.libraryId, id, kycStatus))) throw notFound(m.notFound);
  return id;
}

const lifecycleOf = (row: repository.LifecycleRow): StudentLifecycle => ({
  id: row.id,
  status: row.status,
  left_at: row.leftAt?.toISOString() ?? null,
  documents_erased_at: row.documentsErasedAt?.toISOString() ?? null,
});

/**
 * Marks a student as left (issue 19): out of the active lists and unbookable, their history
 * kept. In the same transaction their student-app sessions end, their phones and browsers are
 * unpaired, their pairing code stops working and their live ID card is revoked. 409 when they
 * already left.
 */
export async function leaveStudent(context: StudentsContext, actor: Actor, rawId: string): Promise<StudentLifecycle> {
  const id = studentId(rawId);
  return context.db.transaction(async (tx) => {
    if (!(await repository.lockLibrary(tx, actor.libraryId))) throw notFound(m.notFound);
    const current = await repository.lockLifecycle(tx, actor.libraryId, id);
    if (!current) throw notFound(m.notFound);
    if (current.status === 'left') throw conflict(pm.leave.alreadyLeft);
    const left = await repository.markLeft(tx, actor.libraryId, id, actor.adminId);
    if (!left) throw conflict(pm.leave.alreadyLeft);
    const ended = await repository.endStudentAccess(tx, actor.libraryId, id);
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.studentLeft,
      entityType: 'student',
      entityId: id,
      detail: pm.leave.auditDetail(ended.sessions, ended.devices, ended.cards),
    });
    return lifecycleOf(left);
  });
}

/** A student who left is a member again (issue 19); 409 when they had not left. */
export async function rejoinStudent(context: StudentsContext, actor: Actor, rawId: string): Promise<StudentLifecycle> {
  const id = studentId(rawId);
  return context.db.transaction(async (tx) => {
    if (!(await repository.lockLibrary(tx, actor.libraryId))) throw notFound(m.notFound);
    const current = await repository.lockLifecycle(tx, actor.libraryId, id);
    if (!current) throw notFound(m.notFound);
    if (current.status !== 'left') throw conflict(pm.leave.notLeft);
    const back = await repository.markReturned(tx, actor.libraryId, id);
    if (!back) throw conflict(pm.leave.notLeft);
    await writeAudit(tx, actor, { action: AUDIT_ACTIONS.studentRejoined, entityType: 'student', entityId: id });
    return lifecycleOf(back);
  });
}
