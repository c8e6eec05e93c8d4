import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import PhoneAndroidRounded from '@mui/icons-material/PhoneAndroidRounded';
import PhoneIphoneRounded from '@mui/icons-material/PhoneIphoneRounded';
import WebRounded from '@mui/icons-material/WebRounded';
import { formatDateTimeDMY, type StudentDevice, coreMessages, notificationMessages } from '@app/shared';

const p = notificationMessages.pairing;
const ICONS = { android: <PhoneAndroidRounded />, ios: <PhoneIphoneRounded />, web: <WebRounded /> };

interface PairedDevicesProps {
  devices: StudentDevice[] | undefined;
  loading: boolean;
  failed: boolean;
  timeZone: string;
  unpairingId?: string;
  onRetry: () => void;
  /** Absent when the role may not unpair (issue 16: a delete): no button. */
  onUnpair?: (deviceId: string) => void;
}

/** The phones that receive this student's notifications, each with an unpair button. */
export function PairedDevices({
  devices,
  loading,
  failed,
  timeZone,
  unpairingId,
  onRetry,
  onUnpair,
}: PairedDevicesProps) {
  if (failed) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {p.retry}
          </Button>
        }
      >
        {p.devicesFailed}
      </Alert>
    );
  }
  if (loading || !devices) {
    return (
      <Stack spacing={1} aria-busy aria-label={coreMessages.common.loading}>
        <Skeleton width="40%" />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    );
  }
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        {p.devices(devices.length)}
      </Typography>
      {devices.length > 0 ? (
        <List dense disablePadding aria-label={p.pairedPhones}>
          {devices.map((device) => {
            const platform = p.platforms[device.platform];
            return (
              <ListItem
                key={device.id}
                disableGutters
                secondaryAction={
                  onUnpair && (
                    <Tooltip title={p.remove}>
                      <span>
                        <IconButton
                          edge="end"
                          aria-label={p.removeLabel(platform)}
                          disabled={unpairingId !== undefined}
                          onClick={() => onUnpair(device.id)}
                        >
                          {unpairingId === device.id ? (
                            <CircularProgress size={18} />
                          ) : (
                            <LinkOffRounded fontSize="small" />
                          )}
                        </IconButton>
                      </span>
                    </Tooltip>
                  )
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>{ICONS[device.platform]}</ListItemIcon>
                <ListItemText
                  primary={platform}
                  secondary={p.lastSeen(formatDateTimeDMY(device.last_seen_at, timeZone))}
                />
              </ListItem>
            );
          })}
        </List>
      ) : null}
    </Stack>
  );
}
