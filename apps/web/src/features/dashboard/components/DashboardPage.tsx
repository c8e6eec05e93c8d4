import { lazy, memo, Suspense, useDeferredValue } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { DashboardData, DashboardPeriod } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useDashboard } from '../hooks/use-dashboard';
import { ChartsSkeleton } from './ChartsSkeleton';
import { DashboardGreeting } from './DashboardGreeting';
import { DashboardSkeleton } from './DashboardSkeleton';
import { DuesOutstanding } from './DuesOutstanding';
import { InsideNowCard } from './InsideNowCard';
import { FeeOverview } from './FeeOverview';
import { MonthProfit } from './MonthProfit';
import { RecentTransactions } from './RecentTransactions';
import { StatisticsOverview } from './StatisticsOverview';
import { SubscriptionPlans } from './SubscriptionPlans';
import { TopContentList } from './TopContentList';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

interface DashboardFiguresProps {
  /** Today's figures (students, seats, recent fees, plans), possibly of the previous period. */
  data: DashboardData;
  /** The shown period's figures; undefined while they load. */
  periodData: DashboardData | undefined;
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
  timeZone: string;
}

/**
 * The figures under the greeting. Memoized (issue 18): the page re-renders on every store update
 * its calls make (each card's call, a refetch), each one a synchronous render on a slow phone; the
 * figures render again only when their own data, the period or the time zone change.
 */
const DashboardFigures = memo(function DashboardFigures({
  data,
  periodData,
  period,
  onPeriodChange,
  timeZone,
}: DashboardFiguresProps) {
  // The charts sit below the figures: their code (MUI X Charts, about 90 kB) loads as they come near the viewport.
  const [chartsRef, chartsNear] = useNearViewport<HTMLDivElement>();
  return (
    <>
      <StatisticsOverview student={data.student} seat={data.seat} />
      {/* Fee Overview on its own row, then Dues, this month's profit and who is inside now side by
          side (on a small tablet Inside now takes the row under the two). */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
        <Box sx={{ gridColumn: { sm: '1 / -1' }, display: 'flex', '& > section': { flex: 1 } }}>
          <FeeOverview period={period} onPeriodChange={onPeriodChange} revenue={periodData?.revenue} />
        </Box>
        <DuesOutstanding />
        <MonthProfit />
        <Box sx={{ gridColumn: { sm: '1 / -1', md: 'auto' }, display: 'flex', '& > section': { flex: 1 } }}>
          <InsideNowCard />
        </Box>
      </Box>
      <div ref={chartsRef}>
        {periodData && chartsNear ? (
          <Suspense fallback={<ChartsSkeleton />}>
            <DashboardCharts data={periodData} />
          </Suspense>
        ) : (
          <ChartsSkeleton />
        )}
      </div>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
        <TopContentList items={periodData?.topContent} />
        <SubscriptionPlans plans={data.subscriptionStats} />
      </Box>
      <RecentTransactions transactions={data.recentTransactions} timeZone={timeZone} />
    </>
  );
});

/**
 * Dashboard (SPEC.md §2). Today's figures (students, seats, recent fees, plans) stay
 * on screen while another period loads; the period's own figures show skeletons.
 */
export function DashboardPage() {
  const dashboard = useDashboard();
  const timeZone = useLibraryTimeZone();
  // The figures are drawn in a deferred render, which React may slice and interrupt, rather than
  // in the store's urgent update as they arrive, and never in the screen's first render, which
  // shows the greeting and skeletons (issue 18: on a phone each was one long task, and the first
  // paint waited for the figures when they came early, lib/early-requests).
  const data = useDeferredValue(dashboard.data ?? null, null) ?? undefined;
  const periodData = useDeferredValue(dashboard.periodData ?? null, null) ?? undefined;

  return (
    <Stack spacing={3}>
      <DashboardGreeting />
      {dashboard.failure ? (
        <Paper>
          <ErrorScreen detail={dashboard.failure} onRefresh={() => void dashboard.refetch()} />
        </Paper>
      ) : !data ? (
        <DashboardSkeleton />
      ) : (
        <DashboardFigures
          data={data}
          periodData={periodData}
          period={dashboard.period}
          onPeriodChange={dashboard.setPeriod}
          timeZone={timeZone}
        />
      )}
    </Stack>
  );
}
