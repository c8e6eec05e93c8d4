import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { cleanUpProcesses, startServer, stopServer, tempDataDir, waitForUrl } from '../../test/processes';
import { registrationBody } from '../../test/registration';
import { subscriptionBody } from '../../test/bookings';

// The bundled server (`npm run build`, then `node apps/api/dist/server.js`, as `npm start`
// runs it): its receipt PDFs need the font files, read from node_modules at run time.

// Servers on the test run's shared database must share its key (db/secret-guard.ts).
const SHARED_DATABASE_SECRET = 'server-test-key-for-the-shared-test-database';

afterAll(cleanUpProcesses);

describe('receipts from the built server', () => {
  it('finds its fonts: a PDF with ₹ and a Devanagari name, and a shared link from PUBLIC_URL', async () => {
    const server = startServer({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: inject('databaseUrl'),
      APP_SECRET: SHARED_DATABASE_SECRET,
      PUBLIC_URL: 'https://library.example.com',
      // Registrations from 127.0.0.1 by the other tests on this database count too.
      AUTH_RATE_LIMIT_MAX: '100000',
      // So do the shared-link opens of the other tests: the counters live in PostgreSQL.
      RECEIPT_LINK_RATE_LIMIT_MAX: '100000',
    });
    const url = await waitForUrl(server);
    const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
    try {
      const registered = await fetch(`${url}/api/auth/register/library`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registrationBody()),
      });
      expect(registered.status).toBe(201);
      const { data: session } = (await registered.json()) as { data: { token: string; library: { id: string } } };
      const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
      const libraryId = session.library.id;
      const seatId = await insertSeat(pool, libraryId, await insertArea(pool, libraryId, { name: 'Hall A' }));
      const student = await insertStudent(pool, libraryId, { firstName: 'राहुल' });
      const created = await fetch(`${url}/api/subscription`, {
        method: 'POST',
        headers,
        body: JSON.stringify(subscriptionBody(student.id, { seatId, fee: 1500 })),
      });
      expect(created.status).toBe(201);
      const payment = await pool.query<{ id: string; receipt_no: string }>(
        'select id, receipt_no from fees where library_id = $1',
        [libraryId],
      );
      const { id, receipt_no: receiptNo } = payment.rows[0]!;

      const pdf = await fetch(`${url}/api/receipts/${id}/pdf?paper=80mm`, { headers });
      expect(pdf.status, await pdf.clone().text()).toBe(200);
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      expect(bytes.length).toBeLessThan(100 * 1024);
      const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
      expect(text).toContain(receiptNo);
      expect(text).toContain('राहुल');
      expect(text).toContain('₹1,500.00');

      const link = await fetch(`${url}/api/receipts/${id}/links`, { method: 'POST', headers });
      const { data } = (await link.json()) as { data: { url: string } };
      expect(data.url).toMatch(/^https:\/\/library\.example\.com\/r\//);
      const page = await fetch(`${url}${new URL(data.url).pathname}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(receiptNo);
    } finally {
      await pool.end();
      await stopServer(server);
    }
  }, 120_000);
});
