import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeDMY, studentAppMessages as text, type StudentInbox, type StudentInboxItem } from '@app/shared';
import { studentApi } from '../api/calls';
import { libraryTimeZone } from '../api/library-time-zone';
import { useStudentData } from '../hooks/use-student-data';
import { DataState } from './DataState';

// One of the list sizes every list takes (5, 10, 25, 50).
const PAGE_SIZE = 25;
const firstPage = () => studentApi.inbox(1, PAGE_SIZE);

function Notice({ notice, onRead }: { notice: StudentInboxItem; onRead: (id: string) => void }) {
  const content = (
    <ListItemText
      primary={
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box component="span" sx={{ fontWeight: notice.read ? 400 : 700, flex: 1 }}>
            {notice.title}
          </Box>
          {!notice.read && <Chip size="small" color="primary" label={text.inbox.unread} />}
        </Box>
      }
      secondary={
        <>
          <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line', color: 'text.primary', my: 0.5 }}>
            {notice.body}
          </Box>
          {formatDateTimeDMY(notice.sent_at, libraryTimeZone())}
        </>
      }
    />
  );
  if (notice.read) return <ListItem divider>{content}</ListItem>;
  return (
    <ListItem divider disablePadding>
      <ListItemButton onClick={() => onRead(notice.id)} aria-label={text.inbox.markReadOf(notice.title)}>
        {content}
      </ListItemButton>
    </ListItem>
  );
}

function Inbox({ inbox, onChange }: { inbox: StudentInbox; onChange: (inbox: StudentInbox) => void }) {
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const markRead = async (id: string) => {
    setError(undefined);
    try {
      const { unread_count } = await studentApi.markRead(id);
      const now = new Date().toISOString();
      onChange({
        ...inbox,
        unread_count,
        notifications: inbox.notifications.map((n) => (n.id === id ? { ...n, read: true, read_at: now } : n)),
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : text.inbox.markFailed);
    }
  };
  const markAllRead = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { unread_count } = await studentApi.markAllRead();
      const now = new Date().toISOString();
      onChange({
        ...inbox,
        unread_count,
        notifications: inbox.notifications.map((n) => (n.read ? n : { ...n, read: true, read_at: now })),
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : text.inbox.markFailed);
    } finally {
      setBusy(false);
    }
  };
  const showOlder = async () => {
    const next = inbox.pagination.nextPage;
    if (!next) return;
    setBusy(true);
    setError(undefined);
    try {
      const page = await studentApi.inbox(next, PAGE_SIZE);
      onChange({ ...page, notifications: [...inbox.notifications, ...page.notifications] });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : text.fetchFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {text.inbox.title}
        </Typography>
        {inbox.unread_count > 0 && (
          <>
            <Chip color="primary" label={text.inbox.unreadCount(inbox.unread_count)} />
            <Button size="small" onClick={() => void markAllRead()} disabled={busy}>
              {text.inbox.markAllRead}
            </Button>
          </>
        )}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {inbox.notifications.length === 0 ? (
        <Typography color="text.secondary">{text.inbox.empty}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {inbox.notifications.map((notice) => (
              <Notice key={notice.id} notice={notice} onRead={(id) => void markRead(id)} />
            ))}
          </List>
        </Paper>
      )}
      {inbox.pagination.hasNextPage && (
        <Button onClick={() => void showOlder()} disabled={busy}>
          {text.inbox.more}
        </Button>
      )}
    </Stack>
  );
}

/** Inbox: the notices the library sent this student, newest first; tapping an unread one marks it read. */
export function InboxPage() {
  const inbox = useStudentData('inbox', firstPage);
  return <DataState state={inbox}>{(data) => <Inbox inbox={data} onChange={inbox.replace} />}</DataState>;
}
