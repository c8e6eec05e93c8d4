import Box from '@mui/material/Box';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateDMY, formatRupees, formatTime12h, type DueRecord, duesMessages } from '@app/shared';
import { ListTable, type ListColumn, type ListSort } from '@/components/ListTable';
import type { DueSortKey } from '../api/dues-api';
import { DueActions } from './DueActions';
import { remindedAgo, reminderDetail, studentName } from './due-format';

const m = duesMessages;
const nowrap = { whiteSpace: 'nowrap' } as const;

interface DuesTableProps {
  dues: DueRecord[];
  loading: boolean;
  skeletonRows: number;
  sort: ListSort<DueSortKey>;
  timeZone: string;
  onSort: (sortBy: DueSortKey) => void;
  onRemind: (due: DueRecord, channel: 'whatsapp' | 'sms') => void;
  onShowQr: (due: DueRecord) => void;
  /** Absent when this screen cannot record payments. */
  onRecordPayment?: (due: DueRecord) => void;
}

/** The seat by name (and its area), or the pool of free seats. */
function Place({ due }: { due: DueRecord }) {
  if (!due.is_reserved || !due.seat_name) return m.pool;
  return (
    <>
      {due.seat_name}
      {due.area_name ? (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {due.area_name}
        </Typography>
      ) : null}
    </>
  );
}

/** "6:00 AM–2:00 PM", which may break after the dash (never inside a time) on a narrow table. */
function Window({ due }: { due: DueRecord }) {
  return (
    <>
      <Box component="span" sx={nowrap}>
        {formatTime12h(due.start_time)}–
      </Box>
      <wbr />
      <Box component="span" sx={nowrap}>
        {formatTime12h(due.end_time)}
      </Box>
    </>
  );
}

/** "reminded 2 days ago", with how and by whom in its tooltip (and its description, for a screen reader). */
function LastReminder({ due, timeZone }: { due: DueRecord; timeZone: string }) {
  if (!due.last_reminded_at) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {m.notReminded}
      </Typography>
    );
  }
  const detail = reminderDetail(due);
  const text = remindedAgo(due.last_reminded_at, timeZone);
  if (!detail) return text;
  return (
    <Tooltip title={detail} describeChild>
      <Box
        component="span"
        tabIndex={0}
        sx={{ textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'help' }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}

function columns({ timeZone }: DuesTableProps): ListColumn<DueRecord, DueSortKey>[] {
  const c = m.columns;
  return [
    {
      label: c.student,
      sortBy: 'name',
      card: 'title',
      cell: (due) => (
        <Typography variant="body2" component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {studentName(due)}
        </Typography>
      ),
    },
    {
      label: c.mobile,
      card: 'subtitle',
      sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (due) => due.mobile,
    },
    { label: c.place, cell: (due) => <Place due={due} /> },
    { label: c.window, cell: (due) => <Window due={due} /> },
    { label: c.expiry, sortBy: 'plan_expires_at', sx: nowrap, cell: (due) => formatDateDMY(due.plan_expires_at) },
    {
      label: c.amountDue,
      sortBy: 'amount_due',
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 },
      cell: (due) => formatRupees(due.amount_due),
    },
    {
      label: c.lastReminder,
      sortBy: 'last_reminded_at',
      cell: (due) => <LastReminder due={due} timeZone={timeZone} />,
    },
  ];
}

/** The dues of a group: who, where, when the plan ends, what is due, the last reminder, and the actions. */
export function DuesTable(props: DuesTableProps) {
  const { dues, loading, skeletonRows, sort, onSort, onRemind, onShowQr, onRecordPayment } = props;
  return (
    <ListTable
      label={m.title}
      minWidth={820}
      columns={columns(props)}
      rows={dues}
      rowKey={(due) => due.subscription_id}
      loading={loading}
      skeletonRows={skeletonRows}
      emptyText={m.empty}
      sort={sort}
      onSort={onSort}
      actions={{
        label: m.columns.actions,
        cell: (due) => (
          <DueActions
            due={due}
            onRemind={onRemind}
            onShowQr={onShowQr}
            onRecordPayment={onRecordPayment && due.balance > 0 ? onRecordPayment : undefined}
          />
        ),
      }}
    />
  );
}
