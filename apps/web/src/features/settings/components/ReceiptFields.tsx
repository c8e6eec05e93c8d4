import { useFormContext, useWatch } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { financialYearOf, RECEIPT_PREFIX_PATTERN, receiptNoExample, todayIn, settingsMessages } from '@app/shared';
import { fieldProps } from '@/lib/form';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import type { SettingsFormValues } from './settings-form-values';

const m = settingsMessages;

/**
 * The receipts' prefix (issue 14): 1–3 capital letters or digits; the help shows how this
 * financial year's receipts are numbered with it. A change applies to the next receipts.
 */
export function ReceiptFields() {
  const form = useFormContext<SettingsFormValues>();
  const prefix = fieldProps(form, 'receipt_prefix');
  const typed = String(useWatch({ control: form.control, name: 'receipt_prefix' }) ?? '')
    .trim()
    .toUpperCase();
  const year = financialYearOf(todayIn(useLibraryTimeZone()));
  const example = receiptNoExample(RECEIPT_PREFIX_PATTERN.test(typed) ? typed : 'GDL', year);
  return (
    <TextField
      {...prefix}
      label={m.receiptPrefix}
      helperText={prefix.error ? prefix.helperText : m.receiptPrefixHelp(example)}
      autoComplete="off"
      sx={{ maxWidth: { sm: 360 } }}
      slotProps={{
        htmlInput: { spellCheck: false, autoCapitalize: 'characters', style: { textTransform: 'uppercase' } },
      }}
    />
  );
}
