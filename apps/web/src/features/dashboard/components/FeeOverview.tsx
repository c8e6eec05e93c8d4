import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import CurrencyRupeeRounded from '@mui/icons-material/CurrencyRupeeRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import {
  DASHBOARD_PERIODS,
  formatRupees,
  type DashboardData,
  type DashboardPeriod,
  dashboardMessages,
} from '@app/shared';
import { formatCount } from './dashboard-format';
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
  const selector = (
    <TextField
      select
      size="small"
      label={m.period}
      value={period}
      onChange={(event) => onPeriodChange(event.target.value as DashboardPeriod)}
      fullWidth={false}
      sx={{ minWidth: 180 }}
    >
      {DASHBOARD_PERIODS.map((value) => (
        <MenuItem key={value} value={value}>
          {m.periods[value]}
        </MenuItem>
      ))}
    </TextField>
  );
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
