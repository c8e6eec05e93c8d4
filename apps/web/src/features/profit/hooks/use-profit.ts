import { profitMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { downloadExport } from '@/lib/file-export';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useExportProfitMutation, useGetProfitQuery } from '../api/profit-api';

const m = profitMessages;

/** How many months the Profit screen shows, this month included. */
export const PROFIT_MONTHS = 12;

/** The last 12 months' profit, fetched afresh on every visit, and its CSV export. */
export function useProfit() {
  const query = useGetProfitQuery(PROFIT_MONTHS, { refetchOnMountOrArgChange: true });
  const failure = query.isError ? errorMessage(query.error, m.fetchFailed) : undefined;
  const [exportProfit, exporting] = useExportProfitMutation();

  useFailureToast(failure, query.error);

  return {
    query,
    failure,
    /** The months, oldest first; undefined while they load. */
    profit: query.data,
    download: () => downloadExport(exportProfit, PROFIT_MONTHS, m.exportFailed),
    isExporting: exporting.isLoading,
  };
}
