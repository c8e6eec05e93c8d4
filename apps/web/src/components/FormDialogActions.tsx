import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** The button texts of an add/update dialog: the feature's own catalogue section. */
export interface FormDialogTexts {
  cancel: string;
  create: string;
  creating: string;
  update: string;
  updating: string;
}

/** Cancel and submit under a dialog's form; the submit names the mode and says when it is busy. */
export function FormDialogActions({
  mode,
  busy,
  texts,
  onCancel,
}: {
  mode: 'create' | 'edit';
  busy: boolean;
  texts: FormDialogTexts;
  onCancel: () => void;
}) {
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={onCancel} disabled={busy}>
        {texts.cancel}
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {mode === 'create' ? (busy ? texts.creating : texts.create) : busy ? texts.updating : texts.update}
      </Button>
    </DialogActions>
  );
}
