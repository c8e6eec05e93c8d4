import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import { type SeatChoice, subscriptionMessages } from '@app/shared';
import type { AvailabilityNote, SeatOption } from '../hooks/use-availability';

const m = subscriptionMessages;

interface SeatFields {
  seat_status: SeatChoice;
  seat_id: string;
}

interface SeatChoiceFieldsProps {
  /** The seats the Reserved Seat choice offers: the last availability answer (and the seat held now). */
  seats: SeatOption[];
  note: AvailabilityNote | null;
  checking: boolean;
  onCheck: () => void;
}

const NOTE_COLOURS: Record<AvailabilityNote['tone'], string> = {
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
};

export const seatLabel = (seat: Pick<SeatOption, 'name' | 'area_name'>) => `${seat.name} (${seat.area_name})`;

/**
 * Seat Status (Reserved / Non Reserved), Check Availability and, when reserved, the
 * Reserved Seat (SPEC.md §2, §4, §5).
 */
export function SeatChoiceFields({ seats, note, checking, onCheck }: SeatChoiceFieldsProps) {
  const { control } = useFormContext<SeatFields>();
  const seatStatus = useWatch({ control, name: 'seat_status' });

  return (
    <Box sx={{ display: 'grid', rowGap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
        <Controller
          control={control}
          name="seat_status"
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)} required sx={{ flex: '1 1 auto' }}>
              <FormLabel id="seat-status-label">{m.fields.seatStatus}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="seat-status-label"
                name={field.name}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                <FormControlLabel value="reserved" control={<Radio />} label={m.fields.reserved} />
                <FormControlLabel value="non_reserved" control={<Radio />} label={m.fields.nonReserved} />
              </RadioGroup>
              <FormHelperText>{fieldState.error?.message ?? ' '}</FormHelperText>
            </FormControl>
          )}
        />
        <Button
          variant="outlined"
          onClick={onCheck}
          disabled={checking}
          startIcon={checking ? <CircularProgress size={16} color="inherit" /> : <EventAvailableRounded />}
          sx={{ mt: { xs: 0, sm: 2.5 }, mb: { xs: 1, sm: 0 } }}
        >
          {checking ? m.checking : m.checkAvailability}
        </Button>
      </Box>
      <Box role="status" aria-live="polite" sx={{ mt: -1 }}>
        {note ? (
          <Typography variant="body2" sx={{ color: NOTE_COLOURS[note.tone], fontWeight: 500 }}>
            {note.text}
          </Typography>
        ) : null}
      </Box>
      {seatStatus === 'reserved' ? (
        <Controller
          control={control}
          name="seat_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              id="seat_id"
              label={m.fields.reservedSeat}
              required
              name={field.name}
              value={seats.some((seat) => seat.id === field.value) ? field.value : ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? (seats.length === 0 ? m.checkFirst : ' ')}
            >
              {seats.length === 0 ? (
                <MenuItem value="" disabled>
                  {m.checkFirst}
                </MenuItem>
              ) : (
                seats.map((seat) => (
                  <MenuItem key={seat.id} value={seat.id}>
                    {seatLabel(seat)}
                  </MenuItem>
                ))
              )}
            </TextField>
          )}
        />
      ) : null}
    </Box>
  );
}
