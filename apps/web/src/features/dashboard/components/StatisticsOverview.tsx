import Box from '@mui/material/Box';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DoNotDisturbOnRounded from '@mui/icons-material/DoNotDisturbOnRounded';
import EventSeatRounded from '@mui/icons-material/EventSeatRounded';
import PeopleAltRounded from '@mui/icons-material/PeopleAltRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { type DashboardData, dashboardMessages } from '@app/shared';
import { formatCount } from './dashboard-format';
import { StatCard } from './StatCard';
import { StatGroup } from './StatGroup';

const m = dashboardMessages;

interface StatisticsOverviewProps {
  student: DashboardData['student'];
  seat: DashboardData['seat'];
}

/** Student Statistics and Seats Overview: figures of today, whatever the period. */
export function StatisticsOverview({ student, seat }: StatisticsOverviewProps) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' } }}>
      <StatGroup title={m.studentStatistics} columns={2}>
        <StatCard
          title={m.totalStudents}
          value={formatCount(student.total)}
          icon={<PeopleAltRounded />}
          to="/app/users"
        />
        <StatCard
          title={m.activeSubscription}
          value={formatCount(student.activeSubscription)}
          icon={<WorkspacePremiumRounded />}
          tone="secondary"
          to="/app/users/premium"
        />
      </StatGroup>
      <StatGroup title={m.seatsOverview} columns={3}>
        <StatCard title={m.total} value={formatCount(seat.total)} icon={<EventSeatRounded />} tone="info" />
        <StatCard title={m.active} value={formatCount(seat.active)} icon={<CheckCircleRounded />} tone="success" />
        <StatCard
          title={m.inactive}
          value={formatCount(seat.inactive)}
          icon={<DoNotDisturbOnRounded />}
          tone="warning"
        />
      </StatGroup>
    </Box>
  );
}
