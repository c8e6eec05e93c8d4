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

interface SubmitActionsProps {
  busy: boolean;
  cancelLabel: string;
  submitLabel: string;
  /** What the submit says while the form is being sent. */
  busyLabel: string;
  onCancel: () => void;
  /** Keeps the submit off for a reason of the form's own (a lookup still running). */
  submitDisabled?: boolean;
}

/** Cancel and submit under a dialog's form; both are off while it is busy, and the submit says so. */
export function SubmitActions({
  busy,
  cancelLabel,
  submitLabel,
  busyLabel,
  onCancel,
  submitDisabled = false,
}: SubmitActionsProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}

/** Cancel and submit under an add/update dialog's form; the submit names the mode. */
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
    <SubmitActions
      busy={busy}
      cancelLabel={texts.cancel}
      submitLabel={mode === 'create' ? texts.create : texts.update}
      busyLabel={mode === 'create' ? texts.creating : texts.updating}
      onCancel={onCancel}
    />
  );
}
