import { useSearchParams } from 'react-router';
import { MONTH_PATTERN, todayIn, expenseMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useGetExpenseMonthQuery } from '../api/expenses-api';

const m = expenseMessages;

/** The month before or after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, by: number): string {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  const index = year * 12 + monthNumber - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * One month of expenses: this month in the library's time zone unless the address names
 * another (`?month=YYYY-MM`, so a reload or a shared link shows the same month; a month
 * after this one is not offered), fetched afresh on every visit.
 */
export function useExpenseMonth() {
  const timeZone = useLibraryTimeZone();
  const today = todayIn(timeZone);
  const thisMonth = today.slice(0, 7);
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && MONTH_PATTERN.test(asked) && asked <= thisMonth ? asked : thisMonth;
  const query = useGetExpenseMonthQuery(month, { refetchOnMountOrArgChange: true });
  const failure = query.isError ? errorMessage(query.error, m.fetchFailed) : undefined;

  useFailureToast(failure, query.error);

  return {
    month,
    thisMonth,
    today,
    setMonth: (next: string) => setParams(next === thisMonth ? {} : { month: next }, { replace: true }),
    query,
    failure,
    /** The month shown; undefined while it loads. */
    expenseMonth: query.currentData,
    /** The monthly expenses as last fetched (they are the same whatever the month), kept while another month loads. */
    recurring: query.data?.recurring,
  };
}
