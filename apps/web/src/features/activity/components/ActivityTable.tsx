import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTION_LABELS, formatDateTimeDMY, messages, type AuditEntry } from '@app/shared';
import { ListTable, ListTableBody, SkeletonRows } from '@/components/ListTable';

const m = messages.audit;
const COLUMNS = Object.values(m.columns);
// Fixed shares, so the columns stay put while the filter changes what fills them.
const COLUMN_WIDTHS = ['22%', '20%', '22%', '22%', '14%'];
const top = { verticalAlign: 'top' } as const;

/** The spec-less log shows ids shortened the way git does: enough to tell records apart. */
const shortId = (id: string) => id.slice(0, 8);

interface ActivityTableProps {
  entries: AuditEntry[];
  loading: boolean;
  skeletonRows: number;
  emptyText: string;
  timeZone: string;
}

const SKELETON_WIDTHS = [130, 110, 140, 120, 90];

function RecordCell({ entry }: { entry: AuditEntry }) {
  const type = m.entityTypes[entry.entity_type] ?? entry.entity_type;
  return (
    <TableCell sx={top}>
      <Typography variant="body2" component="span" title={entry.entity_id ?? undefined}>
        {entry.entity_id ? `${type} · ${shortId(entry.entity_id)}` : type}
      </Typography>
      {entry.detail ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {entry.detail}
        </Typography>
      ) : null}
    </TableCell>
  );
}

/** The audit log: when, who, what, to which record, from which address. */
export function ActivityTable({ entries, loading, skeletonRows, emptyText, timeZone }: ActivityTableProps) {
  return (
    <ListTable label={m.heading} minWidth={720} busy={loading}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((label, index) => (
            <TableCell key={label} sx={{ width: COLUMN_WIDTHS[index] }}>
              {label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <ListTableBody
        loading={loading}
        skeleton={<SkeletonRows count={skeletonRows} widths={SKELETON_WIDTHS} />}
        empty={entries.length === 0}
        columns={COLUMNS.length}
        emptyText={emptyText}
      >
        {entries.map((entry) => (
          <TableRow key={entry.id} hover>
            <TableCell sx={{ ...top, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatDateTimeDMY(entry.created_at, timeZone)}
            </TableCell>
            <TableCell sx={{ ...top, overflowWrap: 'anywhere' }}>
              {entry.admin_name ?? (
                <Typography variant="body2" component="span" color="text.secondary">
                  {m.unknownAdmin}
                </Typography>
              )}
            </TableCell>
            <TableCell
              sx={{
                ...top,
                // A failed sign-in is the line an owner scans for.
                ...(entry.action === 'admin.sign_in_failed' && { color: 'error.main', fontWeight: 600 }),
              }}
            >
              {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
            </TableCell>
            <RecordCell entry={entry} />
            <TableCell sx={{ ...top, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
              {entry.ip ?? (
                <Typography variant="body2" component="span" color="text.secondary">
                  {m.unknownAddress}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTableBody>
    </ListTable>
  );
}
