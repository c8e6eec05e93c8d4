import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '@/components/Tooltip';
import PhonelinkRingRounded from '@mui/icons-material/PhonelinkRingRounded';
import { notificationMessages } from '@app/shared';
import { PairingCodeDialog } from './PairingCodeDialog';

const p = notificationMessages.pairing;

/** A row action for the student list: opens the pairing dialog for that student. */
export function PairingCodeButton({ studentId, studentName }: { studentId: string; studentName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={p.open}>
        <IconButton aria-label={`${p.open}: ${studentName}`} onClick={() => setOpen(true)}>
          <PhonelinkRingRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      {open ? (
        <PairingCodeDialog open studentId={studentId} studentName={studentName} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
