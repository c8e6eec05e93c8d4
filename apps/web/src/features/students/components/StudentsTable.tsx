import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import EditRounded from '@mui/icons-material/EditRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { messages, type KycStatus, type StudentListItem, type StudentSortKey } from '@app/shared';
import { ListTable, ListTableBody, SkeletonRows, SortableHeader, type ListSort } from '@/components/ListTable';
import { KycStatusChip } from './KycStatusChip';

const m = messages.students;
const COLUMN_COUNT = 8;

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

const skeletonCells = (
  <>
    <TableCell>
      <Skeleton width={20} />
    </TableCell>
    <TableCell>
      <Skeleton variant="circular" width={40} height={40} />
    </TableCell>
    <TableCell>
      <Skeleton width={140} />
    </TableCell>
    <TableCell>
      <Skeleton width={100} />
    </TableCell>
    <TableCell>
      <Skeleton width={180} />
    </TableCell>
    <TableCell>
      <Skeleton variant="rounded" width={84} height={24} />
    </TableCell>
    <TableCell>
      <Skeleton variant="rounded" width={72} height={24} />
    </TableCell>
    <TableCell align="right">
      <Skeleton variant="circular" width={32} height={32} sx={{ ml: 'auto' }} />
    </TableCell>
  </>
);

/** The Students table (SPEC.md §2): No, Profile, Name, Mobile, Email, Verified, Type, Actions. */
export function StudentsTable(props: StudentsTableProps) {
  const { students, loading, firstNumber, skeletonRows, sort, changingKycOf, onSort, onEdit, onKycChange, rowActions } =
    props;
  return (
    <ListTable label={m.heading} minWidth={860} busy={loading}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 56 }}>{m.columns.no}</TableCell>
          <TableCell sx={{ width: 72 }}>{m.columns.profile}</TableCell>
          <SortableHeader label={m.columns.name} column="name" sort={sort} onSort={onSort} />
          <SortableHeader label={m.columns.mobile} column="mobile" sort={sort} onSort={onSort} />
          <SortableHeader label={m.columns.email} column="email" sort={sort} onSort={onSort} />
          <TableCell>{m.columns.verified}</TableCell>
          <TableCell>{m.columns.type}</TableCell>
          <TableCell align="right">{m.columns.actions}</TableCell>
        </TableRow>
      </TableHead>
      <ListTableBody
        loading={loading}
        skeleton={<SkeletonRows count={skeletonRows} cells={skeletonCells} />}
        empty={students.length === 0}
        columns={COLUMN_COUNT}
        emptyText={m.empty}
      >
        {students.map((student, index) => {
          const name = fullName(student);
          return (
            <TableRow key={student.id} hover>
              <TableCell>{firstNumber + index}</TableCell>
              <TableCell>
                <Avatar src={student.profile_thumb ?? undefined} alt={name} sx={{ width: 40, height: 40 }}>
                  {initials(student)}
                </Avatar>
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{name}</TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{student.mobile}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{student.email}</TableCell>
              <TableCell>
                <KycStatusChip
                  status={student.kyc_status}
                  studentName={name}
                  busy={changingKycOf === student.id}
                  onChange={(status) => onKycChange(student, status)}
                />
              </TableCell>
              <TableCell>
                {student.is_premium ? (
                  <Chip size="small" color="secondary" icon={<WorkspacePremiumRounded />} label={m.type.premium} />
                ) : (
                  <Chip size="small" variant="outlined" label={m.type.regular} />
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {rowActions?.(student)}
                <Tooltip title={m.edit}>
                  <IconButton aria-label={`${m.edit} ${name}`} onClick={() => onEdit(student)}>
                    <EditRounded fontSize="small" />
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
