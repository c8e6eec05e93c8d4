import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Tooltip } from '@/components/Tooltip';
import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PersonOffRounded from '@mui/icons-material/PersonOffRounded';
import SettingsBackupRestoreRounded from '@mui/icons-material/SettingsBackupRestoreRounded';
import { privacyMessages } from '@app/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useCan } from '@/lib/use-can';
import { useGetPrivacySettingsQuery, type StudentExportFormat } from '../api/students-api';
import { useStudentLifecycle } from '../hooks/use-student-lifecycle';

const m = privacyMessages;

/** The student the actions are for: who they are and where they stand (issue 19). */
export interface DataActionsStudent {
  id: string;
  name: string;
  status: 'active' | 'left';
  documents_erased_at: string | null;
}

type Confirming = 'leave' | 'erase' | null;

/** The button of one action: a small icon with its tooltip on the list, a text button on the edit screen. */
function ActionButton({
  variant,
  label,
  studentName,
  icon,
  color,
  disabled,
  onClick,
  menu,
}: {
  variant: 'icons' | 'buttons';
  label: string;
  studentName: string;
  icon: ReactNode;
  color?: 'error';
  disabled: boolean;
  onClick: (anchor: HTMLElement) => void;
  menu?: boolean;
}) {
  if (variant === 'buttons') {
    return (
      <Button
        variant="outlined"
        color={color ?? 'inherit'}
        startIcon={icon}
        disabled={disabled}
        aria-haspopup={menu ? 'menu' : undefined}
        onClick={(event) => onClick(event.currentTarget)}
      >
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      {/* A span keeps the tooltip on a disabled button; the small size keeps the table within a laptop. */}
      <span>
        <IconButton
          aria-label={`${label}: ${studentName}`}
          aria-haspopup={menu ? 'menu' : undefined}
          size="small"
          color={color}
          sx={{ p: 0.5 }}
          disabled={disabled}
          onClick={(event) => onClick(event.currentTarget)}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * A student's data-rights actions (issue 19): Mark as left (or Mark as returned once they
 * left), Download their data (JSON or a readable page; roles with `exports`), Erase
 * documents now (a student who left and still has them; roles with `deletes`). Icon buttons
 * in a list row, text buttons on the edit screen. Leaving and erasing ask first.
 */
export function StudentDataActions({
  student,
  variant,
}: {
  student: DataActionsStudent;
  variant: 'icons' | 'buttons';
}) {
  const lifecycle = useStudentLifecycle();
  const privacy = useGetPrivacySettingsQuery();
  const mayExport = useCan('exports');
  const mayErase = useCan('deletes');
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const busy = lifecycle.isBusy(student.id);
  const left = student.status === 'left';
  const erasable = left && !student.documents_erased_at && mayErase;
  const iconSize = 'small' as const;

  const leaveText = [m.leave.confirmBody, privacy.data ? m.leave.erasureNote(privacy.data.retentionDays) : undefined]
    .filter(Boolean)
    .join(' ');
  const eraseText = [m.erase.confirmBody, privacy.data?.keepLast4 ? m.erase.keepLast4 : undefined]
    .filter(Boolean)
    .join(' ');

  const confirm = async () => {
    const done = confirming === 'leave' ? await lifecycle.leave(student.id) : await lifecycle.erase(student.id);
    if (done) setConfirming(null);
  };
  const download = (format: StudentExportFormat) => {
    setExportAnchor(null);
    void lifecycle.download(student.id, format);
  };

  return (
    <>
      {left ? (
        <ActionButton
          variant={variant}
          label={m.leave.rejoin}
          studentName={student.name}
          icon={<SettingsBackupRestoreRounded fontSize={iconSize} />}
          disabled={busy}
          onClick={() => void lifecycle.rejoin(student.id)}
        />
      ) : (
        <ActionButton
          variant={variant}
          label={m.leave.action}
          studentName={student.name}
          icon={<PersonOffRounded fontSize={iconSize} />}
          disabled={busy}
          onClick={() => setConfirming('leave')}
        />
      )}
      {mayExport ? (
        <ActionButton
          variant={variant}
          label={m.exportData.action}
          studentName={student.name}
          icon={<DownloadRounded fontSize={iconSize} />}
          disabled={busy}
          menu
          onClick={setExportAnchor}
        />
      ) : null}
      {erasable ? (
        <ActionButton
          variant={variant}
          label={m.erase.action}
          studentName={student.name}
          icon={<DeleteForeverRounded fontSize={iconSize} />}
          color="error"
          disabled={busy}
          onClick={() => setConfirming('erase')}
        />
      ) : null}
      <Menu anchorEl={exportAnchor} open={Boolean(exportAnchor)} onClose={() => setExportAnchor(null)}>
        <MenuItem onClick={() => download('json')}>
          <ListItemText>{m.exportData.json}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => download('html')}>
          <ListItemText>{m.exportData.html}</ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'erase' ? m.erase.confirmTitle : m.leave.confirmTitle}
        text={confirming === 'erase' ? eraseText : leaveText}
        confirmLabel={confirming === 'erase' ? m.erase.confirm : m.leave.confirm}
        busy={busy}
        destructive={confirming === 'erase'}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
