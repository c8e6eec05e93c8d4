import { duesMessages } from '@app/shared';
import { downloadExport } from '@/lib/file-export';
import { useExportDuesMutation, type DueExportArgs } from '../api/dues-api';

/** Export CSV: the group's dues with the current search and sort, as a downloaded file. */
export function useDuesExport() {
  const [exportDues, { isLoading }] = useExportDuesMutation();
  const download = (args: DueExportArgs) => downloadExport(exportDues, args, duesMessages.exportFailed);
  return { download, isExporting: isLoading };
}
