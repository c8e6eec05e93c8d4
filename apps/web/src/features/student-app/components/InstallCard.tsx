import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import InstallMobileOutlined from '@mui/icons-material/InstallMobileOutlined';
import { studentAppMessages as text } from '@app/shared';
import { useInstallPrompt } from '../hooks/use-install-prompt';

/** Install to the home screen, when Chrome offers it (its `beforeinstallprompt`). */
export function InstallCard() {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="student-install-title">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
        <InstallMobileOutlined color="primary" fontSize="large" />
        <div style={{ flex: 1 }}>
          <Typography id="student-install-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {text.install.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text.install.body}
          </Typography>
        </div>
        <Button variant="contained" onClick={() => void install()}>
          {text.install.button}
        </Button>
      </CardContent>
    </Card>
  );
}
