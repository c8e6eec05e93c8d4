import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import { coreMessages } from '@app/shared';

interface UserMenuPopupProps {
  anchor: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  menuId: string;
  name: string;
  email: string | undefined;
  onProfile: () => void;
  onLogout: () => void;
}

/**
 * The account menu's popup (UserMenu), loaded with its first opening (issue 18): MUI's Popover
 * with its Modal and focus trap, and the menu list, are not the first paint's. A Popover around
 * the MenuList rather than a Menu: the name and email sit above the role="menu" list, which may
 * only hold menu items (axe: aria-required-children).
 */
export default function UserMenuPopup({
  anchor,
  open,
  onClose,
  menuId,
  name,
  email,
  onProfile,
  onLogout,
}: UserMenuPopupProps) {
  return (
    <Popover
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
    >
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Typography variant="subtitle2" component="p" noWrap>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {email}
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
            onClose();
          }
        }}
      >
        <MenuItem onClick={onProfile}>
          <ListItemIcon>
            <PersonOutlineRounded fontSize="small" />
          </ListItemIcon>
          {coreMessages.shell.profile}
        </MenuItem>
        <MenuItem onClick={onLogout}>
          <ListItemIcon>
            <LogoutRounded fontSize="small" />
          </ListItemIcon>
          {coreMessages.shell.logout}
        </MenuItem>
      </MenuList>
    </Popover>
  );
}
