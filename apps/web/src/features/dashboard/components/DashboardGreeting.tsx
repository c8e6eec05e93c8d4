import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { messages } from '@app/shared';

/** The dashboard's greeting (SPEC.md §2 Dashboard); statistics come in a later issue. */
export function DashboardGreeting() {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {messages.dashboard.welcome}
      </Typography>
      <Typography color="text.secondary">{messages.dashboard.subtitle}</Typography>
    </Box>
  );
}
