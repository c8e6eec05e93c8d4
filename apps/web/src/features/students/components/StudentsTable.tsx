import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/Tooltip';
import EditRounded from '@mui/icons-material/EditRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import {
  formatDateDMY,
  wallClockIn,
  type KycStatus,
  type StudentListItem,
  type StudentSortKey,
  privacyMessages,
  studentMessages,
} from '@app/shared';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { ListTable, type ListColumn, type ListSort } from '@/components/ListTable';
import { KycStatusChip } from './KycStatusChip';

const m = studentMessages;

export type StudentSort = ListSort<StudentSortKey>;

interface StudentsTableProps {
  students: StudentListItem[];
  loading: boolean;
  /** Number of the first row on this page: numbering continues across pages. */
  firstNumber: number;
  skeletonRows: number;
  sort: StudentSort;
  changingKycOf?: string;
  onSort: (sortBy: StudentSortKey) => void;
  onEdit: (student: StudentListItem) => void;
  onKycChange: (student: StudentListItem, status: KycStatus) => void;
  /** More row actions composed in by the app (e.g. pairing the student's phone app). */
  rowActions?: (student: StudentListItem) => ReactNode;
}

export function fullName(student: Pick<StudentListItem, 'first_name' | 'last_name'>): string {
  return [student.first_name, student.last_name].filter(Boolean).join(' ');
}

function initials(student: StudentListItem): string {
  return `${student.first_name[0] ?? ''}${student.last_name?.[0] ?? ''}`.toUpperCase();
}

/** "Left" beside the KYC chip of a student who left (issue 19); the day they left on hover. */
function LeftChip({ student }: { student: StudentListItem }) {
  const timeZone = useLibraryTimeZone();
  const leftOn = student.left_at
    ? privacyMessages.leave.leftOn(formatDateDMY(wallClockIn(timeZone, student.left_at).date))
    : undefined;
  return <Chip size="small" variant="outlined" label={privacyMessages.leave.statusLabel.left} title={leftOn} />;
}

const ellipsis = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

function columns(props: StudentsTableProps): ListColumn<StudentListItem, StudentSortKey>[] {
  const { firstNumber, changingKycOf, onKycChange } = props;
  return [
    { label: m.columns.no, width: 56, cell: (_, index) => firstNumber + index, card: 'hidden' },
    {
      label: m.columns.profile,
      width: 72,
      card: 'media',
      skeleton: <Skeleton variant="circular" width={40} height={40} />,
      cell: (student) => (
        // Initials on the primary colour, as the user menu's: MUI's grey fails contrast (a student
        // without a photo, as every one whose documents were erased).
        <Avatar
          src={student.profile_thumb ?? undefined}
          alt={fullName(student)}
          sx={{ width: 40, height: 40, bgcolor: 'primary.main' }}
        >
          {initials(student)}
        </Avatar>
      ),
    },
    {
      label: m.columns.name,
      sortBy: 'name',
      card: 'title',
      // Wraps between words; a word too long for the column alone breaks.
      sx: { fontWeight: 600, overflowWrap: 'anywhere', minWidth: 104 },
      cell: (student) => fullName(student),
    },
    {
      label: m.columns.mobile,
      sortBy: 'mobile',
      card: 'subtitle',
      sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (student) => student.mobile,
    },
    {
      label: m.columns.email,
      sortBy: 'email',
      // A whole address or an ellipsis, never one broken mid-word; the title shows it all.
      cell: (student) => (
        // 164px on a laptop: with the row's five actions (issue 19) the table still fits 1280px.
        <Box component="span" title={student.email} sx={{ ...ellipsis, maxWidth: { xs: 164, xl: 320 } }}>
          {student.email}
        </Box>
      ),
      cardCell: (student) => (
        <Box component="span" title={student.email} sx={ellipsis}>
          {student.email}
        </Box>
      ),
    },
    {
      label: m.columns.verified,
      skeleton: <Skeleton variant="rounded" width={84} height={24} />,
      cell: (student) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <KycStatusChip
            status={student.kyc_status}
            studentName={fullName(student)}
            busy={changingKycOf === student.id}
            onChange={(status) => onKycChange(student, status)}
          />
          {student.status === 'left' ? <LeftChip student={student} /> : null}
        </Stack>
      ),
    },
    {
      label: m.columns.type,
      skeleton: <Skeleton variant="rounded" width={72} height={24} />,
      cell: (student) =>
        student.is_premium ? (
          <Chip size="small" color="secondary" icon={<WorkspacePremiumRounded />} label={m.type.premium} />
        ) : (
          <Chip size="small" variant="outlined" label={m.type.regular} />
        ),
    },
  ];
}

/** The Students table (SPEC.md §2): No, Profile, Name, Mobile, Email, Verified, Type, Actions. */
export function StudentsTable(props: StudentsTableProps) {
  const { students, loading, skeletonRows, sort, onSort, onEdit, rowActions } = props;
  return (
    <ListTable
      label={m.heading}
      minWidth={760}
      columns={columns(props)}
      rows={students}
      rowKey={(student) => student.id}
      loading={loading}
      skeletonRows={skeletonRows}
      emptyText={m.empty}
      sort={sort}
      onSort={onSort}
      actions={{
        label: m.columns.actions,
        cell: (student) => (
          <>
            {rowActions?.(student)}
            <Tooltip title={m.edit}>
              <IconButton
                aria-label={`${m.edit} ${fullName(student)}`}
                size="small"
                sx={{ p: 0.75 }}
                onClick={() => onEdit(student)}
              >
                <EditRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ),
      }}
    />
  );
}
