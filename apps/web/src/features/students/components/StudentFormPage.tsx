import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDateDMY,
  TOAST_MS,
  wallClockIn,
  type StudentDetail,
  privacyMessages,
  coreMessages,
  paymentMessages,
  studentMessages,
} from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { useCan } from '@/lib/use-can';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useGetPrivacySettingsQuery, useGetStudentQuery } from '../api/students-api';
import { useSaveStudent } from '../hooks/use-save-student';
import { StudentDataActions } from './StudentDataActions';
import { EMPTY_STUDENT, StudentForm } from './StudentForm';
import type { StudentFormFields } from './student-form-fields';
import { fullName } from './StudentsTable';
import { DatePickersProvider } from '@/components/DatePickersProvider';

const m = studentMessages;
const p = paymentMessages;
const LIST_PATH = '/app/student';

/** What the student still owes over all their subscriptions (issue 13): "Balance: ₹750.00 due" or "Paid in full". */
function StudentBalance({ balance }: { balance: number }) {
  return (
    <Typography
      role="status"
      sx={{ color: balance > 0 ? 'warning.main' : 'text.secondary', fontWeight: balance > 0 ? 600 : 400 }}
    >
      {`${p.balance}: ${p.balanceValue(balance)}`}
    </Typography>
  );
}

/**
 * Where a student stands (issue 19): the day they left, the day their documents will be
 * erased or were, and the actions of the list (Mark as left or returned, download, erase).
 */
function StudentLifecycle({ student }: { student: StudentDetail }) {
  const timeZone = useLibraryTimeZone();
  const day = (timestamp: string) => formatDateDMY(wallClockIn(timeZone, timestamp).date);
  const lines = [
    student.left_at ? privacyMessages.leave.leftOn(day(student.left_at)) : null,
    student.documents_erased_at
      ? privacyMessages.erase.erasedOn(day(student.documents_erased_at))
      : student.erase_due_on
        ? privacyMessages.erase.dueOn(formatDateDMY(student.erase_due_on))
        : null,
  ].filter((line): line is string => line !== null);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <Box sx={{ flex: 1 }}>
        {lines.map((line) => (
          <Typography key={line} variant="body2" color="text.secondary">
            {line}
          </Typography>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
        <StudentDataActions
          variant="buttons"
          student={{
            id: student.id,
            name: fullName(student),
            status: student.status,
            documents_erased_at: student.documents_erased_at,
          }}
        />
      </Stack>
    </Stack>
  );
}

function formValues(student: StudentDetail): StudentFormFields {
  return {
    ...EMPTY_STUDENT,
    first_name: student.first_name,
    last_name: student.last_name ?? '',
    mobile: student.mobile,
    email: student.email,
    aadhaar_number: student.aadhaar_number,
    dob: student.dob,
  };
}

/** Add Student (/app/student/addstudent) and Edit Student (/app/student/addstudent/{user_id}). */
export function StudentFormPage() {
  const { user_id: studentId } = useParams();
  const navigate = useNavigate();
  const save = useSaveStudent(studentId);
  const student = useGetStudentQuery(studentId ?? '', { skip: !studentId, refetchOnMountOrArgChange: true });
  const mode = studentId ? 'edit' : 'create';
  // Issue 16: the desk edits students without seeing their Aadhaar number or identity images.
  const maySeeIdentity = useCan('students.identity');
  const documentsErased = Boolean(student.data?.documents_erased_at);
  // Erased documents are added again as on a new student: nothing stored to hide.
  const identityHidden = mode === 'edit' && !maySeeIdentity && !documentsErased;
  const privacy = useGetPrivacySettingsQuery();

  useEffect(() => {
    if (student.isError) toast.error(m.fetchFailed, { autoClose: TOAST_MS.students });
  }, [student.isError, student.error]);

  const backToList = () => navigate(LIST_PATH);

  let content;
  if (studentId && student.isError) {
    content = <ErrorScreen detail={m.fetchFailed} onRefresh={() => void student.refetch()} />;
  } else if (studentId && !student.data) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label={coreMessages.common.loading} />
      </Box>
    );
  } else {
    content = (
      <StudentForm
        // A fresh form for each loaded student (and once their documents are erased), so its values are the defaults.
        key={student.data ? `${student.data.id}:${student.data.documents_erased_at ?? ''}` : 'new'}
        mode={mode}
        identityHidden={identityHidden}
        consent={student.data?.consent ?? null}
        documentsErased={documentsErased}
        notice={privacy.data?.notice || undefined}
        initial={student.data ? formValues(student.data) : EMPTY_STUDENT}
        existingImages={
          student.data
            ? {
                profile: student.data.profile,
                front_image: student.data.front_image,
                back_image: student.data.back_image,
              }
            : undefined
        }
        onSubmit={async (values) => {
          const outcome = await save(values);
          if (outcome.saved) backToList();
          return outcome;
        }}
        onCancel={backToList}
      />
    );
  }

  return (
    <DatePickersProvider>
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'baseline' } }}>
          <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
            {studentId ? m.editTitle : m.addTitle}
          </Typography>
          {studentId && student.data ? <StudentBalance balance={student.data.balance} /> : null}
        </Stack>
        {studentId && student.data ? (
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <StudentLifecycle student={student.data} />
          </Paper>
        ) : null}
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>{content}</Paper>
      </Stack>
    </DatePickersProvider>
  );
}
