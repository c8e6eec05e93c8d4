import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { Link as RouterLink } from 'react-router';
import { AdminLanguageSwitch } from '@/app/layouts/AdminLanguageSwitch';
import { coreMessages } from '@app/shared';
import { BrandLogo } from '@/components/BrandLogo';

const panel = coreMessages.authPanel;

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Wider card for the registration form. */
  wide?: boolean;
}

/** Sign-in and registration share this frame: a brand panel on wide screens and the form card. */
export function AuthLayout({ title, subtitle, children, wide = false }: AuthLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: { md: 380, lg: 440 },
          flexShrink: 0,
          p: 5,
          color: '#fff',
          background: 'linear-gradient(160deg, #283593 0%, #3949ab 55%, #00796b 130%)',
          position: 'sticky',
          top: 0,
          height: '100vh',
        }}
      >
        <Box
          component={RouterLink}
          to="/"
          sx={{ color: 'inherit', textDecoration: 'none', '& .MuiBox-root': { color: '#fff' } }}
        >
          <BrandLogo />
        </Box>
        <Box>
          <Typography variant="h4" component="p" sx={{ mb: 2, lineHeight: 1.25 }}>
            {panel.headline}
          </Typography>
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {Object.values(panel.highlights).map((line) => (
              <Stack key={line} component="li" direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
                <CheckCircleRounded fontSize="small" sx={{ color: '#80cbc4' }} />
                <Typography variant="body1" sx={{ opacity: 0.92 }}>
                  {line}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.85 }}>
          {panel.trusted}
        </Typography>
      </Box>

      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
          pt: { xs: 7, sm: 8 },
          position: 'relative',
        }}
      >
        <Box sx={{ position: 'absolute', top: { xs: 12, sm: 16 }, right: { xs: 12, sm: 16 } }}>
          <AdminLanguageSwitch />
        </Box>
        <Box sx={{ width: '100%', maxWidth: wide ? 760 : 440 }}>
          <Box
            component={RouterLink}
            to="/"
            sx={{
              display: { xs: 'flex', md: 'none' },
              width: 'fit-content',
              mb: 3,
              color: 'text.primary',
              textDecoration: 'none',
            }}
          >
            <BrandLogo />
          </Box>
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
            {children}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
