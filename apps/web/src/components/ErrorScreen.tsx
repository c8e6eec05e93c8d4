import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { coreMessages } from '@app/shared';

interface ErrorScreenProps {
  /** A more specific line under the title (e.g. the server's message); optional. */
  detail?: string;
  /** What REFRESH PAGE does; reloads the page unless a screen can retry its own call. */
  onRefresh?: () => void;
}

/** The screen a list shows when it cannot load (SPEC.md §2): title, REFRESH PAGE, support line. */
export function ErrorScreen({ detail, onRefresh }: ErrorScreenProps) {
  const m = coreMessages.errorScreen;
  return (
    <Box
      role="alert"
      sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', gap: 1.5, py: { xs: 6, sm: 10 }, px: 2 }}
    >
      <ErrorOutlineRounded color="error" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h5" component="h2">
        {m.title}
      </Typography>
      {detail ? (
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {detail}
        </Typography>
      ) : null}
      <Button variant="contained" onClick={onRefresh ?? (() => window.location.reload())} sx={{ mt: 1 }}>
        {m.refresh}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {m.support}
      </Typography>
    </Box>
  );
}
