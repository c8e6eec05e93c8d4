import type { FastifyRequest } from 'fastify';
import {
  messages,
  STUDENT_IMAGE_FIELDS,
  STUDENT_IMAGE_MAX_BYTES,
  studentFieldsSchema,
  type StudentImageField,
} from '@app/shared';
import { AppError, badRequest } from '../../errors';

const m = messages.students;

/** Busboy limits for the student form: three images of 5 MB, a handful of short fields. */
export const STUDENT_FORM_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 20,
  fileSize: STUDENT_IMAGE_MAX_BYTES,
  files: STUDENT_IMAGE_FIELDS.length,
  parts: 30,
  headerPairs: 100,
};

/** The student form as sent: its text fields and the bytes of each image chosen. */
export interface StudentUpload {
  fields: Record<string, string>;
  files: Partial<Record<StudentImageField, Buffer>>;
}

// Issue 19: `consent` (who agreed to the privacy notice) comes with the student's fields.
const TEXT_FIELDS = new Set([...Object.keys(studentFieldsSchema.shape), 'consent']);
const IMAGE_FIELDS = new Set<string>(STUDENT_IMAGE_FIELDS);

const tooLarge = (message: string, field?: string) => new AppError(413, message, field ? [{ field, message }] : []);

// @fastify/multipart's own errors, in the words of the form.
function translate(error: unknown, currentFile: string | undefined): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(m.imageTooLarge, currentFile);
    case 'FST_FILES_LIMIT':
      return tooLarge(m.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge(m.fieldTooLong);
    default:
      // Malformed multipart (bad boundary, truncated body, prototype keys ...).
      return badRequest(messages.validation.invalidInput);
  }
}

/**
 * Reads the whole multipart body (at most 3 × 5 MB of images) into memory: images
 * are checked and re-encoded before anything is stored, so nothing is kept of a
 * request that fails half-way.
 */
export async function readStudentUpload(request: FastifyRequest): Promise<StudentUpload> {
  if (!request.isMultipart()) throw new AppError(415, m.multipartRequired);
  const upload: StudentUpload = { fields: {}, files: {} };
  let currentFile: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw tooLarge(m.fieldTooLong, part.fieldname);
        if (TEXT_FIELDS.has(part.fieldname) && !(part.fieldname in upload.fields)) {
          upload.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        }
        continue;
      }
      currentFile = part.fieldname;
      if (!IMAGE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw badRequest(m.unexpectedFile, [{ field: part.fieldname, message: m.unexpectedFile }]);
      }
      const field = part.fieldname as StudentImageField;
      if (upload.files[field]) {
        part.file.resume();
        throw badRequest(m.duplicateFile, [{ field, message: m.duplicateFile }]);
      }
      const bytes = await part.toBuffer();
      // A form posted with no file chosen still sends an empty part: that is "no image".
      if (bytes.length > 0) upload.files[field] = bytes;
      currentFile = undefined;
    }
  } catch (error) {
    throw translate(error, currentFile);
  }
  return upload;
}
