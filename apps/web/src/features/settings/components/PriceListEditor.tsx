import type { ReactNode } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { MAX_DURATION_MONTHS, MAX_PRICE_LIST_ENTRIES, settingsMessages } from '@app/shared';
import { RupeesField } from '@/components/RupeesField';
import { fieldProps } from '@/lib/form';
import { NEW_PRICE_ROW, type SettingsFormValues } from './settings-form-values';

const m = settingsMessages.priceList;
const RESERVED = 'reserved';
const ANY_SEAT = 'any';

// Months, seat, daily hours, price, remove. Below `sm` each row is a card of two columns.
const wideColumns = 'minmax(72px, 0.7fr) minmax(150px, 1.5fr) minmax(120px, 1.1fr) minmax(130px, 1.3fr) 40px';

// Hidden from the eye, not from assistive technology (the wide table has its column heads).
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A cell of a price row with its field's label: above the field on a phone, read but not shown on the table. */
function Cell({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, position: 'relative' }}>
      <Typography
        component="label"
        htmlFor={htmlFor}
        variant="caption"
        color="text.secondary"
        sx={(theme) => ({ display: 'block', mb: 0.5, [theme.breakpoints.up('sm')]: visuallyHidden })}
      >
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function PriceRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const form = useFormContext<SettingsFormValues>();
  const name = m.row(index + 1);
  const duration = fieldProps(form, `price_list.${index}.duration`);
  const hours = fieldProps(form, `price_list.${index}.window_hours`);
  const price = fieldProps(form, `price_list.${index}.price`);
  return (
    <Box
      role="group"
      aria-label={name}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: wideColumns },
        columnGap: { xs: 1.5, sm: 1 },
        alignItems: 'start',
        py: { xs: 1.5, sm: 0.5 },
        borderBottom: { xs: 1, sm: 0 },
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          // A phone: the row's name and its remove button across the card's top; the table: the last column.
          gridColumn: { xs: '1 / -1', sm: 'auto' },
          order: { sm: 5 },
          alignItems: 'center',
          justifyContent: { xs: 'space-between', sm: 'flex-end' },
        }}
      >
        <Typography aria-hidden variant="subtitle2" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {name}
        </Typography>
        <Tooltip title={m.remove}>
          <IconButton aria-label={`${m.remove}: ${name}`} onClick={onRemove} sx={{ mt: { sm: 0.5 } }}>
            <DeleteOutlineRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Cell label={m.duration} htmlFor={duration.id}>
        <TextField
          {...duration}
          size="small"
          fullWidth
          type="number"
          slotProps={{ htmlInput: { min: 1, max: MAX_DURATION_MONTHS, step: 1, inputMode: 'numeric' } }}
        />
      </Cell>
      <Cell label={m.seat} htmlFor={`price_list.${index}.is_reserved`}>
        <Controller
          control={form.control}
          name={`price_list.${index}.is_reserved`}
          render={({ field }) => (
            <TextField
              select
              size="small"
              fullWidth
              id={field.name}
              name={field.name}
              value={field.value ? RESERVED : ANY_SEAT}
              onChange={(event) => field.onChange(event.target.value === RESERVED)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              helperText=" "
              slotProps={{ select: { native: true } }}
            >
              <option value={ANY_SEAT}>{m.nonReserved}</option>
              <option value={RESERVED}>{m.reserved}</option>
            </TextField>
          )}
        />
      </Cell>
      <Cell label={m.windowHours} htmlFor={hours.id}>
        <TextField
          {...hours}
          size="small"
          fullWidth
          type="number"
          placeholder={m.anyLength}
          slotProps={{ htmlInput: { min: 1, max: 24, step: 1, inputMode: 'numeric' } }}
        />
      </Cell>
      <Cell label={m.price} htmlFor={price.id}>
        <RupeesField {...price} size="small" fullWidth />
      </Cell>
    </Box>
  );
}

/**
 * The price list as an editable table: months, reserved or any seat, daily hours (up to, or
 * any length) and price, one row per plan; rows are added and removed here and saved with
 * the form. On a phone each row is a small card instead of a line that would scroll sideways.
 */
export function PriceListEditor() {
  const form = useFormContext<SettingsFormValues>();
  const rows = useFieldArray({ control: form.control, name: 'price_list' });
  const listError = form.formState.errors.price_list;
  const listMessage = listError?.message ?? listError?.root?.message;
  return (
    <Box>
      {rows.fields.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {m.empty}
        </Typography>
      ) : (
        <>
          <Box
            aria-hidden
            sx={{
              display: { xs: 'none', sm: 'grid' },
              gridTemplateColumns: wideColumns,
              columnGap: 1,
              pb: 1,
              mb: 1,
              borderBottom: 1,
              borderColor: 'divider',
              typography: 'subtitle2',
              color: 'text.secondary',
            }}
          >
            <span>{m.duration}</span>
            <span>{m.seat}</span>
            <span>{m.windowHours}</span>
            <span>{m.price}</span>
          </Box>
          {rows.fields.map((row, index) => (
            <PriceRow key={row.id} index={index} onRemove={() => rows.remove(index)} />
          ))}
        </>
      )}
      {listMessage ? <FormHelperText error>{listMessage}</FormHelperText> : null}
      <Button
        startIcon={<AddRounded />}
        onClick={() => rows.append({ ...NEW_PRICE_ROW })}
        disabled={rows.fields.length >= MAX_PRICE_LIST_ENTRIES}
        sx={{ mt: 1 }}
      >
        {m.add}
      </Button>
    </Box>
  );
}
