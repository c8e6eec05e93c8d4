import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  AREA_FORM_STATUSES,
  areaBodySchema,
  messages,
  type AreaBody,
  type AreaBodyInput,
  type AreaStatus,
} from '@app/shared';
import { fieldProps } from '@/lib/form';
import type { SaveResult } from '../hooks/use-area-actions';

const m = messages.areas;

export const EMPTY_AREA: AreaBodyInput = { area_name: '', total_seats: '', location: '', status: 'active' };

interface AreaFormProps {
  mode: 'create' | 'edit';
  initial: AreaBodyInput;
  onSubmit: (values: AreaBody) => Promise<SaveResult>;
  onCancel: () => void;
}

/** Add/Update Area fields (SPEC.md §2, §5 Area form). */
export function AreaForm({ mode, initial, onSubmit, onCancel }: AreaFormProps) {
  const form = useForm<AreaBodyInput, unknown, AreaBody>({
    resolver: zodResolver(areaBodySchema),
    defaultValues: initial,
  });
  const busy = form.formState.isSubmitting;
  // The form offers Active and Inactive; an area under maintenance keeps that choice visible.
  const statuses: readonly AreaStatus[] =
    initial.status === 'maintenance' ? [...AREA_FORM_STATUSES, 'maintenance'] : AREA_FORM_STATUSES;

  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values);
    for (const { field, message } of result.fieldErrors) {
      if (field === 'area_name' || field === 'total_seats' || field === 'status') form.setError(field, { message });
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField {...fieldProps(form, 'area_name')} label={m.fields.name} required autoFocus />
          <TextField
            {...fieldProps(form, 'total_seats')}
            label={m.fields.totalSeats}
            required
            type="number"
            slotProps={{ htmlInput: { step: 0.01, min: 1, max: 999, inputMode: 'numeric' } }}
          />
          <TextField {...fieldProps(form, 'location')} label={m.locationOptional} />
          <Controller
            control={form.control}
            name="status"
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)} required>
                <FormLabel id="area-status-label">{m.fields.status}</FormLabel>
                <RadioGroup row aria-labelledby="area-status-label" {...field} value={field.value ?? ''}>
                  {statuses.map((status) => (
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
