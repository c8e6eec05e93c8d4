import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import { coreMessages } from '@app/shared';

/** The product mark; `compact` shows the icon alone (collapsed sidebar). */
export function BrandLogo({ compact = false }: { compact?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          color: 'primary.contrastText',
          background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
        }}
      >
        <MenuBookRounded fontSize="small" />
      </Box>
      {!compact && (
        <Typography variant="subtitle1" component="span" noWrap sx={{ fontWeight: 800, letterSpacing: '-0.01em' }}>
          {coreMessages.app.name}
        </Typography>
      )}
    </Box>
  );
}
