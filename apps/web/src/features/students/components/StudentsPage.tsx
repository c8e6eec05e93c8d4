import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import {
  STUDENT_STATES,
  type StudentListItem,
  type StudentState,
  privacyMessages,
  coreMessages,
  studentMessages,
} from '@app/shared';
import { RefetchBar, TablePagingFooter } from '@/components/ListTable';
import { PageHeading } from '@/components/PageHeading';
import { useKycStatus } from '../hooks/use-kyc-status';
import { useStudentList } from '../hooks/use-student-list';
import { StudentDataActions } from './StudentDataActions';
import { StudentSearch } from './StudentSearch';
import { fullName, StudentsTable } from './StudentsTable';

const m = studentMessages;
const l = privacyMessages.leave;
const STATE_LABELS: Record<StudentState, string> = { active: l.listActive, left: l.listLeft };

/** Show: Members or Left (issue 19). */
function StateFilter({ state, onChange }: { state: StudentState; onChange: (state: StudentState) => void }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
      <Typography id="students-state-label" variant="body2" color="text.secondary">
        {l.listFilter}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={state}
        aria-labelledby="students-state-label"
        onChange={(_, next: StudentState | null) => {
          if (next) onChange(next);
        }}
      >
        {STUDENT_STATES.map((option) => (
          <ToggleButton key={option} value={option} sx={{ px: 2 }}>
            {STATE_LABELS[option]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

/**
 * Students list (SPEC.md §2): search, page through, mark KYC, open a student to edit; members
 * or those who left, and each student's data-rights actions (issue 19).
 */
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
          <StateFilter state={list.state} onChange={list.selectState} />
          {list.type ? (
            <Chip
              color="secondary"
              label={list.type === 'premium' ? m.premiumOnly : m.regularOnly}
              onDelete={list.clearType}
              sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
            />
          ) : null}
        </Stack>
        <RefetchBar active={isFetching && !isLoading} label={coreMessages.common.loading} />
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
          rowActions={(student) => (
            <>
              {rowActions?.(student)}
              <StudentDataActions
                variant="icons"
                student={{
                  id: student.id,
                  name: fullName(student),
                  status: student.status,
                  documents_erased_at: student.documents_erased_at,
                }}
              />
            </>
          )}
        />
        <TablePagingFooter paging={list} labelRowsPerPage={m.rowsPerPage} />
      </Paper>
    </Stack>
  );
}
