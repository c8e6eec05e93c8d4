import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import EditRounded from '@mui/icons-material/EditRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { messages, type KycStatus, type StudentListItem, type StudentSortKey } from '@app/shared';
import { KycStatusChip } from './KycStatusChip';

const m = messages.students;
const COLUMN_COUNT = 8;

export interface StudentSort {
  sortBy: StudentSortKey;
  sortOrder: 'ASC' | 'DESC';
}

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

function SortableHeader({
  label,
  column,
  sort,
  onSort,
}: { label: string; column: StudentSortKey } & Pick<StudentsTableProps, 'sort' | 'onSort'>) {
  const active = sort.sortBy === column;
  const direction = active && sort.sortOrder === 'DESC' ? 'desc' : 'asc';
  return (
    <TableCell sortDirection={active ? direction : false}>
      <TableSortLabel active={active} direction={direction} onClick={() => onSort(column)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

function SkeletonRows({ count }: { count: number }) {
  return Array.from({ length: count }, (_, row) => (
    <TableRow key={row} aria-hidden>
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
    </TableRow>
  ));
}

/** The Students table (SPEC.md §2): No, Profile, Name, Mobile, Email, Verified, Type, Actions. */
export function StudentsTable(props: StudentsTableProps) {
  const { students, loading, firstNumber, skeletonRows, sort, changingKycOf, onSort, onEdit, onKycChange, rowActions } =
    props;
  return (
    <TableContainer>
      <Table sx={{ minWidth: 860 }} aria-label={m.heading} aria-busy={loading}>
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
        <TableBody>
          {loading ? (
            <SkeletonRows count={skeletonRows} />
          ) : students.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMN_COUNT} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                {m.empty}
              </TableCell>
            </TableRow>
          ) : (
            students.map((student, index) => {
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
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {student.mobile}
                  </TableCell>
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
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
