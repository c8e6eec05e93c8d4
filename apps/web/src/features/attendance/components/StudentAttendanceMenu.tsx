import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Tooltip } from '@/components/Tooltip';
import BadgeRounded from '@mui/icons-material/BadgeRounded';
import EventNoteRounded from '@mui/icons-material/EventNoteRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import { deskMessages } from '@app/shared';
import { IdCardDialog } from './IdCardDialog';
import type { IdCardHolder } from './IdCardView';
import { StudentHistoryDialog } from './StudentHistoryDialog';

const d = deskMessages;

/**
 * A student row's attendance actions, in one small menu so the table keeps its width: Print
 * ID card and Attendance history. Composed into the student list by the app's route.
 */
export function StudentAttendanceMenu({ studentId, holder }: { studentId: string; holder: IdCardHolder }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<'card' | 'history' | null>(null);
  const label = d.studentMenu(holder.name);
  const choose = (next: 'card' | 'history') => {
    setAnchor(null);
    setOpen(next);
  };
  return (
    <>
      <Tooltip title={d.studentMenuTitle}>
        {/* Narrower than the row's other buttons, so the students table still fits a laptop. */}
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          size="small"
          sx={{ p: 0.5 }}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('card')}>
          <ListItemIcon>
            <BadgeRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{d.idCard.open}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => choose('history')}>
          <ListItemIcon>
            <EventNoteRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{d.attendance.history}</ListItemText>
        </MenuItem>
      </Menu>
      {open === 'card' ? <IdCardDialog studentId={studentId} holder={holder} onClose={() => setOpen(null)} /> : null}
      {open === 'history' ? (
        <StudentHistoryDialog studentId={studentId} studentName={holder.name} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
