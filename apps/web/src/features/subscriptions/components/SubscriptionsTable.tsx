import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditRounded from '@mui/icons-material/EditRounded';
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import { formatDateDMY, formatDateTimeDMY, messages, type Subscription } from '@app/shared';
import { ListTable, ListTableBody, SortableHeader, type ListSort } from '@/components/ListTable';
import type { SubscriptionSortKey } from '../api/subscriptions-api';
import { timing } from './row-format';
import { studentName } from './StudentMobileField';

const m = messages.subscriptions;
const EXPIRING_DAYS = 7;
const nowrap = { whiteSpace: 'nowrap' } as const;

export type SubscriptionSort = ListSort<SubscriptionSortKey>;

interface SubscriptionsTableProps {
  subscriptions: Subscription[];
  /** Number of the first row on this page: numbering continues across pages. */
  firstNumber: number;
  sort: SubscriptionSort;
  /** Today in the library's time zone, and the zone its timestamps are shown in. */
  today: string;
  timeZone: string;
  emptyText: string;
  onSort: (sortBy: SubscriptionSortKey) => void;
  onEdit: (subscription: Subscription) => void;
  onRenew: (subscription: Subscription) => void;
}

/** A word under the expiry date when the plan is not simply running: expired, upcoming, ending within 7 days. */
function PlanState({ subscription, today }: { subscription: Subscription; today: string }) {
  const soon = dayjs(today).add(EXPIRING_DAYS, 'day').format('YYYY-MM-DD');
  const state =
    subscription.status === 'expired'
      ? { text: m.planState.expired, color: 'error.main' }
      : subscription.status === 'upcoming'
        ? { text: m.planState.upcoming, color: 'info.main' }
        : subscription.plan_expires_at <= soon
          ? { text: m.planState.expiring, color: 'warning.main' }
          : null;
  if (!state) return null;
  return (
    <Typography variant="caption" component="p" sx={{ color: state.color, fontWeight: 600 }}>
      {state.text}
    </Typography>
  );
}

/** DD/MM/YYYY h:mm A, which may break between the date and the time (never inside either) on a narrow table. */
function Timestamp({ value, timeZone }: { value: string; timeZone: string }) {
  const text = formatDateTimeDMY(value, timeZone);
  const gap = text.indexOf(' ');
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text.slice(0, gap)}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
        {text.slice(gap + 1)}
      </Box>
    </>
  );
}

/** The Subscription Management table (SPEC.md §2). */
export function SubscriptionsTable(props: SubscriptionsTableProps) {
  const { subscriptions, firstNumber, sort, today, timeZone, emptyText, onSort, onEdit, onRenew } = props;
  const c = m.columns;
  return (
    <ListTable label={m.heading} minWidth={940} denseOnPhone>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 56 }}>{c.no}</TableCell>
          <SortableHeader label={c.studentName} column="name" sort={sort} onSort={onSort} sx={nowrap} />
          <TableCell>{c.mobile}</TableCell>
          <SortableHeader label={c.timing} column="start_time" sort={sort} onSort={onSort} sx={nowrap} />
          <TableCell>{c.seatReserved}</TableCell>
          <SortableHeader label={c.planExpireDate} column="plan_expire_at" sort={sort} onSort={onSort} sx={nowrap} />
          <SortableHeader label={c.createdAt} column="created_at" sort={sort} onSort={onSort} sx={nowrap} />
          <SortableHeader label={c.updatedAt} column="updated_at" sort={sort} onSort={onSort} sx={nowrap} />
          <TableCell align="right">{c.actions}</TableCell>
        </TableRow>
      </TableHead>
      <ListTableBody empty={subscriptions.length === 0} columns={9} emptyText={emptyText}>
        {subscriptions.map((row, index) => {
          const name = studentName(row);
          return (
            <TableRow key={row.id} hover>
              <TableCell>{firstNumber + index}</TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {name}
                </Typography>
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.mobile}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{timing(row)}</TableCell>
              <TableCell>
                {row.is_reserved && row.name ? (
                  <>
                    <Typography variant="body2">{row.name}</Typography>
                    {row.area_name ? (
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ whiteSpace: 'nowrap' }}>
                        {row.area_name}
                      </Typography>
                    ) : null}
                  </>
                ) : (
                  m.notReserved
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateDMY(row.plan_expires_at)}
                <PlanState subscription={row} today={today} />
              </TableCell>
              <TableCell>
                <Timestamp value={row.created_at} timeZone={timeZone} />
              </TableCell>
              <TableCell>
                <Timestamp value={row.updated_at} timeZone={timeZone} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={m.edit}>
                  <IconButton aria-label={`${m.edit}: ${name}`} onClick={() => onEdit(row)}>
                    <EditRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={m.renew}>
                  <IconButton aria-label={`${m.renew}: ${name}`} color="primary" onClick={() => onRenew(row)}>
                    <AutorenewRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          );
        })}
      </ListTableBody>
    </ListTable>
  );
}
