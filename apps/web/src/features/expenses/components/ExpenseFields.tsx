import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { EXPENSE_CATEGORIES, MAX_EXPENSE_NOTE_LENGTH, expenseMessages } from '@app/shared';
import { PaymentModeField } from '@/components/PaymentModeField';
import { RupeesField } from '@/components/RupeesField';
import { SelectField } from '@/components/SelectField';
import { fieldProps } from '@/lib/form';
import { OWN_CATEGORY, type ExpenseCommonForm } from './expense-form';

const m = expenseMessages;

/**
 * The category: a select of the built-in ones and "Your own category", which shows a text
 * field for its name (focused as it appears).
 */
function CategoryField() {
  const form = useFormContext<ExpenseCommonForm>();
  const choice = useWatch({ control: form.control, name: 'category' });
  const own = fieldProps(form, 'own_category');
  return (
    <>
      <SelectField
        control={form.control}
        name="category"
        label={m.category}
        onPicked={(value) => {
          if (value === OWN_CATEGORY) setTimeout(() => form.setFocus('own_category'));
        }}
      >
        {EXPENSE_CATEGORIES.map((category) => (
          <MenuItem key={category} value={category}>
            {m.categories[category]}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem value={OWN_CATEGORY}>{m.ownCategory}</MenuItem>
      </SelectField>
      {choice === OWN_CATEGORY ? (
        <TextField
          {...own}
          label={m.ownCategoryName}
          required
          helperText={own.error ? own.helperText : m.ownCategoryHelp}
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
        />
      ) : null}
    </>
  );
}

/**
 * What both expense dialogs ask: category, amount, how it was paid, and a note; a dialog's
 * own fields (when a monthly expense falls) go between the amount and how it is paid.
 */
export function ExpenseFields({ children }: { children?: ReactNode }) {
  const form = useFormContext<ExpenseCommonForm>();
  return (
    <>
      <CategoryField />
      <RupeesField {...fieldProps(form, 'amount')} label={m.amount} required />
      {children}
      <PaymentModeField control={form.control} name="mode" label={m.mode} />
      <TextField
        {...fieldProps(form, 'note')}
        label={m.note}
        multiline
        maxRows={3}
        slotProps={{ htmlInput: { maxLength: MAX_EXPENSE_NOTE_LENGTH } }}
      />
    </>
  );
}

/** The dialogs' fields, one under the other. */
export function FieldStack({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', rowGap: 1.5, pt: 1 }}>{children}</Box>;
}
