import CurrencyRupeeRounded from '@mui/icons-material/CurrencyRupeeRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import { formatRupees, type DashboardData, type DashboardPeriod, dashboardMessages } from '@app/shared';
import { formatCount } from './dashboard-format';
import { PeriodSelect } from './PeriodSelect';
import { StatCard, StatCardSkeleton } from './StatCard';
import { StatGroup } from './StatGroup';

const m = dashboardMessages;

interface FeeOverviewProps {
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
  /** The period's figures; undefined while they load. */
  revenue: DashboardData['revenue'] | undefined;
}

/** Fee Overview: the period selector and the period's revenue, transactions and average. */
export function FeeOverview({ period, onPeriodChange, revenue }: FeeOverviewProps) {
  const selector = <PeriodSelect period={period} onChange={onPeriodChange} />;
  return (
    <StatGroup title={m.feeOverview} action={selector} columns={3}>
      {revenue ? (
        <>
          <StatCard
            title={m.totalRevenue}
            value={formatRupees(revenue.revenue)}
            icon={<CurrencyRupeeRounded />}
            tone="success"
            to="/app/transactions"
          />
          <StatCard
            title={m.totalTransactions}
            value={formatCount(revenue.transaction)}
            icon={<ReceiptLongRounded />}
            to="/app/transactions"
          />
          <StatCard
            title={m.avgTransactionValue}
            value={formatRupees(revenue.avg_transaction)}
            icon={<TrendingUpRounded />}
            tone="secondary"
          />
        </>
      ) : (
        <>
          <StatCardSkeleton />
          <StatCardSkeleton />
          <StatCardSkeleton />
        </>
      )}
    </StatGroup>
  );
}
