import { coreMessages, expenseMessages } from '@app/shared';
import { ExpensesPage } from '@/features/expenses/components/ExpensesPage';

export function ExpensesRoute() {
  return (
    <>
      <title>{`${expenseMessages.title} · ${coreMessages.app.name}`}</title>
      <ExpensesPage />
    </>
  );
}
