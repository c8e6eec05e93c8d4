import { lazy, useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { WhenOpened } from '@/components/WhenOpened';
import { useAppSelector } from '@/lib/store/hooks';

// Loaded with the menu's first opening (issue 18).
const UserMenuPopup = lazy(() => import('./UserMenuPopup'));

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
      <WhenOpened open={open}>
        <UserMenuPopup
          anchor={anchor}
          open={open}
          onClose={close}
          menuId={menuId}
          name={name}
          email={admin?.email}
          onProfile={choose(onProfile)}
          onLogout={choose(onLogout)}
        />
      </WhenOpened>
    </>
  );
}
