import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface DashboardSectionProps {
  title: string;
  /** Controls on the right of the title (the period selector, a View all link). */
  action?: ReactNode;
  children: ReactNode;
}

/** A titled panel of the dashboard, labelled by its title for assistive technology. */
export function DashboardSection({ title, action, children }: DashboardSectionProps) {
  const id = `dashboard-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, minHeight: 40 }}>
        <Typography id={id} variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
