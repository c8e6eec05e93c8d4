import { useSearchParams } from 'react-router';
import { isCalendarDate, todayIn, paymentMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { downloadExport } from '@/lib/file-export';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useExportDayBookMutation, useGetDayBookQuery } from '../api/payments-api';

const m = paymentMessages.dayBook;

/**
 * The day book of one library day: today in the library's time zone unless the address
 * names another (`?date=YYYY-MM-DD`, so a reload or a shared link shows the same day), its
 * figures fetched afresh on every visit, and its CSV export.
 */
export function useDayBook() {
  const timeZone = useLibraryTimeZone();
  const today = todayIn(timeZone);
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && isCalendarDate(asked) ? asked : today;
  const query = useGetDayBookQuery(date, { refetchOnMountOrArgChange: true });
  const failure = query.isError ? errorMessage(query.error, m.fetchFailed) : undefined;
  const [exportDayBook, exporting] = useExportDayBookMutation();

  useFailureToast(failure, query.error);

  return {
    date,
    today,
    timeZone,
    setDate: (next: string) => setParams(next === today ? {} : { date: next }, { replace: true }),
    query,
    failure,
    /** The figures of the day shown; undefined while they load. */
    dayBook: query.currentData,
    download: () => downloadExport(exportDayBook, date, m.exportFailed),
    isExporting: exporting.isLoading,
  };
}
