import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DateRangeRounded from '@mui/icons-material/DateRangeRounded';
import { dashboardMessages } from '@app/shared';

/**
 * The dashboard's greeting and its Select Date Range button, which the spec gives no
 * behaviour: the Fee Overview's period selector is what changes the figures.
 */
export function DashboardGreeting() {
  return (
    <Stack component="header" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Box sx={{ flex: 1 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {dashboardMessages.welcome}
        </Typography>
        <Typography color="text.secondary">{dashboardMessages.subtitle}</Typography>
      </Box>
      <Button
        variant="outlined"
        startIcon={<DateRangeRounded />}
        sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        {dashboardMessages.selectDateRange}
      </Button>
    </Stack>
  );
}
