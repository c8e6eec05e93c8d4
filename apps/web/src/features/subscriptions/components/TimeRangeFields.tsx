import { Controller, useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { subscriptionMessages } from '@app/shared';
import { fromPickerTime, toPickerTime } from './picker-values';

const m = subscriptionMessages;

interface WindowFields {
  start_time: string;
  end_time: string;
}

const FIELDS = [
  { name: 'start_time', label: m.fields.startTime },
  { name: 'end_time', label: m.fields.endTime },
] as const;

/**
 * Start Time and End Time: 12-hour pickers with AM/PM (SPEC.md §2). An end at or before
 * the start is a night window that runs into the next morning.
 */
export function TimeRangeFields({ onChange }: { onChange?: () => void }) {
  const { control } = useFormContext<WindowFields>();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1.5 }}>
      {FIELDS.map(({ name, label }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <TimePicker
              label={label}
              ampm
              format="h:mm A"
              value={toPickerTime(field.value)}
              onChange={(value) => {
                field.onChange(fromPickerTime(value));
                onChange?.();
              }}
              inputRef={field.ref}
              slotProps={{
                // h:mm A as the spec writes times ("6:00 AM"), not the field's default "06:00 AM".
                field: { shouldRespectLeadingZeros: true },
                textField: {
                  id: name,
                  required: true,
                  onBlur: field.onBlur,
                  error: Boolean(fieldState.error),
                  helperText: fieldState.error?.message ?? ' ',
                },
              }}
            />
          )}
        />
      ))}
    </Box>
  );
}
