import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SectionTitle, sectionHeadingId } from './DashboardSection';

interface StatGroupProps {
  title: string;
  action?: ReactNode;
  /** How many cards share a row from the small breakpoint up. */
  columns: number;
  children: ReactNode;
}

/** A titled row of StatCards (Student Statistics, Seats Overview, Fee Overview). */
export function StatGroup({ title, action, columns, children }: StatGroupProps) {
  return (
    // Fills its grid cell, so the cards of groups side by side are as tall as the tallest.
    <Box
      component="section"
      aria-labelledby={sectionHeadingId(title)}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <SectionTitle title={title} action={action} gap={1.5} />
      <Box
        sx={{
          flex: 1,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`,
            sm: `repeat(${columns}, minmax(0, 1fr))`,
          },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
