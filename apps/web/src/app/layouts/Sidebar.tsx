import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { NavLink, useMatch } from 'react-router';
import { can, SIDEBAR_WIDTH, coreMessages } from '@app/shared';
import { BrandLogo } from '@/components/BrandLogo';
import { useAppSelector } from '@/lib/store/hooks';
import { NAV_ITEMS, type NavItem } from './nav-items';

function SidebarLink({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  const active = Boolean(useMatch({ path: item.to, end: false }));
  const button = (
    <ListItemButton
      component={NavLink}
      to={item.to}
      selected={active}
      onClick={onNavigate}
      aria-label={collapsed ? item.label : undefined}
      sx={{
        // 42 px (the text's 24 and 4 + 4 px of its margins, 5 px above and below): thirteen links and
        // the library card fit a 1280×800 laptop's window.
        minHeight: 42,
        py: 0.625,
        mx: 1.5,
        mb: 0.5,
        px: collapsed ? 0 : 1.5,
        borderRadius: 2,
        justifyContent: collapsed ? 'center' : 'flex-start',
        color: 'text.secondary',
        '& .MuiListItemIcon-root': { color: 'inherit', minWidth: collapsed ? 0 : 40, justifyContent: 'center' },
        '&.Mui-selected': {
          color: 'primary.main',
          bgcolor: (t) => alpha(t.palette.primary.main, t.palette.mode === 'dark' ? 0.16 : 0.1),
          '& .MuiListItemText-primary': { fontWeight: 700 },
        },
        '&.Mui-selected:hover': { bgcolor: (t) => alpha(t.palette.primary.main, 0.18) },
      }}
    >
      <ListItemIcon>{item.icon}</ListItemIcon>
      {!collapsed && <ListItemText primary={item.label} />}
    </ListItemButton>
  );
  // Icons alone need their names on hover once the sidebar is collapsed.
  return collapsed ? (
    <Tooltip title={item.label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const libraryName = useAppSelector((state) => state.auth.userData?.library.name);
  const role = useAppSelector((state) => state.auth.userData?.role);
  return (
    // One landmark for the whole sidebar, so the brand and the library card are inside it too.
    <Box
      component="nav"
      aria-label={coreMessages.shell.navigation}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Toolbar sx={{ px: collapsed ? 0 : 2.5, justifyContent: collapsed ? 'center' : 'flex-start' }}>
        <BrandLogo compact={collapsed} />
      </Toolbar>
      <List component="div" sx={{ pt: 1.5, flex: 1 }}>
        {NAV_ITEMS.filter((item) => !item.ability || can(role, item.ability)).map((item) => (
          <SidebarLink key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
      </List>
      {!collapsed && libraryName && (
        <Box sx={{ m: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {coreMessages.shell.libraryCaption}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={libraryName}>
            {libraryName}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

interface SidebarProps {
  /** Wide screens: a permanent drawer, 280px or 80px. */
  permanent: boolean;
  collapsed: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/** The shell's sidebar (SPEC.md §2): permanent and collapsible on wide screens, temporary on narrow ones. */
export function Sidebar({ permanent, collapsed, mobileOpen, onMobileClose }: SidebarProps) {
  if (!permanent) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        // The temporary drawer is a modal dialog, which needs a name.
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH.expanded }, 'aria-label': coreMessages.shell.navigation } }}
        // Mounted only while open (issue 18): kept mounted, its links and the slide's measuring
        // (a forced layout) were a fifth of a phone's first commit of the shell.
        ModalProps={{ keepMounted: false }}
      >
        <SidebarContent collapsed={false} onNavigate={onMobileClose} />
      </Drawer>
    );
  }

  const width = collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded;
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
      }}
      slotProps={{
        paper: {
          sx: {
            width,
            overflowX: 'hidden',
            transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
          },
        },
      }}
    >
      <SidebarContent collapsed={collapsed} />
    </Drawer>
  );
}
