import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import { coreMessages, feeMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { RefetchBar, TablePagingFooter } from '@/components/ListTable';
import { PageHeading } from '@/components/PageHeading';
import { useFeeExport } from '../hooks/use-fee-export';
import { useFeeList } from '../hooks/use-fee-list';
import { FeeSearch } from './FeeSearch';
import { FeesTable } from './FeesTable';
import { useCan } from '@/lib/use-can';

const m = feeMessages;

/** Fee report (SPEC.md §2): every fee the library recorded, searchable by student, and its CSV export. */
export function FeeReportPage() {
  const list = useFeeList();
  const exporter = useFeeExport();
  const mayExport = useCan('exports');
  const timeZone = useLibraryTimeZone();
  const { isLoading, isFetching, refetch } = list.query;

  return (
    <Stack spacing={3}>
      <PageHeading title={m.title}>
        {/* Issue 16: every CSV export is the owner's and the manager's. */}
        {mayExport ? (
          <Button
            variant="contained"
            startIcon={exporter.isExporting ? <CircularProgress size={18} color="inherit" /> : <FileDownloadRounded />}
            disabled={exporter.isExporting || list.totalItems === 0}
            onClick={() => void exporter.download({ ...list.sort, search: list.search || undefined })}
          >
            {exporter.isExporting ? m.exporting : m.export}
          </Button>
        ) : null}
      </PageHeading>

      <Paper sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2 }}>
          <FeeSearch onSearch={list.submitSearch} onClear={list.clearSearch} />
        </Box>
        <RefetchBar active={isFetching && !isLoading} label={coreMessages.common.loading} />
        {list.failure ? (
          <ErrorScreen detail={list.failure} onRefresh={() => void refetch()} />
        ) : (
          <>
            <FeesTable
              fees={list.fees}
              loading={isLoading}
              skeletonRows={Math.min(list.limit, 10)}
              firstNumber={(list.page - 1) * list.limit + 1}
              sort={list.sort}
              timeZone={timeZone}
              onSort={list.toggleSort}
            />
            <TablePagingFooter paging={list} labelRowsPerPage={m.rowsPerPage} />
          </>
        )}
      </Paper>
    </Stack>
  );
}
