import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import { formatRupees, profitMessages } from '@app/shared';
import { useGetMonthProfitQuery } from '../api/dashboard-api';
import { StatCard, StatCardSkeleton } from './StatCard';
import { StatGroup } from './StatGroup';

const m = profitMessages;
const PROFIT_PATH = '/app/profit';

/**
 * This month's profit (issue 14): fees collected minus expenses in the library's month,
 * leading to the Profit screen. Its own call: while it loads or when it fails, only this
 * card says so.
 */
export function MonthProfit() {
  const month = useGetMonthProfitQuery(undefined, { refetchOnMountOrArgChange: true });
  const viewProfit = (
    <Button component={RouterLink} to={PROFIT_PATH} size="small">
      {m.viewProfit}
    </Button>
  );
  const card = { title: m.dashboardCard, icon: <InsightsRounded />, to: PROFIT_PATH };
  return (
    <StatGroup title={m.title} action={viewProfit} columns={1}>
      {month.isError ? (
        <StatCard {...card} value="—" detail={m.fetchFailed} detailColor="error.main" tone="info" />
      ) : month.data ? (
        <StatCard
          {...card}
          value={month.data.profit < 0 ? m.loss(month.data.profit) : formatRupees(month.data.profit)}
          detail={m.dashboardDetail(month.data.collected, month.data.expenses)}
          tone={month.data.profit < 0 ? 'error' : 'success'}
        />
      ) : (
        <StatCardSkeleton />
      )}
    </StatGroup>
  );
}
