import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The id a dashboard section's heading has, for the section's aria-labelledby. */
export const sectionHeadingId = (title: string) => `dashboard-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A dashboard section's heading row: the title, and controls on its right. */
export function SectionTitle({ title, action, gap }: { title: string; action?: ReactNode; gap: number }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: gap, minHeight: 40 }}>
      <Typography id={sectionHeadingId(title)} variant="h6" component="h2" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {action}
    </Stack>
  );
}

interface DashboardSectionProps {
  title: string;
  /** Controls on the right of the title (the period selector, a View all link). */
  action?: ReactNode;
  children: ReactNode;
}

/** A titled panel of the dashboard, labelled by its title for assistive technology. */
export function DashboardSection({ title, action, children }: DashboardSectionProps) {
  return (
    <Paper component="section" aria-labelledby={sectionHeadingId(title)} sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }}>
      <SectionTitle title={title} action={action} gap={2} />
      {children}
    </Paper>
  );
}
