import {
  canTakeWhatsApp,
  formatRupees,
  GST_STATES,
  isGstStateCode,
  messages,
  rupeesInWords,
  whatsappLink,
  type ReceiptDocument,
  type ReceiptLink,
  type ReceiptTax,
} from '@app/shared';
import { notFound } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/service-context';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { answerInLanguage } from '../../plugins/language';
import * as repository from './receipts.repository';

const m = messages.receipts;

export type ReceiptsContext = ServiceContext;

/** A share link's token: 32 random bytes, base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function state(code: string): { code: string; name: string } {
  return { code, name: isGstStateCode(code) ? GST_STATES[code] : code };
}

function presentTax(row: repository.ReceiptRow): ReceiptTax | null {
  if (!row.tax_gstin || row.tax_rate === null || row.place_of_supply === null || row.taxable_value === null) {
    return null;
  }
  const supplier = row.tax_gstin.slice(0, 2);
  return {
    gstin: row.tax_gstin,
    sac: row.tax_sac ?? '',
    rate: Number(row.tax_rate),
    supplier_state: state(supplier),
    place_of_supply: state(row.place_of_supply),
    inter_state: row.place_of_supply !== supplier,
    taxable_value: Number(row.taxable_value),
    cgst: Number(row.cgst ?? 0),
    sgst: Number(row.sgst ?? 0),
    igst: Number(row.igst ?? 0),
  };
}

/** The document every rendering of a receipt starts from (the shared `receiptDocumentSchema`). */
export function presentReceipt(row: repository.ReceiptRow & { receipt_no: string }): ReceiptDocument {
  const amount = Number(row.amount);
  const tax = presentTax(row);
  return {
    payment_id: row.id,
    receipt_no: row.receipt_no,
    type: tax ? 'tax_invoice' : 'receipt',
    date: row.date,
    time: row.time,
    library: {
      name: row.library_name,
      address: row.library_address,
      phone: row.library_phone,
      email: row.library_email,
    },
    student: { name: [row.first_name, row.last_name].filter(Boolean).join(' '), mobile: row.student_mobile },
    plan: {
      duration_months: row.duration,
      is_reserved: row.is_reserved,
      seat_name: row.seat_name,
      area_name: row.area_name,
      start_time: row.start_time,
      end_time: row.end_time,
      period_start: row.period_start,
      period_end: row.period_end,
    },
    kind: row.kind,
    amount,
    amount_in_words: rupeesInWords(amount),
    mode: row.mode,
    reference: row.reference,
    received_by: row.received_by,
    tax,
    adjusts:
      row.adjusts_id && row.reason !== null
        ? { payment_id: row.adjusts_id, receipt_no: row.adjusts_receipt_no, reason: row.reason }
        : null,
    void:
      row.voided_at && row.void_reason !== null
        ? { at: row.voided_at, by: row.voided_by, reason: row.void_reason }
        : null,
  };
}

/**
 * The receipt of the library's payment `paymentId`: 404 "Receipt not found" for an unknown
 * payment or another library's, 404 "no receipt" for one that has none (₹0 fees and refunds:
 * nothing was received).
 */
export async function loadReceipt(context: ReceiptsContext, libraryId: string, paymentId: string) {
  const row = await repository.findReceipt(context.db, libraryId, paymentId);
  if (!row) throw notFound(m.notFound);
  if (row.receipt_no === null) throw notFound(m.noReceipt);
  return presentReceipt({ ...row, receipt_no: row.receipt_no });
}

export function getReceipt(context: ReceiptsContext, actor: Actor, paymentId: string): Promise<ReceiptDocument> {
  return loadReceipt(context, actor.libraryId, paymentId);
}

/** The text the WhatsApp share sends, and the click-to-chat link (to the student when the mobile can take it). */
function whatsappFor(receipt: ReceiptDocument, url: string): string {
  const text = m.whatsappText(receipt.library.name, receipt.receipt_no, receipt.amount, url);
  return canTakeWhatsApp(receipt.student.mobile)
    ? whatsappLink(receipt.student.mobile, text)
    : `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * A new share link of the receipt, opened without signing in at `<origin>/r/<token>`. The
 * token is 32 random bytes shown only in this answer; the database keeps its SHA-256, so a
 * leaked table opens no receipt. Audited.
 */
export async function createLink(
  context: ReceiptsContext,
  actor: Actor,
  paymentId: string,
  origin: string,
): Promise<ReceiptLink> {
  const receipt = await loadReceipt(context, actor.libraryId, paymentId);
  // The same 256 random bits, URL-safe, as a session token.
  const token = newSessionToken();
  const url = `${origin}/r/${token}`;
  return context.db.transaction(async (tx) => {
    const { created_at } = await repository.insertLink(tx, actor.libraryId, {
      paymentId,
      tokenHash: hashToken(token),
      createdBy: actor.adminId,
    });
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.receiptLinkCreated,
      entityType: 'receipt',
      entityId: paymentId,
      detail: `Shared receipt ${receipt.receipt_no} of ${formatRupees(receipt.amount)}`,
    });
    return { url, whatsapp_url: whatsappFor(receipt, url), created_at };
  });
}

/** Revokes every live share link of the receipt (those links then say it is no longer valid). Audited. */
export async function revokeLinks(
  context: ReceiptsContext,
  actor: Actor,
  paymentId: string,
): Promise<{ revoked: number }> {
  const receipt = await loadReceipt(context, actor.libraryId, paymentId);
  return context.db.transaction(async (tx) => {
    const revoked = await repository.revokeLinks(tx, actor.libraryId, paymentId, actor.adminId);
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.receiptLinksRevoked,
      entityType: 'receipt',
      entityId: paymentId,
      detail: `Revoked ${revoked} shared ${revoked === 1 ? 'link' : 'links'} of receipt ${receipt.receipt_no}`,
    });
    return { revoked };
  });
}

export type SharedReceipt = { state: 'live'; receipt: ReceiptDocument } | { state: 'revoked' } | { state: 'unknown' };

/**
 * The receipt a share link opens: only the one payment it was made for, in its library.
 * A token of the wrong shape is not looked up. The student opens the link in a browser whose
 * Accept-Language is not their choice: once the receipt is found, the request answers in the
 * language the student chose, if they chose one (issue 20).
 */
export async function receiptForToken(context: ReceiptsContext, token: string): Promise<SharedReceipt> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return { state: 'unknown' };
  const link = await repository.findLink(context.db, hashToken(token));
  if (!link) return { state: 'unknown' };
  if (link.revoked) return { state: 'revoked' };
  const row = await repository.findReceipt(context.db, link.library_id, link.fee_id);
  if (!row?.receipt_no) return { state: 'unknown' };
  if (row.student_language) answerInLanguage(row.student_language);
  return { state: 'live', receipt: presentReceipt({ ...row, receipt_no: row.receipt_no }) };
}
