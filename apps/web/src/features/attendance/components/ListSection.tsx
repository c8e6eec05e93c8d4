import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import { coreMessages, deskMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { RefetchBar } from '@/components/ListTable';
import { useCan } from '@/lib/use-can';

const a = deskMessages.attendance;

interface ListSectionProps {
  /** The list's own controls (a chooser, a count), left of Export CSV. */
  controls?: ReactNode;
  failure: string | null;
  refreshing: boolean;
  exporting: boolean;
  onRefresh: () => void;
  onExport: () => void;
  children: ReactNode;
}

/** One attendance list: its controls and Export CSV above, the error screen or the list. */
export function ListSection({
  controls,
  failure,
  refreshing,
  exporting,
  onRefresh,
  onExport,
  children,
}: ListSectionProps) {
  // Issue 16: every CSV export is the owner's and the manager's.
  const mayExport = useCan('exports');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {controls}
        {mayExport ? (
          <Button
            variant="outlined"
            startIcon={<FileDownloadRounded />}
            disabled={exporting || Boolean(failure)}
            onClick={onExport}
            sx={{ ml: 'auto !important' }}
          >
            {exporting ? a.exporting : a.exportCsv}
          </Button>
        ) : null}
      </Stack>
      <Paper sx={{ overflow: 'hidden' }}>
        {failure ? (
          <ErrorScreen detail={failure} onRefresh={onRefresh} />
        ) : (
          <>
            <RefetchBar active={refreshing} label={coreMessages.common.loading} />
            {children}
          </>
        )}
      </Paper>
    </Stack>
  );
}
