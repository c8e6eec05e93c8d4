import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';

/** The two chart panels' shape while the figures or the charting code load. */
export function ChartsSkeleton() {
  return (
    <Box aria-hidden sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      {[0, 1].map((panel) => (
        <Paper key={panel} sx={{ p: 2.5 }}>
          <Skeleton width="40%" height={32} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={280} />
        </Paper>
      ))}
    </Box>
  );
}
