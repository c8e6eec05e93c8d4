import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  AREA_FORM_STATUSES,
  areaBodySchema,
  type AreaBody,
  type AreaBodyInput,
  type AreaStatus,
  areaMessages,
} from '@app/shared';
import { FormDialogActions } from '@/components/FormDialogActions';
import { RadioChoiceField } from '@/components/RadioChoiceField';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import type { SaveResult } from '../hooks/use-area-actions';

const m = areaMessages;
/** The fields a server reason may name, to show it under the field. */
const SERVER_CHECKED = ['area_name', 'total_seats', 'status'] as const;

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
    applyFieldErrors(form, result.fieldErrors, SERVER_CHECKED);
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
          <RadioChoiceField
            control={form.control}
            name="status"
            label={m.fields.status}
            labelId="area-status-label"
            options={statuses.map((status) => ({ value: status, label: m.status[status] }))}
          />
        </Stack>
      </DialogContent>
      <FormDialogActions mode={mode} busy={busy} texts={m} onCancel={onCancel} />
    </form>
  );
}
