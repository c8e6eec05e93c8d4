import multipart from '@fastify/multipart';
import pLimit from 'p-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  kycUpdateSchema,
  messages,
  MOBILE_PATTERN,
  studentDetailSchema,
  studentLifecycleSchema,
  studentListQuerySchema,
  studentListSchema,
  studentLookupSchema,
  studentSavedSchema,
  successEnvelope,
  privacyMessages,
} from '@app/shared';
import { createFieldCipher, createKeyedHash } from '../../lib/crypto';
import { createUrlSigner, FILE_URL_BASE_PATH, FILE_URL_TTL_SECONDS } from '../../lib/storage/signed-urls';
import type { Storage } from '../../lib/storage/storage';
import { actorOf, allow } from '../../plugins/auth';
import { catalogueText } from '../../plugins/language';
import { readStudentUpload, STUDENT_FORM_LIMITS } from './students.multipart';
import * as service from './students.service';
import { ok } from '../../lib/reply';

const m = messages.students;
/** The list's message, read from the catalogue once per language (plugins/language `catalogueText`). */
const listed = catalogueText(() => m.listed);

/**
 * How many student forms (up to 3 × 5 MB of images each) this process reads and saves at
 * once. The others wait before their body is read, so their bytes stay in the network
 * buffers instead of this process's memory, and memory stays flat however many owners and
 * staff save at the same moment (docs/performance.md, "Image uploads"). Decoding itself
 * goes one image at a time (lib/storage/images.ts).
 */
const STUDENT_FORMS_AT_ONCE = 4;

export interface StudentRoutesOptions {
  storage: Storage;
}

const idParams = z.object({ id: z.string().max(100) });
const saved = successEnvelope(studentSavedSchema);
const kycSaved = successEnvelope(studentSavedSchema.extend({ kyc_status: kycUpdateSchema.shape.kyc_status }));
const failure = errorEnvelopeSchema;
const formBody = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data: first_name, last_name, mobile, email, aadhaar_number, dob (YYYY-MM-DD), consent (student or guardian: who agreed to the privacy notice; required while the student has no consent on record, guardian under 18), and the images profile, front_image, back_image (JPEG, PNG or WebP, 5 MB each; required on create and after an erasure, optional on update).',
};

/** The student calls of SPEC.md §7 (`/user...`), scoped to the caller's library. */
const studentRoutes: FastifyPluginAsyncZod<StudentRoutesOptions> = async (app, options) => {
  // Only this plugin parses multipart, with the student form's limits.
  await app.register(multipart, { limits: STUDENT_FORM_LIMITS });
  const formQueue = pLimit(STUDENT_FORMS_AT_ONCE);

  const context: service.StudentsContext = {
    db: app.db,
    storage: options.storage,
    aadhaarCipher: createFieldCipher(app.appSecret, 'student-aadhaar-encryption'),
    aadhaarHash: createKeyedHash(app.appSecret, 'student-aadhaar-uniqueness'),
    signer: createUrlSigner(app.appSecret, { ttlSeconds: FILE_URL_TTL_SECONDS, basePath: FILE_URL_BASE_PATH }),
    log: app.log,
  };
  const tags = ['students'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user',
    {
      config: allow('staff'),
      schema: {
        tags,
        security,
        summary:
          'A page of students: search over name, mobile and email; filter by KYC status and type; members or those who left (state)',
        querystring: studentListQuerySchema,
        response: { 200: successEnvelope(studentListSchema), 400: failure, 401: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) => ok(await service.listStudents(context, actorOf(request), request.query), listed()),
  );

  app.get(
    '/user/mobile/:mobile',
    {
      config: allow('staff'),
      schema: {
        tags,
        security,
        summary: "Find a student by mobile number (the subscription dialog's lookup)",
        params: z.object({ mobile: z.string().regex(MOBILE_PATTERN, { error: () => m.mobileInvalid }) }),
        response: { 200: successEnvelope(studentLookupSchema), 400: failure, 401: failure, 404: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) => ok(await service.findByMobile(context, actorOf(request), request.params.mobile), m.found),
  );

  app.get(
    '/user/:id',
    {
      config: allow('staff'),
      schema: {
        tags,
        security,
        summary: 'A student for the edit form, with the full Aadhaar number (audited) and image links',
        params: idParams,
        response: { 200: successEnvelope(studentDetailSchema), 401: failure, 404: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) => ok(await service.getStudent(context, actorOf(request), request.params.id), m.fetched),
  );

  app.get(
    '/user/:id/identity',
    {
      config: allow('students.identity'),
      schema: {
        tags,
        security,
        summary: "Reveal a student's Aadhaar number and identity images (issue 16: not for desk staff; audited)",
        params: idParams,
        response: {
          200: successEnvelope(
            z.object({
              aadhaar_number: z.string(),
              front_image: z.string().nullable(),
              back_image: z.string().nullable(),
            }),
          ),
          401: failure,
          403: failure,
          404: failure,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { aadhaar_number, front_image, back_image } = await service.getStudent(
        context,
        actorOf(request),
        request.params.id,
      );
      return ok({ aadhaar_number, front_image, back_image }, m.fetched);
    },
  );

  app.post(
    '/user',
    {
      config: allow('staff'),
      schema: {
        tags,
        security,
        summary: 'Create a student with profile and Aadhaar images',
        ...formBody,
        response: { 201: saved, 400: failure, 401: failure, 409: failure, 413: failure, 415: failure },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await formQueue(async () => service.createStudent(context, actor, await readStudentUpload(request)));
      return reply.status(201).send({ status: true, message: m.created, data: { id, user_id: id } });
    },
  );

  app.put(
    '/user/:id',
    {
      config: allow('staff'),
      schema: {
        tags,
        security,
        summary: 'Update a student; images sent replace the stored ones',
        params: idParams,
        ...formBody,
        response: { 200: saved, 400: failure, 401: failure, 404: failure, 409: failure, 413: failure, 415: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const actor = actorOf(request);
      const id = await formQueue(async () =>
        service.updateStudent(context, actor, request.params.id, await readStudentUpload(request)),
      );
      return { status: true as const, message: m.updated, data: { id, user_id: id } };
    },
  );

  app.patch(
    '/user/:id/kyc',
    {
      config: allow('students.identity'),
      schema: {
        tags,
        security,
        summary: "Mark a student's KYC as pending, verified or rejected",
        params: idParams,
        body: kycUpdateSchema,
        response: { 200: kycSaved, 400: failure, 401: failure, 404: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const id = await service.setKycStatus(context, actorOf(request), request.params.id, request.body.kyc_status);
      return {
        status: true as const,
        message: m.kycUpdated,
        data: { id, user_id: id, kyc_status: request.body.kyc_status },
      };
    },
  );

  const lifecycle = successEnvelope(studentLifecycleSchema);
  app.post(
    '/user/:id/leave',
    {
      config: allow('staff'),
      schema: {
        tags,
        security,
        summary:
          'Mark a student as left (issue 19): off the active lists, unbookable, history kept; their app sessions, phones and ID card end',
        params: idParams,
        response: { 200: lifecycle, 401: failure, 404: failure, 409: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      ok(await service.leaveStudent(context, actorOf(request), request.params.id), privacyMessages.leave.done),
  );

  app.post(
    '/user/:id/rejoin',
    {
      config: allow('staff'),
      schema: {
        tags,
        security,
        summary: 'A student who left is a member again (issue 19)',
        params: idParams,
        response: { 200: lifecycle, 401: failure, 404: failure, 409: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      ok(await service.rejoinStudent(context, actorOf(request), request.params.id), privacyMessages.leave.rejoined),
  );
};

export default studentRoutes;
