import { messages } from '@app/shared';
import { ExpensesPage } from '@/features/expenses/components/ExpensesPage';

export function ExpensesRoute() {
  return (
    <>
      <title>{`${messages.expenses.title} · ${messages.app.name}`}</title>
      <ExpensesPage />
    </>
  );
}
