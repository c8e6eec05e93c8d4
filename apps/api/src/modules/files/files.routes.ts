import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, messages } from '@app/shared';
import { AppError } from '../../errors';
import { createUrlSigner, FILE_URL_BASE_PATH, FILE_URL_TTL_SECONDS } from '../../lib/storage/signed-urls';
import type { Storage } from '../../lib/storage/storage';
import * as service from './files.service';

export interface FileRoutesOptions {
  storage: Storage;
}

const query = z.object({
  exp: z.string().max(20).optional(),
  ses: z.string().max(64).optional(),
  sig: z.string().max(128).optional(),
});

/**
 * `GET /api/files/<key>?exp&ses&sig`: private uploads, served only through URLs the
 * API signed for one session (an `<img>` cannot send a bearer token). The link and its
 * session are checked before anything else, so a probe learns nothing about which files
 * exist: a link whose session has ended (signed out, idle, expired) or whose password
 * has changed since answers 403, as a tampered or expired one does.
 */
const fileRoutes: FastifyPluginAsyncZod<FileRoutesOptions> = async (app, { storage }) => {
  const context: service.FilesContext = { db: app.db, storage };
  const signer = createUrlSigner(app.appSecret, { ttlSeconds: FILE_URL_TTL_SECONDS, basePath: FILE_URL_BASE_PATH });

  app.get(
    '/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'An uploaded image, through a signed URL answered by another call',
        params: z.object({ '*': z.string().max(400) }),
        querystring: query,
        response: {
          200: z.unknown().describe('The image bytes (image/webp)'),
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const link = signer.read(request.query);
      const session = link.ok ? await app.liveSession(link.sessionId) : undefined;
      if (!session || !signer.matches(key, request.query, session)) {
        throw new AppError(403, messages.students.fileLinkInvalid);
      }

      const file = await service.openFile(context, { ...session, ip: request.ip }, key);
      const secondsLeft = Math.max(0, Number(request.query.exp) - Math.floor(Date.now() / 1000));
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', `private, max-age=${Math.min(secondsLeft, FILE_URL_TTL_SECONDS * 2)}`)
        .header('content-disposition', 'inline')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.body);
    },
  );
};

export default fileRoutes;
