import { useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { type Admin, coreMessages } from '@app/shared';
import { useAppSelector } from '@/lib/store/hooks';
import { ProfileEditForm } from './ProfileEditForm';

const m = coreMessages.profile;

function ProfileLine({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 1.25 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {label}
        </Typography>
        <Typography variant="body1" sx={{ wordBreak: 'break-word' }}>
          {value || '—'}
        </Typography>
      </Box>
    </Stack>
  );
}

function ProfileView({ admin }: { admin: Admin }) {
  return (
    <DialogContent sx={{ pt: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Avatar
          src={admin.profileImage ?? undefined}
          sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 24 }}
        >
          {admin.name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" noWrap>
            {admin.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {admin.library.name}
          </Typography>
        </Box>
      </Stack>
      <ProfileLine icon={<PersonOutlined />} label={m.name} value={admin.name} />
      <ProfileLine icon={<EmailOutlined />} label={m.email} value={admin.email} />
      <ProfileLine icon={<PhoneOutlined />} label={m.phone} value={admin.phone} />
    </DialogContent>
  );
}

/** The signed-in admin's profile (SPEC.md §2 Shell): view mode, and Edit Profile toggling to the form. */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const admin = useAppSelector((state) => state.auth.userData);
  const [editing, setEditing] = useState(false);

  const close = () => {
    onClose();
    setEditing(false);
  };

  return (
    <Dialog
      open={open && Boolean(admin)}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="profile-dialog-title"
    >
      <DialogTitle id="profile-dialog-title" sx={{ pr: 6 }}>
        {editing ? m.editProfile : m.title}
      </DialogTitle>
      <IconButton aria-label={m.close} onClick={close} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseRounded />
      </IconButton>
      {admin &&
        (editing ? (
          <ProfileEditForm admin={admin} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />
        ) : (
          <>
            <ProfileView admin={admin} />
            <DialogActions sx={{ px: 3, pb: 2.5 }}>
              <Button variant="contained" startIcon={<EditRounded />} onClick={() => setEditing(true)}>
                {m.editProfile}
              </Button>
            </DialogActions>
          </>
        ))}
    </Dialog>
  );
}
