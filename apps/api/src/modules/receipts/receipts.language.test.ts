import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { messages, rupeesInWords } from '@app/shared';
import { withLanguage } from '../../plugins/language';
import { useTestApp } from '../../test/helpers';
import { receiptLibrary, type ReceiptLibrary } from './receipts.fixtures';

/**
 * Receipts in Hindi (issue 20). The printable page, the PDF and a shared link may be opened by
 * the browser itself, whose Accept-Language is not the person's choice: a signed-in admin's
 * are in the language they chose (else the request's), a shared link's in the student's.
 */
const t = useTestApp();
const m = messages.receipts;

type Auth = Record<string, string>;

const hi = <T>(read: () => T): T => withLanguage('hi', read);

function get(auth: Auth, url: string, language?: string) {
  return t.app.inject({ url, headers: { ...auth, ...(language ? { 'accept-language': language } : {}) } });
}

async function chooseLanguage(auth: Auth, language: 'en' | 'hi') {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/language',
    headers: auth,
    payload: { language },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function sharedPath(library: ReceiptLibrary): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/receipts/${library.paymentId}/links`,
    headers: library.auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  return new URL(response.json().data.url).pathname;
}

async function pdfText(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The page's texts a reader sees in each language: the heading and the amount (₹1,500) in words. */
const hindiPage = () => hi(() => ({ heading: m.receipt, words: rupeesInWords(1500), amountInWords: m.amountInWords }));

describe('a receipt page in Hindi', () => {
  it('is in Hindi for Accept-Language hi: the heading, the amount in words, lang and Content-Language', async () => {
    const library = await receiptLibrary(t);
    const response = await get(library.auth, `/api/receipts/${library.paymentId}/view`, 'hi');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-language']).toBe('hi');
    const page = hindiPage();
    expect(page.heading).toBe('रसीद');
    expect(page.words).not.toBe(rupeesInWords(1500));
    expect(page.words).toMatch(/^एक हज़ार पाँच सौ रुपये/);
    expect(response.body).toContain('<html lang="hi">');
    expect(response.body).toContain(`>${page.heading}</h2>`);
    expect(response.body).toContain(page.words);
    expect(response.body).toContain(page.amountInWords);
    // A font for Devanagari is named (the student's name, and now every text).
    expect(response.body).toMatch(/font-family: [^;]*'Noto Sans Devanagari'/);

    const english = await get(library.auth, `/api/receipts/${library.paymentId}/view`, 'en');
    expect(english.headers['content-language']).toBe('en');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(rupeesInWords(1500));
    expect(english.body).not.toContain(page.words);
  });

  it("is in the signed-in admin's own language when they chose one, whatever the browser sends", async () => {
    const library = await receiptLibrary(t);
    await chooseLanguage(library.auth, 'hi');
    const page = hindiPage();
    for (const header of ['en-US,en;q=0.9', undefined]) {
      const response = await get(library.auth, `/api/receipts/${library.paymentId}/view`, header);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-language']).toBe('hi');
      expect(response.body).toContain('<html lang="hi">');
      expect(response.body).toContain(page.words);
    }
    // An unknown payment: the admin's language too, and the stable code.
    const missing = await get(library.auth, `/api/receipts/${randomUUID()}/view`, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: hi(() => m.notFound), messageCode: 'receipts.notFound' });

    // Chosen English wins over a Hindi browser.
    await chooseLanguage(library.auth, 'en');
    const english = await get(library.auth, `/api/receipts/${library.paymentId}/view`, 'hi');
    expect(english.headers['content-language']).toBe('en');
    expect(english.body).toContain(rupeesInWords(1500));
  });

  it('renders the PDF in Hindi, a void one with its mark, without error', async () => {
    const library = await receiptLibrary(t);
    await chooseLanguage(library.auth, 'hi');
    for (const paper of ['a5', '80mm']) {
      const response = await get(library.auth, `/api/receipts/${library.paymentId}/pdf?paper=${paper}`, 'en');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-language']).toBe('hi');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(response.rawPayload);
      // The Latin parts read back exactly; the amount as digits.
      expect(text).toContain('1,500');
    }
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${library.paymentId}/void`,
      headers: library.auth,
      payload: { reason: 'Paid twice by mistake' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const pdf = await get(library.auth, `/api/receipts/${library.paymentId}/pdf`, 'en');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await pdfText(pdf.rawPayload);
  });
});

describe('a shared receipt link in the student’s language', () => {
  it('opens in the language the student chose, else in the browser’s', async () => {
    const library = await receiptLibrary(t);
    const path = await sharedPath(library);
    const page = hindiPage();

    // The student chose none: the browser's language.
    const english = await t.app.inject({ url: path, headers: { 'accept-language': 'en' } });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-language']).toBe('en');
    expect(english.body).toContain(rupeesInWords(1500));
    const hindi = await t.app.inject({ url: path, headers: { 'accept-language': 'hi' } });
    expect(hindi.headers['content-language']).toBe('hi');
    expect(hindi.body).toContain(page.words);

    // The student chose Hindi: Hindi whatever the browser sends, the page and its PDF.
    await t.pool.query(`update students set language = 'hi' where id = $1`, [library.student.id]);
    const chosen = await t.app.inject({ url: path, headers: { 'accept-language': 'en' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.headers['content-language']).toBe('hi');
    expect(chosen.body).toContain('<html lang="hi">');
    expect(chosen.body).toContain(`>${page.heading}</h2>`);
    expect(chosen.body).toContain(page.words);
    expect(chosen.body).toContain(hi(() => m.actions.download));
    const pdf = await t.app.inject({ url: `${path}/pdf`, headers: { 'accept-language': 'en' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-language']).toBe('hi');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The admin's own choice does not change the student's page.
    await chooseLanguage(library.auth, 'en');
    expect((await t.app.inject({ url: path })).body).toContain(page.words);
  });
});
