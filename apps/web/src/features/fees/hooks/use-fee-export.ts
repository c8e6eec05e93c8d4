import { feeMessages } from '@app/shared';
import { downloadExport } from '@/lib/file-export';
import { useExportFeesMutation, type FeeListArgs } from '../api/fees-api';

/** Export CSV: the fee report with the current search and sort, as a downloaded file. */
export function useFeeExport() {
  const [exportFees, { isLoading }] = useExportFeesMutation();
  const download = (args: Omit<FeeListArgs, 'page' | 'limit'>) =>
    downloadExport(exportFees, args, feeMessages.exportFailed);
  return { download, isExporting: isLoading };
}
