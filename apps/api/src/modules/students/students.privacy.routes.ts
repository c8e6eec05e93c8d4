import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  studentExportQuerySchema,
  studentLifecycleSchema,
  successEnvelope,
  privacyMessages,
} from '@app/shared';
import type { Storage } from '../../lib/storage/storage';
import { actorOf, allow } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import { renderStudentExportPage } from './students.privacy.html';
import * as service from './students.privacy.service';

const m = privacyMessages;

export interface StudentPrivacyRoutesOptions {
  storage: Storage;
}

const idParams = z.object({ id: z.string().max(100) });
const failure = errorEnvelopeSchema;
const tags = ['students'];
const security = [{ bearerAuth: [] }];

/** The readable page's policy when opened from the answer: nothing loads, nothing runs, never framed. */
const EXPORT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * A student's data rights (issue 19): erasing a departed student's identity documents now,
 * and downloading the student's own data (JSON or a readable page). The student calls of
 * SPEC.md §7 are in students.routes.ts.
 */
const studentPrivacyRoutes: FastifyPluginAsyncZod<StudentPrivacyRoutesOptions> = async (app, options) => {
  const context: service.PrivacyContext = { db: app.db, storage: options.storage, log: app.log };

  app.post(
    '/user/:id/erase',
    {
      config: allow('deletes'),
      schema: {
        tags,
        security,
        summary:
          "Erase a departed student's identity documents now: the Aadhaar number (the last four digits stay if Settings keep them) and the three images with the thumbnail (audited)",
        params: idParams,
        response: {
          200: successEnvelope(studentLifecycleSchema),
          401: failure,
          403: failure,
          404: failure,
          409: failure,
          422: failure,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => ok(await service.eraseStudent(context, actorOf(request), request.params.id), m.erase.done),
  );

  app.get(
    '/user/:id/export',
    {
      config: allow('exports'),
      schema: {
        tags,
        security,
        summary:
          "Download a student's own data (profile with the Aadhaar number masked, consent, subscriptions, payments, attendance, notifications sent) as one JSON file or one readable HTML page (audited)",
        params: idParams,
        querystring: studentExportQuerySchema,
        response: {
          200: z.string().describe('The JSON file (StudentExport) or the readable HTML page, as an attachment'),
          400: failure,
          401: failure,
          403: failure,
          404: failure,
        },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const format = request.query.format;
      const file = await service.exportStudent(context, actorOf(request), request.params.id, format);
      void reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}.${format}"`);
      if (format === 'json') {
        return reply.type('application/json; charset=utf-8').send(`${JSON.stringify(file.data, null, 2)}\n`);
      }
      return reply
        .header('content-security-policy', EXPORT_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(renderStudentExportPage(file.data, file.timeZone));
    },
  );
};

export default studentPrivacyRoutes;
