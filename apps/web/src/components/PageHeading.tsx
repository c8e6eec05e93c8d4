import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A list screen's title (its one h1) with its actions on the right, stacked on a phone. */
export function PageHeading({
  title,
  spacing = 2,
  children,
}: {
  title: string;
  spacing?: number;
  children: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={spacing} sx={{ alignItems: { sm: 'center' } }}>
      <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
