import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import { messages, type StudentListItem } from '@app/shared';
import { RefetchBar, TablePagingFooter } from '@/components/ListTable';
import { PageHeading } from '@/components/PageHeading';
import { useKycStatus } from '../hooks/use-kyc-status';
import { useStudentList } from '../hooks/use-student-list';
import { StudentSearch } from './StudentSearch';
import { StudentsTable } from './StudentsTable';

const m = messages.students;

/** Students list (SPEC.md §2): search, page through, mark KYC, open a student to edit. */
export function StudentsPage({ rowActions }: { rowActions?: (student: StudentListItem) => ReactNode } = {}) {
  const navigate = useNavigate();
  const list = useStudentList();
  const kyc = useKycStatus();
  const { isLoading, isFetching } = list.query;

  return (
    <Stack spacing={3}>
      <PageHeading title={m.heading}>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Rounded />}
          onClick={() => navigate('/app/student/addstudent')}
        >
          {m.addStudent}
        </Button>
      </PageHeading>

      <Paper sx={{ overflow: 'hidden' }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: { md: 'center' } }}>
          <Box sx={{ flex: 1 }}>
            <StudentSearch onSearch={list.submitSearch} />
          </Box>
          {list.type ? (
            <Chip
              color="secondary"
              label={list.type === 'premium' ? m.premiumOnly : m.regularOnly}
              onDelete={list.clearType}
              sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
            />
          ) : null}
        </Stack>
        <RefetchBar active={isFetching && !isLoading} label={messages.common.loading} />
        <StudentsTable
          students={list.students}
          loading={isLoading}
          skeletonRows={Math.min(list.limit, 10)}
          firstNumber={(list.page - 1) * list.limit + 1}
          sort={list.sort}
          changingKycOf={kyc.isChanging ? kyc.changingId : undefined}
          onSort={list.toggleSort}
          onEdit={(student) => navigate(`/app/student/addstudent/${encodeURIComponent(student.user_id)}`)}
          onKycChange={(student, status) => void kyc.change(student.id, status)}
          rowActions={rowActions}
        />
        <TablePagingFooter paging={list} labelRowsPerPage={m.rowsPerPage} />
      </Paper>
    </Stack>
  );
}
