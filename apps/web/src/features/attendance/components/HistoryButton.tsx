import IconButton from '@mui/material/IconButton';
import { Tooltip } from '@/components/Tooltip';
import EventNoteRounded from '@mui/icons-material/EventNoteRounded';
import { deskMessages } from '@app/shared';

const a = deskMessages.attendance;

/** A row's action opening the student's attendance history. */
export function HistoryButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Tooltip title={a.history}>
      <IconButton aria-label={`${a.history}: ${name}`} onClick={onClick}>
        <EventNoteRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
