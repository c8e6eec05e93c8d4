import { useId, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import {
  consentGiverFor,
  formatDateDMY,
  todayIn,
  wallClockIn,
  type StudentConsent,
  privacyMessages,
} from '@app/shared';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import type { StudentFormFields, StudentFormOutput } from './student-form-fields';

const c = privacyMessages.consent;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Who must agree for the date of birth typed so far: a parent or guardian under 18, else the student. */
export function useConsentGiver(dob: string | undefined) {
  const today = todayIn(useLibraryTimeZone());
  return dob && DATE.test(dob) ? consentGiverFor(dob, today) : 'student';
}

/** The privacy notice behind a Read/Hide toggle. */
function NoticeToggle({ notice }: { notice: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box>
      <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} sx={{ ml: -1 }}>
        {open ? c.hideNotice : c.showNotice}
      </Button>
      <Collapse in={open} id={id}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1, p: 1.5, borderRadius: 2, bgcolor: 'action.hover', whiteSpace: 'pre-line' }}
        >
          {notice}
        </Typography>
      </Collapse>
    </Box>
  );
}

/** The consent checkbox, its label following the typed date of birth, its required message under it. */
function ConsentCheckbox({ control }: { control: Control<StudentFormFields, unknown, StudentFormOutput> }) {
  const { field, fieldState } = useController({ control, name: 'consent' });
  const dob = useWatch({ control, name: 'dob' });
  const giver = useConsentGiver(dob);
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0 }}
        control={
          <Checkbox
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            required
            slotProps={{
              input: {
                ref: field.ref,
                'aria-invalid': Boolean(fieldState.error),
                'aria-describedby': fieldState.error ? helpId : undefined,
              },
            }}
            sx={{ mt: -1 }}
          />
        }
        // The required control gives the label its asterisk.
        label={giver === 'guardian' ? c.guardian : c.student}
      />
      {fieldState.error ? (
        <FormHelperText id={helpId} error sx={{ ml: 4 }}>
          {fieldState.error.message}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/**
 * The student form's Consent section (issue 19, after the documents): the library's notice,
 * and the checkbox the documents need. With consent on record, the line that says when,
 * by whom and who agreed instead; a student added before it is told it is needed.
 */
export function ConsentField({
  control,
  required,
  recorded,
  notice,
  note,
}: {
  control: Control<StudentFormFields, unknown, StudentFormOutput>;
  /** No consent on record: the checkbox is shown and must be ticked. */
  required: boolean;
  recorded: StudentConsent | null;
  notice: string | undefined;
  /** Why consent is asked for again on an edit (none on record yet, or the documents were erased). */
  note?: string;
}) {
  const timeZone = useLibraryTimeZone();
  return (
    <Box component="section" aria-labelledby="consent-title" sx={{ mt: 3 }}>
      <Typography id="consent-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {c.heading}
      </Typography>
      {/* With consent on record, the notice they agreed to; else the library's current one. */}
      {!required && recorded ? (
        <NoticeToggle notice={recorded.notice} />
      ) : notice ? (
        <NoticeToggle notice={notice} />
      ) : null}
      {required ? (
        <>
          {note ? (
            <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
              {note}
            </Typography>
          ) : null}
          <ConsentCheckbox control={control} />
        </>
      ) : recorded ? (
        <Typography variant="body2" role="note" sx={{ mt: 1 }}>
          {c.recorded(
            formatDateDMY(wallClockIn(timeZone, recorded.at).date),
            recorded.recorded_by_name ?? c.unknownStaff,
            recorded.given_by,
          )}
        </Typography>
      ) : null}
    </Box>
  );
}
