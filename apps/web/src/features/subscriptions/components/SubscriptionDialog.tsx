import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { coreMessages } from '@app/shared';

interface SubscriptionDialogProps {
  open: boolean;
  title: string;
  /** Set while a save is under way: the dialog then stays open until it answers. */
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The frame the three subscription dialogs share: 550 px wide (SPEC.md §2), narrower on a phone. */
export function SubscriptionDialog({ open, title, busy = false, onClose, children }: SubscriptionDialogProps) {
  const titleId = `subscription-dialog-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 550, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/** What a dialog shows while its subscription loads. */
export function DialogLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={coreMessages.common.loading} />
    </Box>
  );
}
