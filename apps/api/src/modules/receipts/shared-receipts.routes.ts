import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { messages, type ReceiptPaper } from '@app/shared';
import { retryAfterSeconds } from '../../plugins/rate-limit';
import { renderMessagePage, renderReceiptPage } from './receipt-html';
import { contentLanguage, newNonce, receiptPageHeaders, sendReceiptPdf } from './receipts.routes';
import * as service from './receipts.service';

const share = messages.receipts.share;

export interface SharedReceiptRoutesOptions {
  /** Opens allowed per address per window (RECEIPT_LINK_RATE_LIMIT_*). */
  rateLimit: { max: number; windowMs: number };
}

/** The path of a shared receipt: the token is the whole capability. */
export const SHARED_RECEIPT_PREFIX = '/r';

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { paper?: string } }>;

/**
 * The public side of a shared receipt (issue 14): `GET /r/<token>` (the page, phone first)
 * and `GET /r/<token>/pdf`, opened without signing in. Each answer is for that link's one
 * receipt; a revoked link answers 410 and an unknown or malformed one 404, as plain pages,
 * never the web app. Not cached, not indexed, no referrer leaves with the token, and every
 * address is rate limited (in PostgreSQL, shared by all server processes).
 */
const sharedReceiptRoutes: FastifyPluginAsync<SharedReceiptRoutesOptions> = async (app, options) => {
  const context: service.ReceiptsContext = { db: app.db };

  app.addHook('onSend', async (_request, reply) => {
    void reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex, nofollow');
  });

  const messagePage = (reply: FastifyReply, status: number, title: string, body: string) => {
    const nonce = newNonce();
    return receiptPageHeaders(reply, nonce, 'none').code(status).send(renderMessagePage({ title, body, nonce }));
  };

  // Counted per address before the token is looked up, so guessing tokens costs the same as opening one.
  app.addHook('preHandler', async (request, reply) => {
    const { hits, resetAt } = await app.rateCounters.add(`receipt-link:ip:${request.ip}`, options.rateLimit.windowMs);
    if (hits > options.rateLimit.max) {
      void reply.header('retry-after', String(retryAfterSeconds(resetAt)));
      return messagePage(reply, 429, messages.receipts.tooManyTitle, messages.receipts.tooManyBody);
    }
  });

  /** The receipt a token opens, or the page that says why none (answered already). */
  async function open(request: TokenRequest, reply: FastifyReply) {
    const found = await service.receiptForToken(context, request.params.token);
    if (found.state === 'revoked') {
      messagePage(reply, 410, share.invalidTitle, share.invalidBody);
      return undefined;
    }
    if (found.state === 'unknown') {
      messagePage(reply, 404, share.unknownTitle, share.unknownBody);
      return undefined;
    }
    // In the student's own language when they chose one (receiptForToken switched the request to it).
    contentLanguage(reply);
    return found.receipt;
  }

  // The paper of the PDF: A5 unless 80mm is asked; anything else is A5 too (a public link has no form to correct).
  const paperOf = (request: TokenRequest): ReceiptPaper => (request.query.paper === '80mm' ? '80mm' : 'a5');

  app.get(`${SHARED_RECEIPT_PREFIX}/:token`, async (request: TokenRequest, reply) => {
    const receipt = await open(request, reply);
    if (!receipt) return reply;
    const nonce = newNonce();
    const pdfHref = `${SHARED_RECEIPT_PREFIX}/${encodeURIComponent(request.params.token)}/pdf`;
    return receiptPageHeaders(reply, nonce, 'none').send(
      renderReceiptPage(receipt, { paper: 'a5', nonce, variant: 'shared', pdfHref }),
    );
  });

  app.get(`${SHARED_RECEIPT_PREFIX}/:token/pdf`, async (request: TokenRequest, reply) => {
    const receipt = await open(request, reply);
    if (!receipt) return reply;
    return sendReceiptPdf(reply, receipt, paperOf(request));
  });

  // Anything else under /r is a link cut short or mistyped: the same plain page, not the web app.
  const unknown = async (_request: FastifyRequest, reply: FastifyReply) =>
    messagePage(reply, 404, share.unknownTitle, share.unknownBody);
  app.get(SHARED_RECEIPT_PREFIX, unknown);
  app.get(`${SHARED_RECEIPT_PREFIX}/*`, unknown);
};

export default sharedReceiptRoutes;
