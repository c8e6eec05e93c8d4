import type { ExpenseInput, ExpenseMonth, RecurringExpenseInput } from '@app/shared';
import type { DemoClient } from './client';
import type { Random } from './random';

/** `YYYY-MM` of the month `back` months before the one `today` (`YYYY-MM-DD`) is in. */
function monthBefore(today: string, back: number): string {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * A year of the library's spending (issue 14), so Profit has twelve months to show: rent,
 * salaries and the internet as monthly expenses begun eleven months ago (the API makes
 * their entries, back to the starting month), and each month's electricity bill and the odd
 * repair entered by hand. Answers this month's expenses.
 */
export async function seedExpenses(api: DemoClient, random: Random, today: string): Promise<ExpenseMonth> {
  const start = monthBefore(today, 11);
  const monthly: RecurringExpenseInput[] = [
    {
      category: 'rent',
      amount: 25_000,
      note: 'Hall and the reading room',
      mode: 'Bank Transfer',
      day_of_month: 1,
      start_month: start,
    },
    { category: 'salaries', amount: 12_000, note: 'Desk attendant', mode: 'UPI', day_of_month: 5, start_month: start },
    { category: 'internet', amount: 1_178, note: 'Fibre 300 Mbps', mode: 'UPI', day_of_month: 10, start_month: start },
  ];
  for (const expense of monthly) await api.post('/api/expenses/recurring', expense);

  for (let back = 11; back >= 0; back -= 1) {
    const month = monthBefore(today, back);
    // The bill is paid on the 12th; this month's only once that day has come.
    const billDay = `${month}-12`;
    if (billDay <= today) {
      // Summer months run the fans and coolers harder.
      const summer = ['04', '05', '06'].includes(month.slice(5, 7));
      const bill: ExpenseInput = {
        date: billDay,
        category: 'electricity',
        amount: random.int(summer ? 5_200 : 3_100, summer ? 6_900 : 4_400),
        note: null,
        mode: 'UPI',
      };
      await api.post('/api/expenses', bill);
    }
    const repairDay = `${month}-${String(random.int(14, 27))}`;
    if (random.chance(0.35) && repairDay <= today) {
      const repair: ExpenseInput = {
        date: repairDay,
        category: random.pick(['maintenance', 'Water cans', 'Newspapers']),
        amount: random.int(400, 2_500),
        note: null,
        mode: 'Cash',
      };
      await api.post('/api/expenses', repair);
    }
  }
  return api.get<ExpenseMonth>(`/api/expenses?month=${today.slice(0, 7)}`);
}
