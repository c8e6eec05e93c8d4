import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CancelRounded from '@mui/icons-material/CancelRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import { type KycStatus, studentMessages } from '@app/shared';
import { useCan } from '@/lib/use-can';

const m = studentMessages;

/** Pending, Verified, or anything else Unverified (SPEC.md §3 Student). */
function kycLook(status: string): { label: string; color: 'warning' | 'success' | 'error' } {
  if (status === 'verified') return { label: m.kyc.verified, color: 'success' };
  if (status === 'pending') return { label: m.kyc.pending, color: 'warning' };
  return { label: m.kyc.unverified, color: 'error' };
}

const CHOICES: { status: KycStatus; label: string; icon: ReactNode }[] = [
  { status: 'verified', label: m.markVerified, icon: <VerifiedRounded fontSize="small" color="success" /> },
  { status: 'rejected', label: m.markRejected, icon: <CancelRounded fontSize="small" color="error" /> },
  { status: 'pending', label: m.markPending, icon: <HourglassEmptyRounded fontSize="small" color="warning" /> },
];

interface KycStatusChipProps {
  status: string;
  studentName: string;
  busy: boolean;
  onChange: (status: KycStatus) => void;
}

/** The Verified column: the KYC chip, which opens a small menu to change the status. */
export function KycStatusChip({ status, studentName, busy, onChange }: KycStatusChipProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const look = kycLook(status);
  // Issue 16: reviewing identity (KYC) is not the desk's; they see the status only.
  const mayReview = useCan('students.identity');
  if (!mayReview) {
    return <Chip size="small" variant="outlined" color={look.color} label={look.label} sx={{ fontWeight: 600 }} />;
  }
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        color={look.color}
        label={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
            {look.label}
            <ExpandMoreRounded sx={{ fontSize: 16, mr: -0.5 }} aria-hidden />
          </Box>
        }
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy}
        aria-haspopup="menu"
        aria-label={`${m.kycMenu}: ${studentName}, ${look.label}`}
        sx={{ fontWeight: 600 }}
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {CHOICES.map((choice) => (
          <MenuItem
            key={choice.status}
            disabled={choice.status === status}
            onClick={() => {
              setAnchor(null);
              onChange(choice.status);
            }}
          >
            <ListItemIcon>{choice.icon}</ListItemIcon>
            <ListItemText>{choice.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
