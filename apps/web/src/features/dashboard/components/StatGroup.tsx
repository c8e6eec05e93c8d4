import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface StatGroupProps {
  title: string;
  action?: ReactNode;
  /** How many cards share a row from the small breakpoint up. */
  columns: number;
  children: ReactNode;
}

/** A titled row of StatCards (Student Statistics, Seats Overview, Fee Overview). */
export function StatGroup({ title, action, columns, children }: StatGroupProps) {
  const id = `dashboard-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5, minHeight: 40 }}>
        <Typography id={id} variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(${columns}, minmax(0, 1fr))` },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
