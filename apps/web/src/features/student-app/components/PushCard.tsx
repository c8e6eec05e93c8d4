import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { studentAppMessages as text } from '@app/shared';
import { usePush } from '../hooks/use-push';

const DISMISSED_KEY = 'student-push-later';

/**
 * Asks for notifications at a moment that explains them: on Home, once the membership shows,
 * with a button (the browser's prompt opens only from that tap). "Not now" hides it on this phone.
 */
export function PushCard() {
  const { state, error, enable } = usePush();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');

  if (state === 'unsupported') return null;
  if (state === 'on') {
    return (
      <Alert severity="success" icon={<NotificationsActiveOutlined />}>
        {text.push.enabled}
      </Alert>
    );
  }
  if (dismissed) return null;
  if (state === 'denied') return <Alert severity="info">{text.push.denied}</Alert>;

  const later = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="student-push-title">
      <CardContent sx={{ pb: 1 }}>
        <Typography id="student-push-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {text.push.title}
        </Typography>
        <Typography color="text.secondary">{text.push.body}</Typography>
        {state === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error ?? text.push.failed}
          </Alert>
        )}
      </CardContent>
      <CardActions
        sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap', ml: 0 } }}
      >
        <Button variant="contained" onClick={() => void enable()} disabled={state === 'busy'}>
          {state === 'busy' ? text.push.enabling : text.push.enable}
        </Button>
        <Button onClick={later} disabled={state === 'busy'}>
          {text.push.later}
        </Button>
      </CardActions>
    </Card>
  );
}
