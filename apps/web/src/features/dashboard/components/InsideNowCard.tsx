import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import SensorDoorRounded from '@mui/icons-material/SensorDoorRounded';
import { deskMessages } from '@app/shared';
import { useGetDashboardInsideNowQuery } from '../api/dashboard-api';
import { StatCard, StatCardSkeleton } from './StatCard';
import { StatGroup } from './StatGroup';

const i = deskMessages.insideNow;
const ATTENDANCE_PATH = '/app/attendance';

/**
 * Inside now (issue 15): how many students are in the library (checked in, not yet out),
 * leading to the Attendance screen; refreshed each minute. Its own call: while it loads or
 * when it fails, only this card says so.
 */
export function InsideNowCard() {
  const inside = useGetDashboardInsideNowQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 60_000 });
  const view = (
    <Button component={RouterLink} to={ATTENDANCE_PATH} size="small">
      {i.view}
    </Button>
  );
  const card = { title: i.title, icon: <SensorDoorRounded />, to: ATTENDANCE_PATH, tone: 'success' as const };
  return (
    <StatGroup title={i.title} action={view} columns={1}>
      {inside.isError ? (
        <StatCard {...card} value="—" detail={i.failed} detailColor="error.main" />
      ) : inside.data !== undefined ? (
        <StatCard {...card} value={i.count(inside.data)} detail={i.caption} />
      ) : (
        <StatCardSkeleton />
      )}
    </StatGroup>
  );
}
