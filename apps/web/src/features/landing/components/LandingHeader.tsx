import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink } from 'react-router';
import { coreMessages } from '@app/shared';
import { BrandLogo } from '@/components/BrandLogo';
import { sections } from '../content';
import { LandingLanguage } from './LandingLanguage';

export function LandingHeader() {
  return (
    <AppBar position="sticky">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <Box
            component={RouterLink}
            to="/"
            sx={{ color: 'text.primary', textDecoration: 'none', mr: 'auto', minWidth: 0 }}
          >
            <BrandLogo />
          </Box>
          <Box component="nav" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, mr: 2 }}>
            {sections().map((section) => (
              <Button
                key={section.id}
                href={`#${section.id}`}
                color="inherit"
                sx={{ textTransform: 'none', letterSpacing: 0, fontWeight: 500 }}
              >
                {section.label}
              </Button>
            ))}
          </Box>
          <LandingLanguage />
          <Button
            component={RouterLink}
            to="/login"
            color="inherit"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            {coreMessages.login.title}
          </Button>
          <Button
            component={RouterLink}
            to="/login"
            variant="contained"
            sx={{
              whiteSpace: 'nowrap',
              flexShrink: 0,
              px: { xs: 1.5, sm: 2 },
              fontSize: { xs: '0.75rem', sm: '0.875rem' },
            }}
          >
            {coreMessages.landing.startFreeTrial}
          </Button>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
