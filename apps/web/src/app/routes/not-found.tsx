import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { coreMessages } from '@app/shared';

/** Any unknown path (SPEC.md §2). "Back to Home" goes to /login, as the spec says. */
export function NotFoundRoute() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: 'background.default',
        textAlign: 'center',
      }}
    >
      <title>{`${coreMessages.notFound.title} · ${coreMessages.app.name}`}</title>
      <Box sx={{ maxWidth: 480 }}>
        <Box
          sx={{
            mx: 'auto',
            mb: 3,
            width: 88,
            height: 88,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <SearchOffRounded sx={{ fontSize: 44 }} />
        </Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {coreMessages.notFound.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {coreMessages.notFound.description}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {coreMessages.notFound.backToHome}
        </Button>
      </Box>
    </Box>
  );
}
