import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import VideocamOffRounded from '@mui/icons-material/VideocamOffRounded';
import { formatDateTimeDMY, type AttendanceCheckResult, deskMessages } from '@app/shared';
import { PageHeading } from '@/components/PageHeading';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useCheckIn } from '../hooks/use-check-in';
import { OUTCOME_COLOURS } from './check-in-look';
import { CheckInResult, studentName } from './CheckInResult';

const m = deskMessages.checkIn;

// The camera and its QR reader (with ZXing's WebAssembly) load only when asked for.
const CameraScanner = lazy(() => import('./CameraScanner'));

/** A pointer that types (a desk computer, a USB scanner): the field takes the focus; a phone keeps its keyboard shut. */
const finePointer = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;

function RecentAnswers({ answers, timeZone }: { answers: AttendanceCheckResult[]; timeZone: string }) {
  if (answers.length < 2) return null;
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle2" component="h2">
        {m.recent}
      </Typography>
      <List dense disablePadding aria-label={m.recent}>
        {answers.slice(1).map((answer) => (
          <ListItem key={`${answer.at}-${answer.outcome}`} disableGutters>
            <Box
              aria-hidden
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: OUTCOME_COLOURS[answer.outcome], mr: 1.5 }}
            />
            <ListItemText
              primary={`${m.outcomes[answer.outcome]}${answer.student ? ` · ${studentName(answer.student)}` : ''}`}
              secondary={formatDateTimeDMY(answer.at, timeZone)}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/**
 * Check-in (issue 15): made for the desk phone. A student's pass or ID card is scanned by the
 * camera, or by a USB/Bluetooth scanner typing into the field, or their mobile number is
 * typed; the answer shows at once, large and in colour.
 */
export function CheckInPage() {
  const timeZone = useLibraryTimeZone();
  const desk = useCheckIn();
  const [entry, setEntry] = useState('');
  const [blank, setBlank] = useState(false);
  const [camera, setCamera] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const sent = desk.submit(entry);
    setBlank(!sent);
    if (sent) setEntry('');
    field.current?.focus();
  };

  return (
    <Stack spacing={3}>
      <PageHeading title={m.title} subtitle={m.subtitle}>
        <Button
          variant={camera ? 'outlined' : 'contained'}
          startIcon={camera ? <VideocamOffRounded /> : <PhotoCameraRounded />}
          onClick={() => setCamera((on) => !on)}
        >
          {camera ? m.stopCamera : m.startCamera}
        </Button>
      </PageHeading>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <Paper component="form" noValidate onSubmit={send} sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  inputRef={field}
                  label={m.codeLabel}
                  value={entry}
                  onChange={(event) => {
                    setEntry(event.target.value);
                    setBlank(false);
                  }}
                  error={blank}
                  helperText={blank ? m.emptyInput : m.codeHelp}
                  autoFocus={finePointer()}
                  autoComplete="off"
                  slotProps={{ htmlInput: { autoCapitalize: 'off', spellCheck: false, enterKeyHint: 'go' } }}
                  fullWidth
                />
                <Button type="submit" variant="contained" size="large" sx={{ height: 56, flexShrink: 0 }}>
                  {m.check}
                </Button>
              </Stack>
            </Paper>
            {camera ? (
              <Suspense fallback={<Alert severity="info">{m.cameraStarting}</Alert>}>
                <CameraScanner onCode={(code) => desk.submit(code)} paused={desk.isBusy} />
              </Suspense>
            ) : null}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <CheckInResult state={desk.state} timeZone={timeZone} />
            <RecentAnswers answers={desk.recent} timeZone={timeZone} />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
