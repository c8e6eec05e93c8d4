import dayjs, { type Dayjs } from 'dayjs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { coreMessages, paymentMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { RefetchBar } from '@/components/ListTable';
import { PageHeading } from '@/components/PageHeading';
import { usePickerValue } from '@/lib/use-picker-value';
import { useDayBook } from '../hooks/use-day-book';
import { DayBookSummary } from './DayBookSummary';
import { DayBookTable } from './DayBookTable';
import { useCan } from '@/lib/use-can';
import { DatePickersProvider } from '@/components/DatePickersProvider';

const m = paymentMessages.dayBook;

const parse = (date: string): Dayjs | null => (date ? dayjs(date) : null);
const format = (value: Dayjs | null): string => (value?.isValid() ? value.format('YYYY-MM-DD') : '');

/** Day Book: what came in on a library day, by mode and by who collected it, for closing the cash drawer. */
export function DayBookPage() {
  const mayExport = useCan('exports');
  const book = useDayBook();
  const [pickerValue, changePicker] = usePickerValue(book.date, parse, format);
  const { isFetching, refetch } = book.query;
  const payments = book.dayBook?.payments ?? [];

  return (
    <DatePickersProvider>
      <Stack spacing={3}>
        <PageHeading title={m.title} subtitle={m.subtitle}>
          <DatePicker
            label={m.date}
            value={pickerValue}
            onChange={(value) => {
              const date = changePicker(value);
              // A half-typed date waits; a whole one (not past today) shows its day.
              if (date && date <= book.today) book.setDate(date);
            }}
            format="DD/MM/YYYY"
            maxDate={dayjs(book.today)}
            slotProps={{ textField: { size: 'small', id: 'day-book-date', sx: { width: { xs: '100%', sm: 190 } } } }}
          />
          {/* Issue 16: every CSV export is the owner's and the manager's. */}
          {mayExport ? (
            <Button
              variant="contained"
              startIcon={book.isExporting ? <CircularProgress size={18} color="inherit" /> : <FileDownloadRounded />}
              disabled={book.isExporting || payments.length === 0}
              onClick={() => void book.download()}
            >
              {book.isExporting ? m.exporting : m.export}
            </Button>
          ) : null}
        </PageHeading>

        {book.failure ? (
          <Paper>
            <ErrorScreen detail={book.failure} onRefresh={() => void refetch()} />
          </Paper>
        ) : (
          <>
            <DayBookSummary dayBook={book.dayBook} />
            <Paper sx={{ overflow: 'hidden' }}>
              <RefetchBar active={isFetching && Boolean(book.dayBook)} label={coreMessages.common.loading} />
              <DayBookTable payments={payments} loading={!book.dayBook} timeZone={book.timeZone} />
            </Paper>
          </>
        )}
      </Stack>
    </DatePickersProvider>
  );
}
