import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockRounded from '@mui/icons-material/BlockRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import QrCodeScannerRounded from '@mui/icons-material/QrCodeScannerRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import WifiOffRounded from '@mui/icons-material/WifiOffRounded';
import { formatDateDMY, formatDateTimeDMY, formatWindow, type AttendanceCheckResult, deskMessages } from '@app/shared';
import type { CheckState } from '../hooks/use-check-in';
import { OUTCOME_COLOURS } from './check-in-look';

const m = deskMessages.checkIn;

const ICONS = {
  in: <CheckCircleRounded sx={{ fontSize: { xs: 44, sm: 56 } }} />,
  out: <LogoutRounded sx={{ fontSize: { xs: 44, sm: 56 } }} />,
  ignored: <ReplayRounded sx={{ fontSize: { xs: 44, sm: 56 } }} />,
  denied: <BlockRounded sx={{ fontSize: { xs: 44, sm: 56 } }} />,
};

export const studentName = (student: { first_name: string; last_name: string | null }) =>
  [student.first_name, student.last_name].filter(Boolean).join(' ');

/** The plan's seat, window and end, as the desk reads them out. */
function planLines(result: AttendanceCheckResult): string[] {
  const plan = result.subscription;
  if (!plan) return [];
  return [
    plan.seat_name
      ? `${m.seat(plan.seat_name)}${plan.area_name ? ` · ${plan.area_name}` : ''}`
      : m.anySeat(plan.area_name),
    formatWindow(plan.start_time, plan.end_time),
    `${deskMessages.attendance.columns.expires} ${formatDateDMY(plan.plan_expires_at)}`,
  ];
}

function Answer({ result, timeZone }: { result: AttendanceCheckResult; timeZone: string }) {
  const colour = OUTCOME_COLOURS[result.outcome];
  const name = result.student ? studentName(result.student) : null;
  // The ignored answer's own text says what to do; the outcome's title says what happened.
  const detail = result.outcome === 'ignored' ? m.ignoredDetail : result.message;
  return (
    <Paper
      role="status"
      aria-live="assertive"
      data-outcome={result.outcome}
      data-at={result.at}
      sx={{ bgcolor: colour, color: '#ffffff', p: { xs: 2.5, sm: 3 }, backgroundImage: 'none' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {ICONS[result.outcome]}
        <Box sx={{ minWidth: 0 }}>
          <Typography component="p" sx={{ fontSize: { xs: 28, sm: 40 }, fontWeight: 800, lineHeight: 1.1 }}>
            {m.outcomes[result.outcome]}
          </Typography>
          {name ? (
            <Typography component="p" sx={{ fontSize: { xs: 22, sm: 28 }, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
          ) : null}
        </Box>
        {result.student?.photo_url ? (
          <Avatar
            src={result.student.photo_url}
            alt={name ?? ''}
            sx={{
              width: { xs: 56, sm: 72 },
              height: { xs: 56, sm: 72 },
              ml: 'auto !important',
              border: '3px solid #ffffff',
            }}
          />
        ) : null}
      </Stack>
      <Typography component="p" sx={{ mt: 2, fontSize: { xs: 18, sm: 20 }, fontWeight: 600 }}>
        {detail}
      </Typography>
      {result.outcome !== 'denied'
        ? planLines(result).map((line) => (
            <Typography key={line} component="p" sx={{ fontSize: 18 }}>
              {line}
            </Typography>
          ))
        : null}
      <Typography component="p" variant="body2" sx={{ mt: 1, opacity: 0.9 }}>
        {m.at(formatDateTimeDMY(result.at, timeZone))}
      </Typography>
    </Paper>
  );
}

/** The desk's answer, large and in colour; ready, checking, or why the call failed. */
export function CheckInResult({ state, timeZone }: { state: CheckState; timeZone: string }) {
  if (state.kind === 'answer') return <Answer result={state.result} timeZone={timeZone} />;
  const quiet = { p: 3, minHeight: 140, display: 'flex', alignItems: 'center', gap: 2 } as const;
  if (state.kind === 'failed') {
    return (
      <Paper role="alert" sx={{ ...quiet, border: 2, borderColor: 'error.main' }}>
        <WifiOffRounded color="error" sx={{ fontSize: 40 }} />
        <Typography sx={{ fontSize: 20, fontWeight: 600 }}>{state.message}</Typography>
      </Paper>
    );
  }
  return (
    <Paper role="status" aria-busy={state.kind === 'busy'} sx={quiet}>
      {state.kind === 'busy' ? (
        <CircularProgress size={40} aria-label={m.checking} />
      ) : (
        <QrCodeScannerRounded color="action" sx={{ fontSize: 40 }} />
      )}
      <Typography sx={{ fontSize: 20 }} color="text.secondary">
        {state.kind === 'busy' ? m.checking : m.waiting}
      </Typography>
    </Paper>
  );
}
