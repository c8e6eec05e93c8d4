import { describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { messages, type ExpenseRecord, type RecurringExpenseRecord } from '@app/shared';
import { AppProvider } from '@/app/provider';
import { createAppStore } from '@/lib/store';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { ExpenseDialog } from './ExpenseDialog';
import { RecurringExpenseDialog } from './RecurringExpenseDialog';

configure({ asyncUtilTimeout: 5000 });

const m = messages.expenses;
const r = m.recurring;
const TODAY = '2026-11-24';
const EXPENSE_ID = '5b1f2c3d-0000-4000-8000-000000000001';

const created = (body: unknown) => jsonResponse({ status: true, message: m.added, data: body }, 201);

function renderDialog(ui: React.ReactNode, handlers: Record<string, Handler> = {}) {
  const requests = serve(handlers);
  render(
    <AppProvider store={createAppStore()}>
      <LocalizationProvider dateAdapter={AdapterDayjs}>{ui}</LocalizationProvider>
    </AppProvider>,
  );
  return requests;
}

function openExpense(handlers: Record<string, Handler> = {}, expense?: ExpenseRecord) {
  const onClose = vi.fn();
  const requests = renderDialog(<ExpenseDialog expense={expense} today={TODAY} onClose={onClose} />, handlers);
  const dialog = screen.getByRole('dialog', { name: expense ? m.editTitle : m.addTitle });
  return { dialog, requests, onClose };
}

const amountField = (dialog: HTMLElement) => within(dialog).getByRole('spinbutton', { name: new RegExp(m.amount) });
const helpOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!)!.textContent;
const save = (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: m.save }));
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

async function choose(user: UserEvent, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: new RegExp(label) }));
  await user.click(screen.getByRole('option', { name: option }));
}

async function typeAmount(user: UserEvent, dialog: HTMLElement, amount: string) {
  await user.clear(amountField(dialog));
  await user.type(amountField(dialog), amount);
}

describe('Add Expense', { timeout: 30_000 }, () => {
  it('starts on today in cash, and asks for a category and an amount before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = openExpense();
    const date = within(dialog).getByRole('group', { name: new RegExp(m.date) });
    expect(
      within(date)
        .getAllByRole('spinbutton')
        .map((section) => section.textContent),
    ).toEqual(['24', '11', '2026']);
    expect(within(dialog).getByRole('combobox', { name: new RegExp(m.mode) }).textContent).toBe('Cash');

    await save(user, dialog);
    expect(await within(dialog).findByText(m.categoryRequired)).toBeTruthy();
    expect(helpOf(amountField(dialog))).toBe(m.amountRequired);
    expect(writes(requests)).toHaveLength(0);
  });

  it('refuses a negative amount, fractions of a paisa and ₹0 with the shared message', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = openExpense();
    await choose(user, dialog, m.category, m.categories.electricity);
    for (const typed of ['-500', '12.345', '0']) {
      await typeAmount(user, dialog, typed);
      await save(user, dialog);
      await waitFor(() => expect(helpOf(amountField(dialog))).toBe(m.amountInvalid));
    }
    expect(writes(requests)).toHaveLength(0);
  });

  it("takes the owner's own category, refusing one that is too short, and sends it as typed", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests, onClose } = openExpense({ 'POST /api/expenses': (request) => created(request.json()) });
    await choose(user, dialog, m.category, m.ownCategory);
    const own = within(dialog).getByRole('textbox', { name: new RegExp(m.ownCategoryName) });
    await waitFor(() => expect(document.activeElement).toBe(own));
    expect(helpOf(own)).toBe(m.ownCategoryHelp);
    await user.type(own, 'x');
    await typeAmount(user, dialog, '250');
    await save(user, dialog);
    // The reason shows under the name typed, not under the select.
    await waitFor(() => expect(helpOf(own)).toBe(m.categoryInvalid));

    await user.type(own, ' Water  cans');
    await user.type(within(dialog).getByRole('textbox', { name: new RegExp(m.note) }), '  ');
    await save(user, dialog);
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(await writes(requests)[0]!.json()).toEqual({
      date: TODAY,
      category: 'x Water cans',
      amount: 250,
      note: null,
      mode: 'Cash',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(m.added)).toBeTruthy();
  });

  it("shows the server's reason under its field and keeps the dialog open; other failures toast", async () => {
    const user = userEvent.setup({ delay: null });
    const answers = [
      () =>
        jsonResponse(
          { status: false, code: 400, message: m.dateInFuture, errors: [{ field: 'date', message: m.dateInFuture }] },
          400,
        ),
      () => jsonResponse({ status: false, code: 503, message: '', errors: [] }, 503),
    ];
    const { dialog, onClose } = openExpense({ 'POST /api/expenses': () => answers.shift()!() });
    await choose(user, dialog, m.category, m.categories.rent);
    await typeAmount(user, dialog, '12000');
    await choose(user, dialog, m.mode, 'Bank Transfer');
    await save(user, dialog);
    expect(await within(dialog).findByText(m.dateInFuture)).toBeTruthy();
    // Under the field only, not again in a toast.
    expect(screen.getAllByText(m.dateInFuture)).toHaveLength(1);

    await save(user, dialog);
    expect(await screen.findByText(m.saveFailed)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits an expense of an own category: the fields start from it and the change is PUT', async () => {
    const user = userEvent.setup({ delay: null });
    const expense: ExpenseRecord = {
      id: EXPENSE_ID,
      date: '2026-11-03',
      category: 'Water cans',
      amount: 180.5,
      note: '6 cans',
      mode: 'UPI',
      recurring_id: null,
      recorded_by_name: 'Priya Sharma',
      created_at: '2026-11-03T05:00:00.000Z',
    };
    const { dialog, requests } = openExpense(
      { [`PUT /api/expenses/${EXPENSE_ID}`]: (request) => created(request.json()) },
      expense,
    );
    expect(within(dialog).getByRole('combobox', { name: new RegExp(m.category) }).textContent).toBe(m.ownCategory);
    expect(within(dialog).getByRole('textbox', { name: new RegExp(m.ownCategoryName) })).toHaveProperty(
      'value',
      'Water cans',
    );
    expect((amountField(dialog) as HTMLInputElement).value).toBe('180.5');
    await choose(user, dialog, m.category, m.categories.other);
    await save(user, dialog);
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(await writes(requests)[0]!.json()).toEqual({
      date: '2026-11-03',
      category: 'other',
      amount: 180.5,
      note: '6 cans',
      mode: 'UPI',
    });
    expect(await screen.findByText(m.updated)).toBeTruthy();
  });
});

describe('Add Monthly Expense', { timeout: 30_000 }, () => {
  it('starts on day 1 of this month and sends the monthly expense', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const requests = renderDialog(<RecurringExpenseDialog thisMonth="2026-11" onClose={onClose} />, {
      'POST /api/expenses/recurring': (request) => created(request.json()),
    });
    const dialog = screen.getByRole('dialog', { name: r.addTitle });
    expect(within(dialog).getByText(r.everyMonth(1))).toBeTruthy();
    const start = within(dialog).getByRole('group', { name: new RegExp(r.startMonth) });
    expect(
      within(start)
        .getAllByRole('spinbutton')
        .map((section) => section.textContent),
    ).toEqual(['November', '2026']);
    await choose(user, dialog, m.category, m.categories.rent);
    await typeAmount(user, dialog, '15000.123');
    await save(user, dialog);
    await waitFor(() => expect(helpOf(amountField(dialog))).toBe(m.amountInvalid));
    await typeAmount(user, dialog, '15000');
    await choose(user, dialog, r.dayOfMonth, '5');
    expect(within(dialog).getByText(r.everyMonth(5))).toBeTruthy();
    await save(user, dialog);
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(await writes(requests)[0]!.json()).toEqual({
      category: 'rent',
      amount: 15000,
      note: null,
      mode: 'Cash',
      day_of_month: 5,
      start_month: '2026-11',
    });
    expect(await screen.findByText(r.added)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("edits a monthly expense from what it is, showing the server's reason about the starting month", async () => {
    const user = userEvent.setup({ delay: null });
    const recurring: RecurringExpenseRecord = {
      id: EXPENSE_ID,
      category: 'internet',
      amount: 999,
      note: null,
      mode: 'UPI',
      day_of_month: 10,
      start_month: '2026-01-01',
      created_at: '2026-01-02T05:00:00.000Z',
    };
    const refused = r.startMonthOutOfRange;
    renderDialog(<RecurringExpenseDialog recurring={recurring} thisMonth="2026-11" onClose={vi.fn()} />, {
      [`PUT /api/expenses/recurring/${EXPENSE_ID}`]: () =>
        jsonResponse(
          { status: false, code: 400, message: refused, errors: [{ field: 'start_month', message: refused }] },
          400,
        ),
    });
    const dialog = screen.getByRole('dialog', { name: r.editTitle });
    expect(within(dialog).getByRole('combobox', { name: new RegExp(m.category) }).textContent).toBe(
      m.categories.internet,
    );
    expect(within(dialog).getByText(r.everyMonth(10))).toBeTruthy();
    const start = within(dialog).getByRole('group', { name: new RegExp(r.startMonth) });
    expect(
      within(start)
        .getAllByRole('spinbutton')
        .map((section) => section.textContent),
    ).toEqual(['January', '2026']);
    await save(user, dialog);
    expect(await within(dialog).findByText(refused)).toBeTruthy();
    expect(screen.getAllByText(refused)).toHaveLength(1);
  });
});
