import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { formatRupees, messages, todayIn } from '@app/shared';
import { createAreaWithSeats, expectAccessible, LibraryApi, signUpViaApi, unique, useDarkTheme } from './support';

/**
 * Receipts, tax invoices and corrections (issue 14) as an owner meets them: a payment
 * recorded, its receipt opened, printed on either paper and downloaded as a PDF, shared with
 * the student and read on a phone without signing in, the link revoked; a GSTIN set (a
 * mistyped one refused first) and the next payment a tax invoice with CGST and SGST; a payment
 * voided with its reason and the balance, the day book and the fee report changing. Each
 * screen light and dark, wide and narrow, with axe. SCREENSHOTS=1 saves them to docs/screenshots.
 */

const p = messages.payments;
const r = messages.receipts;
const a = r.actions;
const s = r.screen;
const SHOTS = process.env.SCREENSHOTS === '1';
const GSTIN = '27AAPFU0939F1ZV';
const GSTIN_WRONG_CHECK = '27AAPFU0939F1ZA';
/** The receipt screen's frame, which axe cannot enter (no scripts run in it); its page is checked where a shared link opens it alone. */
const PRINTED_PAGE = ['iframe'];

class Library extends LibraryApi {
  student(firstName: string) {
    return this.addStudent(firstName, { dob: '2001-07-08' });
  }

  /** A month's plan agreed at `price`, `fee` of it paid now in cash. */
  async subscribe(studentId: string, price: number, fee: number) {
    const response = await this.request.post('/api/subscription', {
      headers: this.headers,
      data: {
        student_id: studentId,
        joining_date: todayIn('Asia/Kolkata'),
        start_time: '08:00',
        end_time: '14:00',
        duration: 1,
        is_reserved: false,
        price,
        fee,
        mode: 'Cash',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

const subscriptionRow = (page: Page, name: string) =>
  page.getByRole('table', { name: messages.subscriptions.heading }).getByRole('row').filter({ hasText: name });

/** Records what is due on the student's subscription from the list, as the desk does. */
async function recordRest(page: Page, name: string, amount: number, check?: (dialog: Locator) => Promise<void>) {
  await page.goto('/app/subscription');
  await subscriptionRow(page, name)
    .getByRole('button', { name: p.recordFor(name) })
    .click();
  const record = page.getByRole('dialog', { name: p.recordTitle });
  await expect(record.getByRole('spinbutton', { name: new RegExp(p.amount) })).toHaveValue(String(amount));
  await check?.(record);
  await record.getByRole('button', { name: p.submit }).click();
  await expect(page.getByText(p.recorded)).toBeVisible();
  await expect(record).toBeHidden();
}

/** Opens a subscription's account and, from it, the receipt of its payment of `amount`; answers its number. */
async function openReceiptFromAccount(page: Page, name: string, amount: number): Promise<string> {
  await page.goto('/app/subscription');
  await subscriptionRow(page, name)
    .getByRole('button', { name: new RegExp(`^${p.account.open(name)}`) })
    .click();
  const account = page.getByRole('dialog', { name: new RegExp(p.account.title) });
  const payment = account
    .getByRole('table', { name: p.account.payments })
    .getByRole('row')
    .filter({ hasText: formatRupees(amount) });
  const receiptNo = (await payment.getByRole('cell').nth(4).textContent()) ?? '';
  expect(receiptNo).toMatch(/^[A-Z0-9]{1,3}\/\d{4}-\d{2}\/\d{4}$/);
  await payment.getByRole('link', { name: a.openFor(receiptNo) }).click();
  await expect(page).toHaveURL(/\/app\/receipts\/[0-9a-f-]{36}$/);
  return receiptNo;
}

/** How far the table named `name` scrolls sideways in its box (0 or less: it fits). */
const sidewaysOverflow = (page: Page, name: string) =>
  page
    .getByRole('table', { name })
    .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);

/** The printable page inside the receipt screen's frame. */
const printed = (page: Page, receiptNo: string) => page.frameLocator(`iframe[title="${s.preview(receiptNo)}"]`);

/** Opens a shared link in a fresh browser, signed in nowhere, on a phone. */
async function openOnPhone(browser: Browser, url: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme, isMobile: true });
  const phone = await context.newPage();
  const response = await phone.goto(url);
  return { context, phone, status: response?.status() };
}

test('receipts: print, PDF, a shared link on a phone and revoked, a tax invoice, a void that changes the totals', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { token } = await signUpViaApi(page);
  const library = new Library(page.request, token);
  await createAreaWithSeats(page.request, token, 'Reading Hall', 4);
  const asha = await library.student(`Asha${unique()}`);
  await library.subscribe(asha.id, 1500, 500);

  // The rest of Asha's price recorded at the desk; no GSTIN yet, so no place of supply.
  await recordRest(page, asha.name, 1000, async (record) => {
    await expect(record.getByRole('combobox', { name: new RegExp(r.placeOfSupply) })).toHaveCount(0);
  });

  // Its receipt, from the account's payments.
  const receiptNo = await openReceiptFromAccount(page, asha.name, 1000);
  await expect(page.getByRole('heading', { level: 1, name: s.heading('receipt', receiptNo) })).toBeVisible();
  const sheet = printed(page, receiptNo);
  await expect(sheet.getByText(receiptNo).first()).toBeVisible();
  await expect(sheet.getByText('Rupees One Thousand only')).toBeVisible();
  await expect(sheet.getByText(asha.name)).toBeVisible();
  await expect(sheet.getByText(r.taxInvoice)).toHaveCount(0);
  // On a laptop every action is in view beside the receipt, none below the fold.
  for (const action of [a.print, a.printThermal, a.download, a.share, a.copyLink, r.adjustAction, r.voidAction]) {
    await expect(page.getByRole('button', { name: action, exact: true })).toBeInViewport();
  }
  await expectAccessible(page, 'receipt, A5', PRINTED_PAGE);
  await screenshot(page, 'receipt-a5-light');

  // Print (A5) prints the frame's own page.
  await page.evaluate(() => {
    const frame = document.querySelector('iframe')!;
    (window as unknown as { printed: number }).printed = 0;
    frame.contentWindow!.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: a.print }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // The 80 mm roll.
  await page.getByRole('button', { name: s.papers['80mm'], exact: true }).click();
  await expect(sheet.getByText('Rupees One Thousand only')).toBeVisible();
  const frameWidth = await page.locator('iframe').evaluate((frame) => frame.getBoundingClientRect().width);
  expect(frameWidth).toBeLessThanOrEqual(340);
  await expectAccessible(page, 'receipt, 80 mm', PRINTED_PAGE);
  await screenshot(page, 'receipt-80mm-light');
  await page.getByRole('button', { name: s.papers.a5, exact: true }).click();

  // Download PDF: a real PDF under 100 kB.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: a.download }).click();
  const pdf = await readFile((await (await download).path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeLessThan(100_000);

  // Share on WhatsApp: the first tap makes the link and opens WhatsApp with it; then the button is a plain link.
  await page.evaluate(() => {
    const opened: string[] = [];
    (window as unknown as { opened: string[] }).opened = opened;
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
  });
  await page.getByRole('button', { name: a.share }).click();
  const share = page.getByRole('link', { name: a.share });
  await expect(share).toBeVisible();
  const whatsappUrl = (await share.getAttribute('href')) ?? '';
  expect(whatsappUrl).toMatch(new RegExp(`^https://wa\\.me/91${asha.mobile}\\?text=`));
  expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([whatsappUrl]);
  const url = await page.getByLabel(s.sharedLink).inputValue();
  expect(url).toMatch(/\/r\/[\w-]{40,}$/);
  expect(decodeURIComponent(whatsappUrl.split('?text=')[1] ?? '')).toContain(url);
  await expectAccessible(page, 'receipt, shared', PRINTED_PAGE);
  await screenshot(page, 'receipt-shared-light');

  // The student opens it on a phone without signing in.
  for (const scheme of ['light', 'dark'] as const) {
    const { context, phone, status } = await openOnPhone(browser, url, scheme);
    expect(status).toBe(200);
    await expect(phone.getByText(receiptNo).first()).toBeVisible();
    await expect(phone.getByText('Rupees One Thousand only')).toBeVisible();
    await expect(phone.getByText(asha.name)).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone, `shared receipt on a phone, ${scheme}`);
    await screenshot(phone, `receipt-phone-${scheme}`);
    await context.close();
  }

  // Revoked: the link now says so, and is no web app page.
  await page.getByRole('button', { name: a.revoke }).click();
  const confirm = page.getByRole('dialog', { name: s.revokeTitle });
  await expect(confirm.getByText(a.revokeConfirm)).toBeVisible();
  await expectAccessible(page, 'revoke shared links', PRINTED_PAGE);
  await confirm.getByRole('button', { name: a.revoke }).click();
  await expect(page.getByText(a.revoked)).toBeVisible();
  await expect(page.getByRole('link', { name: a.share })).toHaveCount(0);
  {
    const { context, phone, status } = await openOnPhone(browser, url, 'light');
    expect(status).toBe(410);
    await expect(phone.getByRole('heading', { name: r.share.invalidTitle })).toBeVisible();
    await expect(phone.getByText(r.share.invalidBody)).toBeVisible();
    await expectAccessible(phone, 'revoked link');
    await screenshot(phone, 'receipt-revoked');
    await context.close();
  }

  // GST: a GSTIN with a wrong check character is refused as it is typed; the right one is saved.
  await page.goto('/app/settings');
  const gstin = page.getByRole('textbox', { name: messages.settings.gstin });
  await gstin.fill(GSTIN_WRONG_CHECK);
  await expect(page.getByText(messages.settings.gstinProblem.check)).toBeVisible();
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  await gstin.fill(GSTIN);
  await expect(page.getByText(messages.settings.gstinState('Maharashtra'))).toBeVisible();
  await expectAccessible(page, 'settings, GST');
  if (SHOTS)
    await page
      .getByRole('region', { name: messages.settings.sections.gst })
      .screenshot({ path: 'docs/screenshots/invoice-settings-gst-light.png' });
  await page.getByRole('button', { name: messages.settings.save }).click();
  await expect(page.getByText(messages.settings.saved)).toBeVisible();

  // The next payment is a tax invoice: the place of supply is the library's state, so CGST and SGST.
  const vikram = await library.student(`Vikram${unique()}`);
  await library.subscribe(vikram.id, 2360, 1000);
  await recordRest(page, vikram.name, 1360, async (record) => {
    const place = record.getByRole('combobox', { name: new RegExp(r.placeOfSupply) });
    await expect(place).toHaveText(r.placeOfSupplyDefault(r.tax.stateValue('27', 'Maharashtra')));
    await expectAccessible(page, 'record payment with a place of supply');
    await screenshot(page, 'invoice-record-payment-light');
  });
  const invoiceNo = await openReceiptFromAccount(page, vikram.name, 1360);
  await expect(page.getByRole('heading', { level: 1, name: s.heading('tax_invoice', invoiceNo) })).toBeVisible();
  const invoice = printed(page, invoiceNo);
  await expect(invoice.getByText(r.taxInvoice).first()).toBeVisible();
  await expect(invoice.getByText(GSTIN).first()).toBeVisible();
  await expect(invoice.getByText(r.tax.cgst(18))).toBeVisible();
  await expect(invoice.getByText(r.tax.sgst(18))).toBeVisible();
  await expect(invoice.getByText(r.tax.igst(18))).toHaveCount(0);
  await expect(invoice.getByText('Rupees One Thousand Three Hundred Sixty only')).toBeVisible();
  await expectAccessible(page, 'tax invoice, A5', PRINTED_PAGE);
  await screenshot(page, 'invoice-a5-light');
  await page.getByRole('button', { name: s.papers['80mm'], exact: true }).click();
  await expect(invoice.getByText(r.tax.cgst(18))).toBeVisible();
  await screenshot(page, 'invoice-80mm-light');
  await useDarkTheme(page);
  await expect(invoice.getByText(r.tax.sgst(18))).toBeVisible();
  await expectAccessible(page, 'tax invoice, dark', PRINTED_PAGE);
  await screenshot(page, 'invoice-a5-dark');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));

  // The day book before the void: 500 + 1000 for Asha, 1000 + 1360 for Vikram.
  await page.goto('/app/day-book');
  const total = page.getByRole('region', { name: p.dayBook.total });
  await expect(total.getByText(formatRupees(3860))).toBeVisible();

  // Void Asha's ₹1,000: refused without a reason, then voided with one.
  await openReceiptFromAccount(page, asha.name, 1000);
  await page.getByRole('button', { name: r.voidAction, exact: true }).click();
  const voidDialog = page.getByRole('dialog', { name: r.voidTitle(receiptNo) });
  await voidDialog.getByRole('button', { name: r.voidSubmit }).click();
  await expect(voidDialog.getByText(r.voidReasonRequired)).toBeVisible();
  await expectAccessible(page, 'void dialog, refused', PRINTED_PAGE);
  await screenshot(page, 'receipt-void-dialog-light');
  await voidDialog.getByRole('textbox', { name: new RegExp(r.voidReason) }).fill('Paid by her brother: recorded twice');
  await voidDialog.getByRole('button', { name: r.voidSubmit }).click();
  await expect(page.getByText(r.voided)).toBeVisible();
  await expect(page.getByText(r.void, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Paid by her brother: recorded twice/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: r.voidAction, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: r.adjustAction, exact: true })).toHaveCount(0);
  // The printed receipt keeps its number, marked VOID.
  await expect(printed(page, receiptNo).getByText(r.void, { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'void receipt', PRINTED_PAGE);
  await screenshot(page, 'receipt-void-light');

  // Asha owes the ₹1,000 again; the day book counts it no more and shows it VOID with the reason.
  await page.goto('/app/subscription');
  await expect(subscriptionRow(page, asha.name).getByText(p.balanceValue(1000))).toBeVisible();
  await subscriptionRow(page, asha.name)
    .getByRole('button', { name: new RegExp(`^${p.account.open(asha.name)}`) })
    .click();
  const account = page.getByRole('dialog', { name: new RegExp(p.account.title) });
  const voidedPayment = account.getByRole('row').filter({ hasText: receiptNo });
  await expect(voidedPayment.getByText(r.void, { exact: true })).toBeVisible();
  await expect(voidedPayment.getByRole('button', { name: r.voidFor(receiptNo) })).toHaveCount(0);
  await expectAccessible(page, 'account with a void');
  await screenshot(page, 'receipt-void-account-light');
  await account.getByRole('button', { name: messages.common.close }).click();
  await page.goto('/app/day-book');
  await expect(total.getByText(formatRupees(2860))).toBeVisible();
  const voidedRow = page.getByRole('table', { name: p.dayBook.title }).getByRole('row').filter({ hasText: receiptNo });
  await expect(voidedRow.getByText(r.void, { exact: true })).toBeVisible();
  await expect(voidedRow).toContainText('Paid by her brother: recorded twice');
  // At 1280 px the day book, its note and its receipt actions fit: nothing scrolls sideways.
  expect(await sidewaysOverflow(page, p.dayBook.title)).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'day book with a void');
  await screenshot(page, 'receipt-void-day-book-light');
  // The fee report lists it VOID, struck through.
  await page.goto('/app/fee-report');
  const feeRow = page
    .getByRole('table', { name: messages.fees.title })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: a.openFor(receiptNo) }) });
  await expect(feeRow.getByText(r.void, { exact: true })).toBeVisible();
  await expect(feeRow.locator('s')).toHaveText(formatRupees(1000));
  expect(await sidewaysOverflow(page, messages.fees.title)).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'fee report with a void');
  await screenshot(page, 'receipt-void-fee-report-light');

  // The Adjust dialog of Vikram's invoice (looked at, then left).
  await openReceiptFromAccount(page, vikram.name, 1360);
  await page.getByRole('button', { name: r.adjustAction, exact: true }).click();
  const adjust = page.getByRole('dialog', { name: r.adjustTitle(invoiceNo) });
  await adjust.getByRole('button', { name: r.adjustSubmit }).click();
  await expect(adjust.getByText(r.adjustDirectionRequired)).toBeVisible();
  await expectAccessible(page, 'adjust dialog, refused', PRINTED_PAGE);
  await screenshot(page, 'receipt-adjust-dialog-light');
  await adjust.getByRole('button', { name: messages.common.cancel }).click();

  // Dark, then narrow: the receipt screen itself.
  await openReceiptFromAccount(page, asha.name, 1000);
  await useDarkTheme(page);
  await expect(printed(page, receiptNo).getByText('Rupees One Thousand only')).toBeVisible();
  await expectAccessible(page, 'void receipt, dark', PRINTED_PAGE);
  await screenshot(page, 'receipt-a5-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') {
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
      await page.reload();
    }
    await expect(printed(page, receiptNo).getByText('Rupees One Thousand only')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `receipt, narrow, ${theme}`, PRINTED_PAGE);
    await screenshot(page, `receipt-narrow-${theme}`);
  }
});
