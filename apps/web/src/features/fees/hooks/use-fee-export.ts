import { toast } from 'react-toastify';
import { messages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useExportFeesMutation, type FeeListArgs } from '../api/fees-api';

// The browser has started reading the file well before this; the URL is only a handle.
const REVOKE_AFTER_MS = 10_000;

/** Saves an object URL as a file, the way a download link would. */
function saveAs(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Export CSV: the fee report with the current search and sort, as a downloaded file. */
export function useFeeExport() {
  const [exportFees, { isLoading }] = useExportFeesMutation();
  const download = async (args: Omit<FeeListArgs, 'page' | 'limit'>) => {
    try {
      const file = await exportFees(args).unwrap();
      saveAs(file.url, file.fileName);
    } catch (error) {
      toast.error(errorMessage(error, messages.fees.exportFailed));
    }
  };
  return { download, isExporting: isLoading };
}
