import { lazy, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuRounded from '@mui/icons-material/MenuRounded';
import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded';
import { Outlet } from 'react-router';
import { coreMessages, notificationMessages } from '@app/shared';
import { useMeQuery } from '@/features/auth/api/auth-api';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { WhenOpened } from '@/components/WhenOpened';
import { useAppSelector } from '@/lib/store/hooks';
import { useCan } from '@/lib/use-can';
import { AdminLanguageSwitch, useAdoptAdminLanguage } from './AdminLanguageSwitch';
import { Sidebar } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

// Loaded when opened (issue 18): their forms, schemas and fields are not the first paint's.
const NotificationDialog = lazy(() =>
  import('@/features/notifications/components/NotificationDialog').then((m) => ({ default: m.NotificationDialog })),
);
const ProfileDialog = lazy(() =>
  import('@/features/profile/components/ProfileDialog').then((m) => ({ default: m.ProfileDialog })),
);

type OpenDialog = 'profile' | 'notification' | null;

/** The signed-in frame (SPEC.md §2 Shell): sidebar, top bar, and the screen in between. */
export function AppShell() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const libraryName = useAppSelector((state) => state.auth.userData?.library.name);
  const { signOut } = useLogout();
  // Issue 16: a notification to every student is not the desk's to send.
  const mayNotify = useCan('notifications.send');
  // The stored session is only a claim: ask the server once per visit, so a
  // revoked or tampered token ends on /login through the one 401 handler.
  // Its answer also carries the person's language, which this device adopts (issue 20).
  const { data: me } = useMeQuery();
  useAdoptAdminLanguage(me?.data);

  const toggleMenu = () => (wide ? setCollapsed((value) => !value) : setMobileOpen((value) => !value));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Sidebar
        permanent={wide}
        collapsed={collapsed}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky">
          <Toolbar sx={{ gap: 1 }}>
            <IconButton edge="start" aria-label={coreMessages.shell.toggleMenu} onClick={toggleMenu}>
              <MenuRounded />
            </IconButton>
            <Typography variant="subtitle1" noWrap sx={{ flex: 1, fontWeight: 600, color: 'text.secondary' }}>
              {libraryName}
            </Typography>
            <AdminLanguageSwitch />
            <ThemeToggle />
            {mayNotify ? (
              <Tooltip title={notificationMessages.title}>
                <IconButton aria-label={coreMessages.shell.sendNotification} onClick={() => setDialog('notification')}>
                  <NotificationsActiveRounded />
                </IconButton>
              </Tooltip>
            ) : null}
            <UserMenu onProfile={() => setDialog('profile')} onLogout={() => void signOut()} />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3, lg: 4 } }}>
          <Outlet />
        </Box>
      </Box>
      <WhenOpened open={dialog === 'profile'}>
        <ProfileDialog open={dialog === 'profile'} onClose={() => setDialog(null)} />
      </WhenOpened>
      <WhenOpened open={dialog === 'notification'}>
        <NotificationDialog open={dialog === 'notification'} onClose={() => setDialog(null)} />
      </WhenOpened>
    </Box>
  );
}
