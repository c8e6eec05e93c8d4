import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { coreMessages } from '@app/shared';
import { ChartsSkeleton } from './ChartsSkeleton';
import { StatCardSkeleton } from './StatCard';

function GroupSkeleton({ cards }: { cards: number }) {
  return (
    <Box>
      <Skeleton width={180} height={40} sx={{ mb: 1.5 }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: `repeat(${cards}, 1fr)` } }}>
        {Array.from({ length: cards }, (_, index) => (
          <StatCardSkeleton key={index} />
        ))}
      </Box>
    </Box>
  );
}

/** The dashboard's first load: every section in its shape. */
export function DashboardSkeleton() {
  return (
    <Box role="status" aria-label={coreMessages.common.loading} sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' } }}>
        <GroupSkeleton cards={2} />
        <GroupSkeleton cards={3} />
      </Box>
      <GroupSkeleton cards={3} />
      <ChartsSkeleton />
    </Box>
  );
}
