import type { ErrorEnvelope, FieldError } from '@app/shared';
import { messages } from '@app/shared';
import { messageCodeOf } from './plugins/language';

/**
 * An error the API answers on purpose: its status and message reach the client in
 * the failure envelope. Anything else is a 500 with a generic message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
/** The caller is signed in but their role may not do this (issue 16). */
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string = messages.validation.notFound) => new AppError(404, message);
/** A conflict with existing data; `field` names the clashing field when there is one. */
export const conflict = (message: string, field?: string) =>
  new AppError(409, message, field ? [{ field, message }] : []);
export const tooManyRequests = (message: string = messages.auth.tooManyAttempts) => new AppError(429, message);

/**
 * The failure envelope of a message read during this request: the message in the request's
 * language and its catalogue key as the stable `messageCode` (issue 20).
 */
export function errorEnvelope(code: number, message: string, errors: FieldError[] = []): ErrorEnvelope {
  return {
    status: false,
    code,
    message,
    messageCode: messageCodeOf(message),
    errors: errors.map((error) => ({ ...error, messageCode: messageCodeOf(error.message) })),
  };
}
