import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { landingPageMessages } from '@app/shared';
import { stats } from '../content';

export function StatsStrip() {
  return (
    <Box
      component="section"
      aria-label={landingPageMessages.stats.label}
      sx={{ borderBlock: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 5 }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={3}>
          {stats().map((stat) => (
            <Grid key={stat.label} size={{ xs: 6, md: 3 }} sx={{ textAlign: 'center' }}>
              <Typography variant="h4" component="p" color="primary">
                {stat.value}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {stat.label}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
