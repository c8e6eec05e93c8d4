import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import PendingActionsRounded from '@mui/icons-material/PendingActionsRounded';
import { formatRupees, duesMessages } from '@app/shared';
import { useGetDuesOutstandingQuery } from '../api/dashboard-api';
import { StatCard, StatCardSkeleton } from './StatCard';
import { StatGroup } from './StatGroup';

const d = duesMessages;
const DUES_PATH = '/app/dues';

/**
 * Dues outstanding (issue 13): what the students owe now and how many dues that is, leading
 * to the Dues screen. Its own call: while it loads or when it fails, only this card says so.
 */
export function DuesOutstanding() {
  const outstanding = useGetDuesOutstandingQuery(undefined, { refetchOnMountOrArgChange: true });
  const viewDues = (
    <Button component={RouterLink} to={DUES_PATH} size="small">
      {d.viewDues}
    </Button>
  );
  return (
    <StatGroup title={d.title} action={viewDues} columns={1}>
      {outstanding.isError ? (
        <StatCard
          title={d.outstanding}
          value="—"
          detail={d.fetchFailed}
          detailColor="error.main"
          icon={<PendingActionsRounded />}
          tone="warning"
          to={DUES_PATH}
        />
      ) : outstanding.data ? (
        <StatCard
          title={d.outstanding}
          value={formatRupees(outstanding.data.amount)}
          detail={d.outstandingCount(outstanding.data.count)}
          icon={<PendingActionsRounded />}
          tone="warning"
          to={DUES_PATH}
        />
      ) : (
        <StatCardSkeleton />
      )}
    </StatGroup>
  );
}
