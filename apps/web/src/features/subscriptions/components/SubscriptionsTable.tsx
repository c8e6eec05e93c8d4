import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import EditRounded from '@mui/icons-material/EditRounded';
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import PaymentsRounded from '@mui/icons-material/PaymentsRounded';
import {
  formatDateDMY,
  formatDateTimeDMY,
  type Subscription,
  paymentMessages,
  subscriptionMessages,
} from '@app/shared';
import { ListTable, type ListColumn, type ListSort } from '@/components/ListTable';
import type { SubscriptionSortKey } from '../api/subscriptions-api';
import { studentName, timing } from './row-format';

const m = subscriptionMessages;
const p = paymentMessages;
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
  /** Absent when the role may not change a subscription (issue 16: the desk creates and renews only). */
  onEdit?: (subscription: Subscription) => void;
  onRenew: (subscription: Subscription) => void;
  /** Record Payment, offered while something is due; left out when not given. */
  onRecordPayment?: (subscription: Subscription) => void;
  /** Opens the subscription's account (its prices and payments) from the balance; plain text when not given. */
  onShowAccount?: (subscription: Subscription) => void;
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

/** "6:00 AM - 2:00 PM", which may break after the dash (never inside a time) on a narrow table. */
function Timing({ row }: { row: Subscription }) {
  const [start, end] = timing(row).split(' - ');
  return (
    <>
      <Box component="span" sx={nowrap}>
        {start} -
      </Box>{' '}
      <Box component="span" sx={nowrap}>
        {end}
      </Box>
    </>
  );
}

function SeatReserved({ row }: { row: Subscription }) {
  if (!row.is_reserved || !row.name) return m.notReserved;
  return (
    <>
      <Typography variant="body2">{row.name}</Typography>
      {row.area_name ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {row.area_name}
        </Typography>
      ) : null}
    </>
  );
}

/** "₹750.00 due" in the warning colour, or "Paid in full"; a link to the account when it can open. */
function Balance({ row, onShowAccount }: { row: Subscription; onShowAccount?: (row: Subscription) => void }) {
  const text = p.balanceValue(row.balance);
  const sx = { color: row.balance > 0 ? 'warning.main' : 'text.secondary', fontWeight: row.balance > 0 ? 600 : 400 };
  if (!onShowAccount) {
    return (
      <Typography variant="body2" component="span" sx={sx}>
        {text}
      </Typography>
    );
  }
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      underline="hover"
      aria-label={`${p.account.open(studentName(row))}, ${text}`}
      onClick={() => onShowAccount(row)}
      sx={{ ...sx, textAlign: 'left' }}
    >
      {text}
    </Link>
  );
}

function columns({
  firstNumber,
  today,
  timeZone,
  onShowAccount,
}: SubscriptionsTableProps): ListColumn<Subscription, SubscriptionSortKey>[] {
  const c = m.columns;
  return [
    { label: c.no, width: 48, cell: (_, index) => firstNumber + index, card: 'hidden' },
    {
      label: c.studentName,
      sortBy: 'name',
      card: 'title',
      cell: (row) => (
        <Typography variant="body2" component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {studentName(row)}
        </Typography>
      ),
    },
    {
      label: c.mobile,
      card: 'subtitle',
      sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (row) => row.mobile,
    },
    { label: c.timing, sortBy: 'start_time', cell: (row) => <Timing row={row} /> },
    { label: c.seatReserved, cell: (row) => <SeatReserved row={row} /> },
    {
      label: c.planExpireDate,
      sortBy: 'plan_expire_at',
      sx: nowrap,
      cell: (row) => (
        <>
          {formatDateDMY(row.plan_expires_at)}
          <PlanState subscription={row} today={today} />
        </>
      ),
    },
    {
      label: c.createdAt,
      sortBy: 'created_at',
      card: 'hidden',
      cell: (row) => <Timestamp value={row.created_at} timeZone={timeZone} />,
    },
    {
      label: c.updatedAt,
      sortBy: 'updated_at',
      cell: (row) => <Timestamp value={row.updated_at} timeZone={timeZone} />,
    },
    {
      label: p.balance,
      // "₹600.00 due" may break before "due": the column stays narrow enough for the actions to fit at 1280 px.
      sx: { fontVariantNumeric: 'tabular-nums', minWidth: 72 },
      cell: (row) => <Balance row={row} onShowAccount={onShowAccount} />,
    },
  ];
}

/** The Subscription Management table (SPEC.md §2), with each subscription's balance (issue 13). */
export function SubscriptionsTable(props: SubscriptionsTableProps) {
  const { subscriptions, sort, emptyText, onSort, onEdit, onRenew, onRecordPayment } = props;
  return (
    <ListTable
      label={m.heading}
      minWidth={840}
      columns={columns(props)}
      rows={subscriptions}
      rowKey={(row) => row.id}
      emptyText={emptyText}
      sort={sort}
      onSort={onSort}
      actions={{
        label: m.columns.actions,
        cell: (row) => (
          <>
            {onEdit ? (
              <Tooltip title={m.edit}>
                <IconButton size="small" aria-label={`${m.edit}: ${studentName(row)}`} onClick={() => onEdit(row)}>
                  <EditRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
            <Tooltip title={m.renew}>
              <IconButton
                size="small"
                aria-label={`${m.renew}: ${studentName(row)}`}
                color="primary"
                onClick={() => onRenew(row)}
              >
                <AutorenewRounded fontSize="small" />
              </IconButton>
            </Tooltip>
            {onRecordPayment && row.balance > 0 ? (
              <Tooltip title={p.submit}>
                <IconButton
                  size="small"
                  aria-label={p.recordFor(studentName(row))}
                  color="success"
                  onClick={() => onRecordPayment(row)}
                >
                  <PaymentsRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
          </>
        ),
      }}
    />
  );
}
