import { useCallback, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import { type DueRecord, type DuesSummary, coreMessages, duesMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { RefetchBar, TablePagingFooter } from '@/components/ListTable';
import { PageHeading } from '@/components/PageHeading';
import { SearchField } from '@/components/SearchField';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useDuesExport } from '../hooks/use-dues-export';
import { useDuesList } from '../hooks/use-dues-list';
import { useRecordReminder } from '../hooks/use-record-reminder';
import { NO_WHATSAPP_REASON_ID } from './DueActions';
import { DueGroupCards } from './DueGroupCards';
import { studentName } from './due-format';
import { DuesTable } from './DuesTable';
import { UpiQrDialog } from './UpiQrDialog';
import { useCan } from '@/lib/use-can';

const m = duesMessages;

/** The Record Payment dialog the app hands this screen (it belongs to the payments feature). */
export type RecordPaymentDialogComponent = ComponentType<{
  open: boolean;
  subscriptionId: string;
  studentName: string;
  balance: number;
  onClose(): void;
  onRecorded(): void;
}>;

interface DialogState {
  kind: 'qr' | 'payment' | null;
  /** The dialog last opened stays mounted while it closes, so it can animate out. */
  open: boolean;
  due?: DueRecord;
  /** Remounts the dialog for every opening. */
  opening: number;
}

/** Did reminders work: of the dues reminded in the last 30 days, how many were paid within 7 days. */
function ReminderEffect({ summary }: { summary: DuesSummary | undefined }) {
  if (!summary) return null;
  const { reminded, paid, amount } = summary.reminders;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <InsightsRounded fontSize="small" aria-hidden />
      <Typography variant="body2">{reminded > 0 ? m.effect(reminded, paid, amount) : m.effectNone}</Typography>
    </Stack>
  );
}

/**
 * Dues (issue 13): who owes what in three groups, each due with a one-tap WhatsApp (or SMS)
 * reminder, the UPI QR to scan at the desk, and Record Payment when `RecordPaymentDialog`
 * is given. A payment that clears a due takes it off the list at once (the payment
 * invalidates the dues' cache tag).
 */
export function DuesPage({ RecordPaymentDialog }: { RecordPaymentDialog?: RecordPaymentDialogComponent }) {
  const list = useDuesList();
  const exporter = useDuesExport();
  const mayExport = useCan('exports');
  const remind = useRecordReminder();
  const timeZone = useLibraryTimeZone();
  const [dialog, setDialog] = useState<DialogState>({ kind: null, open: false, opening: 0 });
  const { isLoading, isFetching, refetch } = list.query;

  const open = (kind: 'qr' | 'payment', due: DueRecord) =>
    setDialog((state) => ({ kind, open: true, due, opening: state.opening + 1 }));
  const close = useCallback(() => setDialog((state) => ({ ...state, open: false })), []);
  const firstLoad = isLoading || (isFetching && list.query.currentData === undefined && !list.failure);

  return (
    <Stack spacing={3}>
      <PageHeading title={m.title} subtitle={m.subtitle}>
        {/* Issue 16: every CSV export is the owner's and the manager's. */}
        {mayExport ? (
          <Button
            variant="contained"
            startIcon={exporter.isExporting ? <CircularProgress size={18} color="inherit" /> : <FileDownloadRounded />}
            disabled={exporter.isExporting || list.totalItems === 0}
            onClick={() =>
              void exporter.download({ group: list.group, ...list.sort, search: list.search || undefined })
            }
          >
            {exporter.isExporting ? m.exporting : m.export}
          </Button>
        ) : null}
      </PageHeading>

      <DueGroupCards summary={list.summary} loading={isLoading} selected={list.group} onSelect={list.selectGroup} />
      <ReminderEffect summary={list.summary} />

      <Paper sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2 }}>
          <SearchField
            value={list.searchText}
            onChange={list.setSearchText}
            placeholder={m.searchPlaceholder}
            type="search"
            sx={{ width: '100%', maxWidth: 360 }}
          />
        </Box>
        <RefetchBar active={isFetching && !firstLoad} label={coreMessages.common.loading} />
        {list.failure ? (
          <ErrorScreen detail={list.failure} onRefresh={() => void refetch()} />
        ) : (
          <>
            <DuesTable
              dues={list.dues}
              loading={firstLoad}
              skeletonRows={Math.min(list.limit, 5)}
              sort={list.sort}
              timeZone={timeZone}
              onSort={list.toggleSort}
              onRemind={(due, channel) => void remind(due, channel)}
              onShowQr={(due) => open('qr', due)}
              onRecordPayment={RecordPaymentDialog ? (due) => open('payment', due) : undefined}
            />
            <TablePagingFooter paging={list} />
          </>
        )}
      </Paper>
      <Box id={NO_WHATSAPP_REASON_ID} sx={{ display: 'none' }}>
        {m.noWhatsApp}
      </Box>

      {dialog.kind === 'qr' ? (
        <UpiQrDialog key={dialog.opening} due={dialog.due} open={dialog.open} onClose={close} />
      ) : null}
      {dialog.kind === 'payment' && dialog.due && RecordPaymentDialog ? (
        <RecordPaymentDialog
          key={dialog.opening}
          open={dialog.open}
          subscriptionId={dialog.due.subscription_id}
          studentName={studentName(dialog.due)}
          balance={dialog.due.balance}
          onClose={close}
          onRecorded={close}
        />
      ) : null}
    </Stack>
  );
}
