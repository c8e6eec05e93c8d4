import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTION_LABELS, formatDateTimeDMY, type AuditEntry, auditMessages } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { auditDetailText } from '@/lib/audit-detail';

const m = auditMessages;
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

function RecordCell({ entry }: { entry: AuditEntry }) {
  const type = m.entityTypes[entry.entity_type] ?? entry.entity_type;
  return (
    <>
      <Typography variant="body2" component="span" title={entry.entity_id ?? undefined}>
        {entry.entity_id ? `${type} · ${shortId(entry.entity_id)}` : type}
      </Typography>
      {entry.detail ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {auditDetailText(entry.action, entry.detail)}
        </Typography>
      ) : null}
    </>
  );
}

function unknown(text: string) {
  return (
    <Typography variant="body2" component="span" color="text.secondary">
      {text}
    </Typography>
  );
}

// Fixed shares, so the columns stay put while the filter changes what fills them.
function columns(timeZone: string): ListColumn<AuditEntry>[] {
  const c = m.columns;
  return [
    {
      label: c.when,
      width: '22%',
      card: 'subtitle',
      sx: { ...top, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      cell: (entry) => formatDateTimeDMY(entry.created_at, timeZone),
    },
    {
      label: c.who,
      width: '20%',
      sx: { ...top, overflowWrap: 'anywhere' },
      cell: (entry) => entry.admin_name ?? unknown(m.unknownAdmin),
    },
    {
      label: c.what,
      width: '22%',
      card: 'title',
      cell: (entry) => (
        <Box
          component="span"
          // A failed sign-in is the line an owner scans for.
          sx={entry.action === 'admin.sign_in_failed' ? { color: 'error.main', fontWeight: 600 } : undefined}
        >
          {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
        </Box>
      ),
      sx: top,
    },
    { label: c.record, width: '22%', sx: top, cell: (entry) => <RecordCell entry={entry} /> },
    {
      label: c.from,
      width: '14%',
      sx: { ...top, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
      cell: (entry) => entry.ip ?? unknown(m.unknownAddress),
    },
  ];
}

/** The audit log: when, who, what, to which record, from which address. */
export function ActivityTable({ entries, loading, skeletonRows, emptyText, timeZone }: ActivityTableProps) {
  return (
    <ListTable
      label={m.heading}
      minWidth={680}
      columns={columns(timeZone)}
      rows={entries}
      rowKey={(entry) => entry.id}
      loading={loading}
      skeletonRows={skeletonRows}
      emptyText={emptyText}
    />
  );
}
