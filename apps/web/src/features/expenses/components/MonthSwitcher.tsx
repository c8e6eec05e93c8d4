import dayjs, { type Dayjs } from 'dayjs';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { MONTH_PATTERN, expenseMessages } from '@app/shared';
import { usePickerValue } from '@/lib/use-picker-value';
import { shiftMonth } from '../hooks/use-expense-month';

const m = expenseMessages;

const parse = (month: string): Dayjs | null => (month ? dayjs(`${month}-01`) : null);
const format = (value: Dayjs | null): string => (value?.isValid() ? value.format('YYYY-MM') : '');

/** The month shown: the one before, a month picker, the one after (none after this month). */
export function MonthSwitcher({
  month,
  thisMonth,
  onChange,
}: {
  month: string;
  thisMonth: string;
  onChange: (month: string) => void;
}) {
  const [pickerValue, changePicker] = usePickerValue(month, parse, format);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton aria-label={m.previousMonth} onClick={() => onChange(shiftMonth(month, -1))}>
        <ChevronLeftRounded />
      </IconButton>
      <DatePicker
        label={m.month}
        value={pickerValue}
        onChange={(value) => {
          const picked = changePicker(value);
          // A half-typed month waits; a whole one (not after this month) is shown.
          if (MONTH_PATTERN.test(picked) && picked <= thisMonth) onChange(picked);
        }}
        views={['year', 'month']}
        openTo="month"
        format="MMMM YYYY"
        maxDate={dayjs(`${thisMonth}-01`)}
        slotProps={{ textField: { size: 'small', id: 'expenses-month', sx: { width: { xs: '100%', sm: 200 } } } }}
        sx={{ flex: { xs: 1, sm: 'none' } }}
      />
      <IconButton aria-label={m.nextMonth} disabled={month >= thisMonth} onClick={() => onChange(shiftMonth(month, 1))}>
        <ChevronRightRounded />
      </IconButton>
    </Stack>
  );
}
