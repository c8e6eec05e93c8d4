import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import { messages, PAGE_SIZES, type StudentListItem } from '@app/shared';
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {m.heading}
        </Typography>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Rounded />}
          onClick={() => navigate('/app/student/addstudent')}
        >
          {m.addStudent}
        </Button>
      </Stack>

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
        <Box sx={{ height: 4 }}>
          {isFetching && !isLoading ? <LinearProgress aria-label={messages.common.loading} /> : null}
        </Box>
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
        <TablePagination
          component="div"
          count={list.totalItems}
          page={list.totalItems === 0 ? 0 : list.page - 1}
          rowsPerPage={list.limit}
          rowsPerPageOptions={[...PAGE_SIZES]}
          labelRowsPerPage={m.rowsPerPage}
          onPageChange={(_event, next) => list.setPage(next + 1)}
          onRowsPerPageChange={(event) => list.setLimit(Number(event.target.value))}
        />
      </Paper>
    </Stack>
  );
}
