import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A screen's title (its one h1), with a line under it when given, and its actions on the
 * right, stacked on a phone.
 */
export function PageHeading({
  title,
  subtitle,
  spacing = 2,
  children,
}: {
  title: string;
  subtitle?: string;
  spacing?: number;
  children?: ReactNode;
}) {
  const heading = (
    <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
      {title}
    </Typography>
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={spacing} sx={{ alignItems: { sm: 'center' } }}>
      {subtitle ? (
        <Box sx={{ flex: 1 }}>
          {heading}
          <Typography color="text.secondary">{subtitle}</Typography>
        </Box>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}
