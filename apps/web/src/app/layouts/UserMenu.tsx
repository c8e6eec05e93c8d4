import { useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import { coreMessages } from '@app/shared';
import { useAppSelector } from '@/lib/store/hooks';

interface UserMenuProps {
  onProfile: () => void;
  onLogout: () => void;
}

/** The admin's name in the top bar, opening Profile and Logout (SPEC.md §2 Shell). */
export function UserMenu({ onProfile, onLogout }: UserMenuProps) {
  const admin = useAppSelector((state) => state.auth.userData);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = admin?.name ?? '';

  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        // The name is hidden on phones; the button keeps it as its accessible name.
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : undefined}
        aria-controls={open ? menuId : undefined}
        endIcon={<ExpandMoreRounded />}
        sx={{ textTransform: 'none', letterSpacing: 0, pl: 0.75, borderRadius: 6 }}
      >
        <Avatar
          aria-hidden
          src={admin?.profileImage ?? undefined}
          sx={{ width: 32, height: 32, mr: 1, bgcolor: 'primary.main', fontSize: 15 }}
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'inline' },
            maxWidth: 180,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {name}
        </Box>
      </Button>
      {/* A Popover around the MenuList rather than a Menu: the name and email sit above the
          role="menu" list, which may only hold menu items (axe: aria-required-children). */}
      <Popover
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
          <Typography variant="subtitle2" component="p" noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {admin?.email}
          </Typography>
        </Box>
        <Divider />
        <MenuList
          id={menuId}
          autoFocusItem={open}
          aria-label={coreMessages.shell.accountMenu}
          // Like MUI's Menu: Tab leaves the menu and closes it.
          onKeyDown={(event) => {
            if (event.key === 'Tab') {
              event.preventDefault();
              close();
            }
          }}
        >
          <MenuItem onClick={choose(onProfile)}>
            <ListItemIcon>
              <PersonOutlineRounded fontSize="small" />
            </ListItemIcon>
            {coreMessages.shell.profile}
          </MenuItem>
          <MenuItem onClick={choose(onLogout)}>
            <ListItemIcon>
              <LogoutRounded fontSize="small" />
            </ListItemIcon>
            {coreMessages.shell.logout}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
