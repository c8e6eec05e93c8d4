import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SmartphoneRounded from '@mui/icons-material/SmartphoneRounded';
import { formatDateTimeDMY, type StudentSessionRecord, deskMessages } from '@app/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';

const d = deskMessages.pairing;

interface SignedInPhonesProps {
  sessions: StudentSessionRecord[] | undefined;
  timeZone: string;
  busy: boolean;
  /** Resolves true once the phone is unpaired. */
  onUnpair?: (sessionId: string) => Promise<boolean>;
}

/** The phones signed in to the student app, each with Unpair (after a question). */
export function SignedInPhones({ sessions, timeZone, busy, onUnpair }: SignedInPhonesProps) {
  // The session asked about stays while the question closes, so its text does not blank.
  const [asked, setAsked] = useState<{ session: StudentSessionRecord; open: boolean } | null>(null);
  if (!sessions) return null;

  const confirm = async () => {
    if (asked && onUnpair && (await onUnpair(asked.session.id))) setAsked({ ...asked, open: false });
  };
  const label = (session: StudentSessionRecord) => session.device_label || d.unknownDevice;

  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="h3">
        {d.sessions}
      </Typography>
      {sessions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {d.sessionNone}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={d.sessions}>
          {sessions.map((session) => (
            <ListItem
              key={session.id}
              disableGutters
              secondaryAction={
                onUnpair && (
                  <Button
                    size="small"
                    color="error"
                    aria-label={d.unpairLabel(label(session))}
                    disabled={busy}
                    onClick={() => setAsked({ session, open: true })}
                  >
                    {d.unpair}
                  </Button>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <SmartphoneRounded />
              </ListItemIcon>
              <ListItemText
                primary={label(session)}
                secondary={`${d.signedIn(formatDateTimeDMY(session.created_at, timeZone))} · ${d.lastSeen(
                  formatDateTimeDMY(session.last_seen_at, timeZone),
                )}`}
                sx={{ pr: 9 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={asked?.open ?? false}
        title={d.unpairTitle}
        text={asked ? d.unpairConfirm(label(asked.session)) : ''}
        confirmLabel={d.unpair}
        busyLabel={d.unpairing}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setAsked((current) => (current ? { ...current, open: false } : null))}
      />
    </Stack>
  );
}
