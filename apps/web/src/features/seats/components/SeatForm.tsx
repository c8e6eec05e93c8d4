import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  messages,
  SEAT_LIMITS,
  SEAT_STATUSES,
  seatBodySchema,
  type Area,
  type SeatBody,
  type SeatBodyInput,
} from '@app/shared';
import { fieldProps } from '@/lib/form';
import type { SaveResult } from '../hooks/use-seat-actions';

const m = messages.seats;
const FIELDS = ['name', 'area_id', 'status', 'capacity'] as const;

interface SeatFormProps {
  mode: 'create' | 'edit';
  initial: SeatBodyInput;
  areas: Area[];
  onSubmit: (values: SeatBody) => Promise<SaveResult>;
  onCancel: () => void;
}

/** The add/edit seat fields (SPEC.md §2, §5 Seat form), with Capacity in persons. */
export function SeatForm({ mode, initial, areas, onSubmit, onCancel }: SeatFormProps) {
  const form = useForm<SeatBodyInput, unknown, SeatBody>({
    resolver: zodResolver(seatBodySchema),
    defaultValues: initial,
  });
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values);
    for (const { field, message } of result.fieldErrors) {
      const known = FIELDS.find((name) => name === field);
      if (known) form.setError(known, { message });
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField {...fieldProps(form, 'name')} label={m.fields.name} required autoFocus />
          <Controller
            control={form.control}
            name="area_id"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id="area_id"
                select
                required
                label={m.fields.area}
                value={field.value ?? ''}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              >
                {areas.map((area) => (
                  <MenuItem key={area.id} value={area.id}>
                    {m.areaOption(area.name, area.total_seats)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            {...fieldProps(form, 'capacity')}
            label={m.fields.capacity}
            type="number"
            slotProps={{
              htmlInput: { min: SEAT_LIMITS.capacityMin, max: SEAT_LIMITS.capacityMax, step: 1, inputMode: 'numeric' },
            }}
          />
          <Controller
            control={form.control}
            name="status"
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)} required>
                <FormLabel id="seat-status-label">{m.fields.status}</FormLabel>
                <RadioGroup row aria-labelledby="seat-status-label" {...field} value={field.value ?? ''}>
                  {SEAT_STATUSES.map((status) => (
                    <FormControlLabel key={status} value={status} control={<Radio />} label={m.status[status]} />
                  ))}
                </RadioGroup>
                <FormHelperText>{fieldState.error?.message ?? ' '}</FormHelperText>
              </FormControl>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={busy}>
          {m.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {mode === 'create' ? (busy ? m.creating : m.create) : busy ? m.updating : m.update}
        </Button>
      </DialogActions>
    </form>
  );
}
