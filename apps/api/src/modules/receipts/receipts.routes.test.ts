import { createHash } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { messages, receiptDocumentSchema, splitInclusiveTax } from '@app/shared';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { adjust, MAHARASHTRA_GSTIN, payBalance, receiptLibrary, type ReceiptLibrary } from './receipts.fixtures';

const m = messages.receipts;
const t = useTestApp();

type Auth = Record<string, string>;

const get = (auth: Auth, url: string) => t.app.inject({ url, headers: auth });

async function documentOf(auth: Auth, paymentId: string) {
  const response = await get(auth, `/api/receipts/${paymentId}`);
  expect(response.statusCode, response.body).toBe(200);
  return receiptDocumentSchema.parse(response.json().data);
}

async function pdfText(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  const page = await document.getPage(1);
  const [, , width, height] = page.view;
  // Lines wrapped on the page come back as lines: read it as running text.
  return { text: text.replace(/\s+/g, ' '), pages: document.numPages, width: width!, height: height! };
}

function voidPayment(library: ReceiptLibrary, paymentId: string, reason = 'Paid twice by mistake') {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/void`,
    headers: library.auth,
    payload: { reason },
  });
}

function share(auth: Auth, paymentId: string) {
  return t.app.inject({ method: 'POST', url: `/api/receipts/${paymentId}/links`, headers: auth });
}

function revoke(auth: Auth, paymentId: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/receipts/${paymentId}/links`, headers: auth });
}

/** A share link's path (`/r/<token>`) from the answer of a POST. */
async function sharedPath(auth: Auth, paymentId: string): Promise<string> {
  const response = await share(auth, paymentId);
  expect(response.statusCode, response.body).toBe(201);
  return new URL(response.json().data.url).pathname;
}

describe('GET /api/receipts/:paymentId', () => {
  it('answers the receipt of a payment: the library, the student, the plan as paid, the amount in words', async () => {
    const library = await receiptLibrary(t);
    const receipt = await documentOf(library.auth, library.paymentId);
    expect(receipt).toMatchObject({
      payment_id: library.paymentId,
      type: 'receipt',
      library: { name: 'Gyan Study Point', address: '12 MG Road, Jaipur', phone: '9876543210' },
      student: { name: 'राहुल शर्मा', mobile: library.student.mobile },
      plan: {
        duration_months: 1,
        is_reserved: true,
        seat_name: 'A7',
        area_name: 'Hall A',
        start_time: '06:00',
        end_time: '14:00',
        period_start: library.subscription.joining_date,
        period_end: library.subscription.plan_expires_at,
      },
      kind: 'new',
      amount: 1500,
      amount_in_words: 'Rupees One Thousand Five Hundred only',
      mode: 'Cash',
      reference: null,
      received_by: 'Ravi Kumar',
      tax: null,
      adjusts: null,
      void: null,
    });
    expect(receipt.receipt_no).toMatch(/^GSP\/\d{4}-\d{2}\/0001$/);
    expect(receipt.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(receipt.time).toMatch(/^\d{2}:\d{2}$/);
  });

  it('answers a tax invoice with CGST and SGST, or IGST to another state', async () => {
    const library = await receiptLibrary(t, { gstin: MAHARASHTRA_GSTIN });
    const invoice = await documentOf(library.auth, library.paymentId);
    const split = splitInclusiveTax(1500, 18, false);
    expect(invoice).toMatchObject({
      type: 'tax_invoice',
      tax: {
        gstin: MAHARASHTRA_GSTIN,
        sac: '998451',
        rate: 18,
        supplier_state: { code: '27', name: 'Maharashtra' },
        place_of_supply: { code: '27', name: 'Maharashtra' },
        inter_state: false,
        taxable_value: split.taxable_value,
        cgst: split.cgst,
        sgst: split.sgst,
        igst: 0,
      },
    });
    const other = await payBalance(t, library, { amount: 500, place_of_supply: '29' });
    expect((await documentOf(library.auth, other.id)).tax).toMatchObject({
      place_of_supply: { code: '29', name: 'Karnataka' },
      inter_state: true,
      taxable_value: 423.73,
      igst: 76.27,
      cgst: 0,
      sgst: 0,
    });
  });

  it('says what an adjustment adjusts, and who voided a void payment, when and why', async () => {
    const library = await receiptLibrary(t);
    const adjustment = await adjust(t, library, library.paymentId, {
      direction: 'more',
      amount: 200,
      reason: 'Locker fee left out',
    });
    const first = await documentOf(library.auth, library.paymentId);
    expect(await documentOf(library.auth, adjustment.id)).toMatchObject({
      kind: 'adjustment',
      amount: 200,
      amount_in_words: 'Rupees Two Hundred only',
      adjusts: { payment_id: library.paymentId, receipt_no: first.receipt_no, reason: 'Locker fee left out' },
    });
    expect((await voidPayment(library, adjustment.id)).statusCode).toBe(200);
    const voided = await documentOf(library.auth, adjustment.id);
    expect(voided.void).toMatchObject({ by: 'Ravi Kumar', reason: 'Paid twice by mistake' });
    expect(voided.void?.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('answers 404 for another library’s payment, an unknown one, a ₹0 fee and a refund; 400 for a malformed id', async () => {
    const library = await receiptLibrary(t);
    const other = await registerLibrary(t.app);
    const refund = await adjust(t, library, library.paymentId, {
      direction: 'refund',
      amount: 100,
      reason: 'Overcharged',
    });
    const renewed = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/renew/${library.subscriptionId}`,
      headers: library.auth,
      payload: { duration: 1, fee: 0, price: 0, mode: 'Cash' },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const zero = await t.pool.query(`select id from fees where subscription_id = $1 and amount = 0`, [
      library.subscriptionId,
    ]);
    const cases: Array<[Auth, string, number, string]> = [
      [other.auth, library.paymentId, 404, m.notFound],
      [library.auth, '00000000-0000-4000-8000-000000000000', 404, m.notFound],
      [library.auth, refund.id, 404, m.noReceipt],
      [library.auth, zero.rows[0].id, 404, m.noReceipt],
      [library.auth, 'not-a-payment', 400, m.notFound],
    ];
    for (const [auth, id, status, message] of cases) {
      for (const suffix of ['', '/view', '/pdf']) {
        const response = await get(auth, `/api/receipts/${id}${suffix}`);
        expect(response.statusCode, `${id}${suffix}`).toBe(status);
        expect(response.json(), `${id}${suffix}`).toMatchObject({ status: false, code: status, message });
      }
    }
  });

  it('needs a session', async () => {
    const library = await receiptLibrary(t);
    for (const suffix of ['', '/view', '/pdf']) {
      expect((await t.app.inject({ url: `/api/receipts/${library.paymentId}${suffix}` })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/receipts/:paymentId/view', () => {
  it('is a printable page for A5 or an 80 mm roll, framed only by the app, loading nothing from outside', async () => {
    const library = await receiptLibrary(t);
    const a5 = await get(library.auth, `/api/receipts/${library.paymentId}/view`);
    expect(a5.statusCode).toBe(200);
    expect(a5.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(a5.headers['cache-control']).toBe('private, no-store');
    expect(a5.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(a5.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(a5.body).toContain(`<style nonce="${nonce}">`);
    expect(a5.body).toContain('@page { size: A5; margin: 10mm; }');
    expect(a5.body).not.toMatch(/<script|\bsrc=|url\(|https?:\/\//);
    for (const text of [
      'Gyan Study Point',
      'राहुल शर्मा',
      m.receipt,
      'Rupees One Thousand Five Hundred only',
      '₹1,500.00',
    ]) {
      expect(a5.body).toContain(text);
    }
    const roll = await get(library.auth, `/api/receipts/${library.paymentId}/view?paper=80mm`);
    expect(roll.body).toContain('@page { size: 80mm auto; margin: 3mm; }');
    const second = await get(library.auth, `/api/receipts/${library.paymentId}/view`);
    expect(second.headers['content-security-policy']).not.toBe(csp); // a new nonce each time
    const wrong = await get(library.auth, `/api/receipts/${library.paymentId}/view?paper=a4`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'paper', message: m.paperInvalid, messageCode: 'receipts.paperInvalid' },
    ]);
  });

  it('escapes every value it shows', async () => {
    const library = await receiptLibrary(t);
    await t.pool.query(`update libraries set name = $2, address = $3 where id = $1`, [
      library.libraryId,
      `Gyan <script>alert(1)</script> "&" Co`,
      `<img src=x onerror=alert(1)>`,
    ]);
    await t.pool.query(`update students set first_name = $2 where id = $1`, [
      library.student.id,
      `</title><style>*{}</style>'`,
    ]);
    const page = await get(library.auth, `/api/receipts/${library.paymentId}/view`);
    expect(page.body).not.toMatch(/<script|<img|<\/title><style/);
    expect(page.body).toContain('Gyan &lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&quot; Co');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).toContain('&lt;/title&gt;&lt;style&gt;*{}&lt;/style&gt;&#39;');
  });

  it('marks a void receipt VOID with who, when and why', async () => {
    const library = await receiptLibrary(t);
    expect((await voidPayment(library, library.paymentId)).statusCode).toBe(200);
    const page = await get(library.auth, `/api/receipts/${library.paymentId}/view`);
    expect(page.body).toContain(`<div class="void-mark" aria-hidden="true">${m.void}</div>`);
    expect(page.body).toMatch(/Voided on \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M by Ravi Kumar: Paid twice by mistake/);
  });
});

describe('GET /api/receipts/:paymentId/pdf', () => {
  it('downloads a receipt under 100 kB whose text reads back, with ₹ and the student’s name in Devanagari', async () => {
    const library = await receiptLibrary(t);
    const receipt = await documentOf(library.auth, library.paymentId);
    for (const paper of ['a5', '80mm'] as const) {
      const response = await get(library.auth, `/api/receipts/${library.paymentId}/pdf?paper=${paper}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const number = receipt.receipt_no.replaceAll('/', '-');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="receipt-${number}${paper === '80mm' ? '-80mm' : ''}.pdf"`,
      );
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeLessThan(100 * 1024);
      const { text, pages, width, height } = await pdfText(pdf);
      expect(pages).toBe(1);
      // A5 is 148 × 210 mm; a roll is 80 mm wide and as long as the receipt.
      expect(Math.round((width * 25.4) / 72)).toBe(paper === 'a5' ? 148 : 80);
      if (paper === 'a5') expect(Math.round((height * 25.4) / 72)).toBe(210);
      for (const expected of [
        receipt.receipt_no,
        'Rupees One Thousand Five Hundred only',
        '₹1,500.00',
        'Gyan Study Point',
        'राहुल',
        '12 MG Road, Jaipur',
        'A7, Hall A',
        '6:00 AM–2:00 PM',
        'Ravi Kumar',
      ]) {
        expect(text, `${paper}: ${expected}`).toContain(expected);
      }
      // शर्मा is drawn as श, म, the vowel sign ा and then the reph (र्) above them: PDF text
      // is read in the order the glyphs are drawn, so extraction yields शमार्, the same letters
      // in visual order (the glyphs map back to र + ्).
      expect(text).toContain('शमार्');
      expect(text).not.toMatch(/GSTIN|CGST|SAC/); // a plain receipt says nothing about tax
    }
  });

  it('carries the tax invoice’s figures: GSTIN, SAC, taxable value, CGST and SGST, or IGST', async () => {
    const library = await receiptLibrary(t, { gstin: MAHARASHTRA_GSTIN });
    for (const paper of ['a5', '80mm']) {
      const response = await get(library.auth, `/api/receipts/${library.paymentId}/pdf?paper=${paper}`);
      expect(response.rawPayload.length).toBeLessThan(100 * 1024);
      const { text } = await pdfText(response.rawPayload);
      for (const expected of [
        m.taxInvoice.toUpperCase(),
        `GSTIN: ${MAHARASHTRA_GSTIN}`,
        '998451',
        'Taxable value',
        '₹1,271.19',
        'CGST @ 9%',
        '₹114.40',
        'SGST @ 9%',
        '₹114.41',
        '27 – Maharashtra',
        m.tax.rounding(18).slice(0, 30),
      ]) {
        expect(text, `${paper}: ${expected}`).toContain(expected);
      }
    }
    const other = await payBalance(t, library, { amount: 500, place_of_supply: '29' });
    const { text } = await pdfText((await get(library.auth, `/api/receipts/${other.id}/pdf`)).rawPayload);
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('₹76.27');
    expect(text).not.toContain('CGST');
  });

  it('marks a void receipt VOID', async () => {
    const library = await receiptLibrary(t);
    expect((await voidPayment(library, library.paymentId)).statusCode).toBe(200);
    const { text } = await pdfText((await get(library.auth, `/api/receipts/${library.paymentId}/pdf`)).rawPayload);
    expect(text).toContain('VOID');
    expect(text).toContain('Paid twice by mistake');
  });
});

describe('share links', () => {
  it('makes an unguessable link whose hash alone is stored, with a WhatsApp message to the student', async () => {
    const library = await receiptLibrary(t);
    const receipt = await documentOf(library.auth, library.paymentId);
    const response = await share(library.auth, library.paymentId);
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json().data;
    expect(link.url).toMatch(/^http:\/\/localhost:80\/r\/[A-Za-z0-9_-]{43}$/);
    expect(link.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const token = link.url.split('/r/')[1];
    const stored = await t.pool.query(`select * from receipt_links where fee_id = $1`, [library.paymentId]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    const text = m.whatsappText('Gyan Study Point', receipt.receipt_no, 1500, link.url);
    expect(link.whatsapp_url).toBe(`https://wa.me/91${library.student.mobile}?text=${encodeURIComponent(text)}`);
    // Two links of one receipt are two tokens.
    const second = (await share(library.auth, library.paymentId)).json().data;
    expect(second.url).not.toBe(link.url);
    const audit = await t.pool.query(
      `select action, entity_id, detail from audit_log where library_id = $1 and action like 'receipt.%'`,
      [library.libraryId],
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0]).toMatchObject({
      action: 'receipt.link_create',
      entity_id: library.paymentId,
      detail: `Shared receipt ${receipt.receipt_no} of ₹1,500.00`,
    });
  });

  it('leaves the recipient to WhatsApp when the student’s mobile cannot take it', async () => {
    const library = await receiptLibrary(t);
    await t.pool.query(`update students set mobile = '1234567890' where id = $1`, [library.student.id]);
    const link = (await share(library.auth, library.paymentId)).json().data;
    expect(link.whatsapp_url).toMatch(/^https:\/\/wa\.me\/\?text=Gyan%20Study%20Point%3A%20your%20receipt%20/);
  });

  it('opens that receipt only, without signing in, on a page that is not cached, indexed or framed', async () => {
    const library = await receiptLibrary(t, { gstin: MAHARASHTRA_GSTIN });
    const second = await payBalance(t, library, { amount: 700 });
    const secondNo = (await documentOf(library.auth, second.id)).receipt_no;
    const firstNo = (await documentOf(library.auth, library.paymentId)).receipt_no;
    const path = await sharedPath(library.auth, library.paymentId);
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex, nofollow',
      'x-frame-options': 'DENY',
    });
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(page.body).toContain(firstNo);
    expect(page.body).toContain('prefers-color-scheme: dark');
    expect(page.body).toContain(`<a href="${path}/pdf" download>${m.actions.download}</a>`);
    expect(page.body).toContain(m.share.title('Gyan Study Point'));
    expect(page.body).not.toContain(secondNo);
    // Nothing added to the link reaches another receipt.
    for (const attempt of [`${path}?payment=${second.id}`, `${path}?paymentId=${second.id}&paper=80mm`]) {
      const response = await t.app.inject({ url: attempt });
      expect(response.body).toContain(firstNo);
      expect(response.body).not.toContain(secondNo);
    }
    for (const attempt of [`${path}/${second.id}`, `${path}/pdf/${second.id}`, `/r/${second.id}`]) {
      const response = await t.app.inject({ url: attempt });
      expect(response.statusCode, attempt).toBe(404);
      expect(response.body).not.toContain(secondNo);
    }
    const pdf = await t.app.inject({ url: `${path}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain(firstNo);
    expect(text).toContain(`GSTIN: ${MAHARASHTRA_GSTIN}`);
    const roll = await pdfText((await t.app.inject({ url: `${path}/pdf?paper=80mm` })).rawPayload);
    expect(Math.round((roll.width * 25.4) / 72)).toBe(80);
  });

  it('shows VOID on a link of a receipt voided after it was shared', async () => {
    const library = await receiptLibrary(t);
    const path = await sharedPath(library.auth, library.paymentId);
    expect((await voidPayment(library, library.paymentId)).statusCode).toBe(200);
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<div class="void-mark" aria-hidden="true">${m.void}</div>`);
    expect(page.body).toContain('Paid twice by mistake');
  });

  it('revokes every live link: they answer 410 “no longer valid”; a new link works', async () => {
    const library = await receiptLibrary(t);
    const first = await sharedPath(library.auth, library.paymentId);
    const second = await sharedPath(library.auth, library.paymentId);
    const revoked = await revoke(library.auth, library.paymentId);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ message: m.actions.revoked, data: { revoked: 2 } });
    for (const url of [first, second, `${first}/pdf`]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(410);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain(`<h1>${m.share.invalidTitle}</h1>`);
      expect(response.body).toContain(m.share.invalidBody);
      expect(response.body).not.toContain('राहुल');
    }
    expect((await revoke(library.auth, library.paymentId)).json().data).toEqual({ revoked: 0 });
    const third = await sharedPath(library.auth, library.paymentId);
    expect((await t.app.inject({ url: third })).statusCode).toBe(200);
    expect((await t.app.inject({ url: first })).statusCode).toBe(410);
    const audit = await t.pool.query(
      `select detail from audit_log where library_id = $1 and action = 'receipt.link_revoke' order by created_at`,
      [library.libraryId],
    );
    expect(audit.rows.map((row) => row.detail)).toEqual([
      expect.stringMatching(/^Revoked 2 shared links of receipt GSP\//),
      expect.stringMatching(/^Revoked 0 shared links of receipt GSP\//),
    ]);
  });

  it('answers an unknown, malformed or cut-short link with a plain 404 page, never the web app', async () => {
    const unknownToken = 'A'.repeat(43);
    for (const url of [
      `/r/${unknownToken}`,
      `/r/${unknownToken}/pdf`,
      '/r/short',
      `/r/${'A'.repeat(42)}!`,
      '/r/%3Cscript%3E',
      '/r',
      '/r/',
      '/r/a/b/c',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain(`<h1>${m.share.unknownTitle}</h1>`);
      expect(response.body, url).not.toContain('<script');
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it('answers 404 for another library’s receipt, and its links stay as they were', async () => {
    const library = await receiptLibrary(t);
    const path = await sharedPath(library.auth, library.paymentId);
    const intruder = await registerLibrary(t.app);
    expect((await share(intruder.auth, library.paymentId)).statusCode).toBe(404);
    const refused = await revoke(intruder.auth, library.paymentId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(m.notFound);
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    const links = await t.pool.query(`select count(*)::int as n from receipt_links where library_id = $1`, [
      intruder.session.library.id,
    ]);
    expect(links.rows[0].n).toBe(0);
  });

  it('makes no link for a payment without a receipt', async () => {
    const library = await receiptLibrary(t);
    const refund = await adjust(t, library, library.paymentId, {
      direction: 'refund',
      amount: 100,
      reason: 'Overcharged',
    });
    const response = await share(library.auth, refund.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(m.noReceipt);
  });
});

describe('share links with PUBLIC_URL and a rate limit', () => {
  const limited = useTestApp({
    PUBLIC_URL: 'https://library.example.com/',
    RECEIPT_LINK_RATE_LIMIT_MAX: '3',
    RECEIPT_LINK_RATE_LIMIT_WINDOW_SECONDS: '600',
  });

  it('starts links with PUBLIC_URL, and refuses an address past the limit with a plain 429 page', async () => {
    const library = await receiptLibrary(limited);
    const response = await limited.app.inject({
      method: 'POST',
      url: `/api/receipts/${library.paymentId}/links`,
      headers: { ...library.auth, host: 'internal:3000' },
    });
    const { url } = response.json().data;
    expect(url).toMatch(/^https:\/\/library\.example\.com\/r\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(url).pathname;
    const from = (remoteAddress: string) => limited.app.inject({ url: path, remoteAddress });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await from('203.0.113.7')).statusCode).toBe(200);
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.body).toContain(`<h1>${m.tooManyTitle}</h1>`);
    expect(refused.body).not.toContain('राहुल');
    // Guessing tokens counts the same as opening one.
    expect((await limited.app.inject({ url: `/r/${'B'.repeat(43)}`, remoteAddress: '203.0.113.7' })).statusCode).toBe(
      429,
    );
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});
