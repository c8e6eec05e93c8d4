import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ErrorScreen } from '@/components/ErrorScreen';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useDashboard } from '../hooks/use-dashboard';
import { ChartsSkeleton } from './ChartsSkeleton';
import { DashboardGreeting } from './DashboardGreeting';
import { DashboardSkeleton } from './DashboardSkeleton';
import { DuesOutstanding } from './DuesOutstanding';
import { FeeOverview } from './FeeOverview';
import { RecentTransactions } from './RecentTransactions';
import { StatisticsOverview } from './StatisticsOverview';
import { SubscriptionPlans } from './SubscriptionPlans';
import { TopContentList } from './TopContentList';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

/**
 * Dashboard (SPEC.md §2). Today's figures (students, seats, recent fees, plans) stay
 * on screen while another period loads; the period's own figures show skeletons.
 */
export function DashboardPage() {
  const dashboard = useDashboard();
  const timeZone = useLibraryTimeZone();
  const { data, periodData } = dashboard;

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
        <>
          <StatisticsOverview student={data.student} seat={data.seat} />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 1fr' } }}>
            <FeeOverview period={dashboard.period} onPeriodChange={dashboard.setPeriod} revenue={periodData?.revenue} />
            <DuesOutstanding />
          </Box>
          {periodData ? (
            <Suspense fallback={<ChartsSkeleton />}>
              <DashboardCharts data={periodData} />
            </Suspense>
          ) : (
            <ChartsSkeleton />
          )}
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
            <TopContentList items={periodData?.topContent} />
            <SubscriptionPlans plans={data.subscriptionStats} />
          </Box>
          <RecentTransactions transactions={data.recentTransactions} timeZone={timeZone} />
        </>
      )}
    </Stack>
  );
}
