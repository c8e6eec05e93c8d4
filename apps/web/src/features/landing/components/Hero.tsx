import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import { Link as RouterLink } from 'react-router';
import { landingPageMessages, coreMessages } from '@app/shared';
import { ProductPreview } from './ProductPreview';

const copy = landingPageMessages.hero;

export function Hero() {
  return (
    <Box
      component="section"
      sx={{
        pt: { xs: 6, md: 10 },
        pb: { xs: 8, md: 12 },
        background: (t) =>
          `radial-gradient(1200px 500px at 85% -10%, ${alpha(t.palette.secondary.main, 0.14)}, transparent),
           radial-gradient(900px 500px at -10% 10%, ${alpha(t.palette.primary.main, 0.14)}, transparent)`,
      }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 6, md: 8 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="overline" color="secondary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
              {copy.eyebrow}
            </Typography>
            <Typography
              variant="h2"
              component="h1"
              sx={{ fontSize: { xs: '2.3rem', sm: '3rem', md: '3.4rem' }, mt: 1, mb: 2 }}
            >
              {copy.title}
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="text.secondary"
              sx={{ fontWeight: 400, mb: 4, maxWidth: 540 }}
            >
              {copy.text(coreMessages.app.name)}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button
                component={RouterLink}
                to="/login"
                variant="contained"
                size="large"
                endIcon={<ArrowForwardRounded />}
              >
                {coreMessages.landing.startFreeTrial}
              </Button>
              <Button href="#features" variant="outlined" size="large">
                {copy.seeFeatures}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {copy.trialNote}{' '}
              <Box component={RouterLink} to="/login" sx={{ color: 'primary.main', fontWeight: 600 }}>
                {coreMessages.login.title}
              </Box>
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ProductPreview />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
