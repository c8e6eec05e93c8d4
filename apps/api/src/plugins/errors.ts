import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages, type FieldError } from '@app/shared';
import { AppError, errorEnvelope } from '../errors';
import { isDatabaseUnavailable } from '../lib/pg-errors';

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function send(reply: FastifyReply, code: number, message: string, errors: FieldError[] = []) {
  return reply
    .status(code)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(code, message, errors));
}

// Messages are read when answering (in the request's language), not when this module loads.
const v = messages.validation;
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: () => string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: () => v.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: () => v.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: () => v.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: () => v.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: () => v.invalidInput },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, message: () => v.unsupportedMediaType },
  FST_ERR_BAD_URL: { status: 400, message: () => v.invalidInput },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: () => v.invalidInput },
};

/**
 * One error handler for the whole API (DESIGN.md §4): every failure answers the
 * envelope with its real status; 5xx details stay in the log, never in the reply.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return send(reply, error.statusCode, error.message, error.errors);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((issue) => ({
          field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? messages.validation.invalidInput,
        }));
        const first = errors.find((entry) => entry.field !== '') ?? errors[0];
        const message = first && first.field !== '' ? first.message : messages.validation.invalidInput;
        return send(reply, 400, message, errors);
      }

      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      if (known) return send(reply, known.status, known.message());

      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return send(reply, 500, messages.validation.internal);
      }

      // The database is down or restarting: not a bug, and it passes (db/embedded-supervisor.ts restarts
      // the embedded one; the pool reconnects on its own).
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unreachable');
        void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return send(reply, 503, messages.validation.databaseUnavailable);
      }

      // PostgreSQL "data exception" (class 22: a value it cannot store or compare, such as
      // text with a NUL or a number out of range) is the caller's input, not our failure.
      const pgCode = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? error.code;
      if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) {
        request.log.warn({ err: error }, 'database refused a value');
        return send(reply, 400, messages.validation.invalidInput);
      }

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad URL encoding, unsupported method ...).
        return send(reply, status, status === 404 ? messages.validation.notFound : messages.validation.invalidInput);
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, messages.validation.internal);
    });
  },
  { name: 'errors' },
);
