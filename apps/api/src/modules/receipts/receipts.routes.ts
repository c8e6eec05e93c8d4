import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  messages,
  receiptDocumentSchema,
  receiptLinkSchema,
  receiptLinksRevokedSchema,
  receiptPaperQuerySchema,
  successEnvelope,
  type ReceiptDocument,
  type ReceiptPaper,
} from '@app/shared';
import { findAdminById } from '../../db/admins.repository';
import { actorOf, allow } from '../../plugins/auth';
import { answerInLanguage, requestLanguage } from '../../plugins/language';
import { ok } from '../../lib/reply';
import { renderReceiptPage } from './receipt-html';
import { renderReceiptPdf } from './receipt-pdf';
import * as service from './receipts.service';

const m = messages.receipts;
const params = z.object({ paymentId: z.uuid({ error: () => m.notFound }) });
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const security = [{ bearerAuth: [] }];
const tags = ['receipts'];

export interface ReceiptRoutesOptions {
  /** The origin shared links start with (PUBLIC_URL); undefined: the request's own. */
  publicUrl: string | undefined;
}

/** A fresh CSP nonce for the one inline stylesheet of a receipt page. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * The headers of a receipt's HTML page: nothing runs and nothing loads but its own
 * stylesheet; `framedBy` says who may show it in a frame (the web app prints the view from
 * one, on its own origin; a shared page is never framed).
 */
export function receiptPageHeaders(reply: FastifyReply, nonce: string, framedBy: 'self' | 'none'): FastifyReply {
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors '${framedBy}'`,
    )
    .header('x-frame-options', framedBy === 'self' ? 'SAMEORIGIN' : 'DENY')
    .type('text/html; charset=utf-8');
}

/** `receipt-GDL-2026-27-0001.pdf`: the number with everything but letters, digits and hyphens made hyphens. */
export function pdfFileName(receipt: ReceiptDocument, paper: ReceiptPaper): string {
  const number = receipt.receipt_no.replace(/[^A-Za-z0-9-]+/g, '-');
  return `receipt-${number}${paper === '80mm' ? '-80mm' : ''}.pdf`;
}

/** Sends the receipt's PDF as a download. */
export async function sendReceiptPdf(reply: FastifyReply, receipt: ReceiptDocument, paper: ReceiptPaper) {
  const pdf = await renderReceiptPdf(receipt, paper);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdfFileName(receipt, paper)}"`)
    .header('content-length', pdf.length)
    .send(pdf);
}

/** Names the language the answer is in (a person's stored choice may have replaced the header's, issue 20). */
export function contentLanguage(reply: FastifyReply): FastifyReply {
  return reply.header('content-language', requestLanguage());
}

/** The app's address for links made from this request: PUBLIC_URL, else the address the request came to. */
function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * A payment's receipt (issue 14): its document, the printable page, the PDF, and share
 * links (made and revoked). Signed-in admins of the payment's library only.
 */
const receiptRoutes: FastifyPluginAsyncZod<ReceiptRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', app.authenticate);
  // A receipt carries a student's name and mobile: no shared cache may keep it.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });
  const context: service.ReceiptsContext = { db: app.db };

  /**
   * The printable page and the PDF are in the signed-in admin's own language when they chose
   * one (issue 20): a browser may open them itself, sending its Accept-Language, not their choice.
   */
  async function answerInAdminsLanguage(request: FastifyRequest, reply: FastifyReply) {
    const { libraryId, adminId } = actorOf(request);
    const admin = await findAdminById(app.db, libraryId, adminId);
    if (admin?.language) answerInLanguage(admin.language);
    contentLanguage(reply);
  }

  app.get(
    '/receipts/:paymentId',
    {
      config: allow('staff'),
      schema: {
        tags,
        summary: "A payment's receipt or tax invoice, as one document",
        security,
        params,
        response: { 200: successEnvelope(receiptDocumentSchema), ...failures },
      },
    },
    async (request) => ok(await service.getReceipt(context, actorOf(request), request.params.paymentId)),
  );

  app.get(
    '/receipts/:paymentId/view',
    {
      config: allow('staff'),
      schema: {
        tags,
        summary: 'The printable receipt page (A5 or an 80 mm roll), for a frame of the web app to print',
        security,
        params,
        querystring: receiptPaperQuerySchema,
        response: { 200: z.string().describe('The receipt as an HTML page'), ...failures },
      },
    },
    async (request, reply) => {
      await answerInAdminsLanguage(request, reply);
      const receipt = await service.getReceipt(context, actorOf(request), request.params.paymentId);
      const nonce = newNonce();
      return receiptPageHeaders(reply, nonce, 'self').send(
        renderReceiptPage(receipt, { paper: request.query.paper, nonce, variant: 'print' }),
      );
    },
  );

  app.get(
    '/receipts/:paymentId/pdf',
    {
      config: allow('staff'),
      schema: {
        tags,
        summary: 'The receipt as a PDF download (A5 or an 80 mm roll)',
        security,
        params,
        querystring: receiptPaperQuerySchema,
        response: { 200: z.unknown().describe('The PDF (application/pdf)'), ...failures },
      },
    },
    async (request, reply) => {
      await answerInAdminsLanguage(request, reply);
      const receipt = await service.getReceipt(context, actorOf(request), request.params.paymentId);
      return sendReceiptPdf(reply, receipt, request.query.paper);
    },
  );

  app.post(
    '/receipts/:paymentId/links',
    {
      config: allow('staff'),
      schema: {
        tags,
        summary: 'A new link that opens the receipt without signing in, and its WhatsApp share link',
        security,
        params,
        response: { 201: successEnvelope(receiptLinkSchema), ...failures },
      },
    },
    async (request, reply) => {
      const link = await service.createLink(
        context,
        actorOf(request),
        request.params.paymentId,
        originOf(request, options.publicUrl),
      );
      return reply.code(201).send(ok(link));
    },
  );

  app.delete(
    '/receipts/:paymentId/links',
    {
      config: allow('deletes'),
      schema: {
        tags,
        summary: 'Revokes every live link of the receipt (they then say it is no longer valid)',
        security,
        params,
        response: { 200: successEnvelope(receiptLinksRevokedSchema), ...failures },
      },
    },
    async (request) =>
      ok(await service.revokeLinks(context, actorOf(request), request.params.paymentId), m.actions.revoked),
  );
};

export default receiptRoutes;
