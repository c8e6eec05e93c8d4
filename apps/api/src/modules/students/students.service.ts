import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  can,
  maskAadhaar,
  messages,
  STUDENT_IMAGE_FIELDS,
  STUDENT_IMAGE_REQUIRED,
  studentFieldsSchema,
  type FieldError,
  type KycStatus,
  type StudentDetail,
  type StudentFields,
  type StudentList,
  type StudentListQuery,
  type StudentLookup,
  paginate,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, notFound } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto';
import type { Actor, ServiceContext } from '../../lib/service-context';
import type { UrlSigner } from '../../lib/storage/signed-urls';
import type { Storage } from '../../lib/storage/storage';
import { deleteFiles, prepareImages, storeImages } from './students.images';
import type { StudentUpload } from './students.multipart';
import { keySigner, presentDetail, presentListItem } from './students.present';
import * as repository from './students.repository';

const m = messages.students;

/** What the student calls need besides the request: set up once by the routes plugin. */
export interface StudentsContext extends ServiceContext {
  storage: Storage;
  aadhaarCipher: FieldCipher;
  aadhaarHash: (aadhaarNumber: string) => string;
  signer: UrlSigner;
  log: FastifyBaseLogger;
}

const UUID = z.uuid();
const CLASH_MESSAGES: Record<repository.UniqueField, string> = {
  mobile: m.mobileTaken,
  email: m.emailTaken,
  aadhaar_number: m.aadhaarTaken,
};

// A malformed id cannot name a student of this library: the same 404 as another library's id.
function studentId(id: string): string {
  if (!UUID.safeParse(id).success) throw notFound(m.notFound);
  return id.toLowerCase();
}

function clash(fields: repository.UniqueField[]): AppError {
  const errors = fields.map((field) => ({ field, message: CLASH_MESSAGES[field] }));
  return new AppError(409, errors[0]!.message, errors);
}

/** The form's fields and images checked together, so every problem is answered at once. */
function validate(upload: StudentUpload, mode: 'create' | 'update'): StudentFields {
  const parsed = studentFieldsSchema.safeParse(upload.fields);
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
  if (mode === 'create') {
    for (const field of STUDENT_IMAGE_FIELDS) {
      if (!upload.files[field]) errors.push({ field, message: STUDENT_IMAGE_REQUIRED[field] });
    }
  }
  if (!parsed.success || errors.length > 0) throw badRequest(errors[0]!.message, errors);
  return parsed.data;
}

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
    const detail = presentDetail(row, maskAadhaar(row.aadhaarLast4), keySigner(context.signer, actor));
    return { ...detail, front_image: null, back_image: null };
  }
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
  const fields = validate(upload, 'create');
  const id = randomUUID();
  const values = columnValues(context, id, fields);
  const clashes = await repository.findClashes(context.db, actor.libraryId, values);
  if (clashes.length > 0) throw clash(clashes);

  const images = await prepareImages(upload.files);
  const keys = await storeImages(context.storage, { libraryId: actor.libraryId, studentId: id }, images);
  try {
    await repository.insertStudent(context.db, actor.libraryId, id, { ...values, ...keys });
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
  if (!can(actor.role, 'students.identity') && (sent === '' || sent === maskAadhaar(stored.aadhaarLast4))) {
    try {
      upload.fields.aadhaar_number = context.aadhaarCipher.decrypt(stored.aadhaarEncrypted, id);
    } catch (error) {
      // Unreadable: the number is then required as on any form that lacks it.
      context.log.error({ err: error, studentId: id }, 'stored Aadhaar number could not be decrypted');
    }
  }
  const fields = validate(upload, 'update');
  const values = columnValues(context, id, fields);
  const clashes = await repository.findClashes(context.db, actor.libraryId, values, id);
  if (clashes.length > 0) throw clash(clashes);

  const images = await prepareImages(upload.files);
  const keys = await storeImages(context.storage, { libraryId: actor.libraryId, studentId: id }, images);
  let previous: Awaited<ReturnType<typeof repository.updateStudent>>;
  try {
    previous = await repository.updateStudent(context.db, actor.libraryId, id, { ...values, ...keys });
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
