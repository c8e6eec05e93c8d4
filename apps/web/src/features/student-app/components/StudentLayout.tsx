import { useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import LocalLibraryOutlined from '@mui/icons-material/LocalLibraryOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useColorScheme } from '@mui/material/styles';
import { studentAppMessages as text, type StudentInbox } from '@app/shared';
import { studentApi } from '../api/calls';
import { readSavedData, saveData, subscribeSavedData } from '../api/last-data';
import { readStudentSession } from '../api/session';
import { STUDENT_HOME } from '../service-worker/register';
import { useOnline } from '../hooks/use-online';
import { useThemeChoice } from './StudentTheme';
import { SignOutDialog } from './SignOutDialog';
import { StudentLanguageSwitch } from './StudentLanguageSwitch';

/** The app's one column: a phone's width and a little more; wider screens centre it. */
const COLUMN = 640;

const TABS = [
  { to: STUDENT_HOME, label: text.nav.home, icon: <HomeOutlined /> },
  { to: '/student/pass', label: text.nav.pass, icon: <QrCode2 /> },
  { to: '/student/payments', label: text.nav.payments, icon: <ReceiptLongOutlined /> },
  { to: '/student/inbox', label: text.nav.inbox, icon: <MailOutlined /> },
  { to: '/student/library', label: text.nav.library, icon: <LocalLibraryOutlined /> },
];

function currentTab(pathname: string): string | false {
  return TABS.find((tab) => tab.to === pathname)?.to ?? false;
}

function ThemeToggle() {
  const { setMode } = useThemeChoice();
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  const label = dark ? text.theme.toLight : text.theme.toDark;
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => setMode(dark ? 'light' : 'dark')}>
        {dark ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}

const INBOX = '/student/inbox';
const unreadCount = () => readSavedData<StudentInbox>('inbox')?.data.unread_count ?? 0;

/** Unread notices, from the saved inbox: fetched once as the app opens, then as the inbox changes it. */
function useUnreadCount(): number {
  useEffect(() => {
    studentApi.inbox().then(
      (inbox) => saveData('inbox', inbox),
      () => undefined,
    );
  }, []);
  return useSyncExternalStore(subscribeSavedData, unreadCount);
}

/** The signed-in student's frame: the library's name on top, the five screens at the bottom (phone-first). */
export function StudentLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const online = useOnline();
  const unread = useUnreadCount();
  const [signingOut, setSigningOut] = useState(false);
  const [languageError, setLanguageError] = useState<string | undefined>(undefined);
  const libraryName = readStudentSession()?.library.name ?? text.appName;

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1, width: '100%', maxWidth: COLUMN, mx: 'auto' }}>
          <Typography component="p" variant="h6" noWrap sx={{ flex: 1, fontSize: '1.1rem', color: 'primary.main' }}>
            {libraryName}
          </Typography>
          <StudentLanguageSwitch onError={setLanguageError} />
          <ThemeToggle />
          <Tooltip title={text.signOut.button}>
            <IconButton aria-label={text.signOut.button} onClick={() => setSigningOut(true)}>
              <LogoutOutlined />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      {languageError && (
        <Alert severity="error" square onClose={() => setLanguageError(undefined)}>
          {languageError}
        </Alert>
      )}
      {!online && (
        <Alert severity="info" variant="filled" square sx={{ py: 0 }}>
          {text.offline}
        </Alert>
      )}
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: COLUMN, mx: 'auto', px: 2, pt: 2, pb: 11 }}>
        <Outlet />
      </Box>
      <Paper
        component="nav"
        aria-label={text.nav.label}
        elevation={8}
        square
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, pb: 'env(safe-area-inset-bottom)', zIndex: 2 }}
      >
        <BottomNavigation
          showLabels
          value={currentTab(pathname)}
          onChange={(_event, to: string) => void navigate(to)}
          sx={{ maxWidth: COLUMN, mx: 'auto', bgcolor: 'transparent' }}
        >
          {TABS.map((tab) => (
            <BottomNavigationAction
              key={tab.to}
              value={tab.to}
              label={tab.label}
              icon={
                tab.to === INBOX && unread > 0 ? (
                  <Badge badgeContent={unread} color="error" max={99}>
                    {tab.icon}
                  </Badge>
                ) : (
                  tab.icon
                )
              }
              sx={{ minWidth: 0, px: 0.5 }}
            />
          ))}
        </BottomNavigation>
      </Paper>
      <SignOutDialog open={signingOut} onClose={() => setSigningOut(false)} />
    </Box>
  );
}
