import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { landingPageMessages, coreMessages } from '@app/shared';
import { BrandLogo } from '@/components/BrandLogo';
import { sections } from '../content';

const copy = landingPageMessages.footer;

export function LandingFooter() {
  return (
    <Box component="footer" sx={{ py: 6, borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Box>
            <BrandLogo />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: 360 }}>
              {copy.tagline}
            </Typography>
          </Box>
          <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {sections().map((section) => (
              <Link key={section.id} href={`#${section.id}`} color="text.secondary" underline="hover">
                {section.label}
              </Link>
            ))}
            <Link component={RouterLink} to="/login" color="text.secondary" underline="hover">
              {coreMessages.login.title}
            </Link>
            <Link component={RouterLink} to="/register" color="text.secondary" underline="hover">
              {copy.register}
            </Link>
          </Stack>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
          {copy.copyright(new Date().getFullYear(), coreMessages.app.name)}
        </Typography>
      </Container>
    </Box>
  );
}
