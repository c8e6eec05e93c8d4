import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  SEAT_LIMITS,
  SEAT_STATUSES,
  seatBodySchema,
  type Area,
  type SeatBody,
  type SeatBodyInput,
  seatMessages,
} from '@app/shared';
import { FormDialogActions } from '@/components/FormDialogActions';
import { RadioChoiceField } from '@/components/RadioChoiceField';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import type { SaveResult } from '../hooks/use-seat-actions';

const m = seatMessages;
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
    applyFieldErrors(form, result.fieldErrors, FIELDS);
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
          <RadioChoiceField
            control={form.control}
            name="status"
            label={m.fields.status}
            labelId="seat-status-label"
            options={SEAT_STATUSES.map((status) => ({ value: status, label: m.status[status] }))}
          />
        </Stack>
      </DialogContent>
      <FormDialogActions mode={mode} busy={busy} texts={m} onCancel={onCancel} />
    </form>
  );
}
