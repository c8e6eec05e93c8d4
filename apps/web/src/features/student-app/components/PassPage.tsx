import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { makePassCode, PASS_STEP_SECONDS, passStep, studentAppMessages as text } from '@app/shared';
import { studentApi } from '../api/calls';
import { readStudentSession, updatePassKey } from '../api/session';
import { QrDrawing } from './QrDrawing';

function useTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The entry pass: a QR of the signed code for this 30-second step, made on the phone from the
 * session's pass key (so it works offline), with the seconds until the next one.
 */
export function PassPage() {
  const [session, setSession] = useState(readStudentSession);
  const [code, setCode] = useState<{ step: number; value: string } | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  // The phone's clock corrected by the server's, so the pass's step is the desk's.
  const now = useTick() + (session?.clock_offset_ms ?? 0);
  const step = passStep(now);
  const secondsLeft = PASS_STEP_SECONDS - (Math.floor(now / 1000) % PASS_STEP_SECONDS);

  // Online, the key and the clock are synced again (the phone's clock drifts; the key may be new).
  useEffect(() => {
    let current = true;
    studentApi.passKey().then(
      ({ pass_key, server_time }) => {
        if (!current) return;
        updatePassKey(pass_key, server_time);
        setSession(readStudentSession());
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (!session) return;
    let current = true;
    makePassCode(session.pass_key, session.session_id, step * PASS_STEP_SECONDS * 1000).then(
      (value) => current && setCode({ step, value }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [session, step]);

  const onFail = useCallback(() => setFailed(true), []);
  const name = session ? [session.student.first_name, session.student.last_name].filter(Boolean).join(' ') : '';

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {text.pass.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text.pass.intro}
      </Typography>
      {failed || !session ? (
        <Alert severity="error">{text.pass.failed}</Alert>
      ) : (
        <Card variant="outlined">
          <CardContent sx={{ textAlign: 'center' }}>
            <Typography variant="h6" component="p" sx={{ mb: 2 }}>
              {name}
            </Typography>
            {code ? <QrDrawing value={code.value} label={text.pass.qrLabel(name)} size={280} onFail={onFail} /> : null}
            <Typography sx={{ mt: 2, fontWeight: 600 }} aria-live="off" data-testid="pass-countdown">
              {text.pass.changesIn(secondsLeft)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(secondsLeft / PASS_STEP_SECONDS) * 100}
              aria-hidden
              sx={{ mt: 1, height: 6, borderRadius: 3 }}
            />
            <Chip
              icon={<CloudOffOutlined />}
              label={text.pass.worksOffline}
              size="small"
              variant="outlined"
              sx={{ mt: 2 }}
            />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
