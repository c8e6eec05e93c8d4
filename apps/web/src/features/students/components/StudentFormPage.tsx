import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { messages, TOAST_MS, type StudentDetail, type StudentFormInput } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { useGetStudentQuery } from '../api/students-api';
import { useSaveStudent } from '../hooks/use-save-student';
import { EMPTY_STUDENT, StudentForm } from './StudentForm';
import { useCan } from '@/lib/use-can';

const m = messages.students;
const p = messages.payments;
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

function formValues(student: StudentDetail): StudentFormInput {
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
  const identityHidden = mode === 'edit' && !maySeeIdentity;

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
        <CircularProgress aria-label={messages.common.loading} />
      </Box>
    );
  } else {
    content = (
      <StudentForm
        // A fresh form for each loaded student, so its values are the defaults.
        key={student.data?.id ?? 'new'}
        mode={mode}
        identityHidden={identityHidden}
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
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'baseline' } }}>
          <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
            {studentId ? m.editTitle : m.addTitle}
          </Typography>
          {studentId && student.data ? <StudentBalance balance={student.data.balance} /> : null}
        </Stack>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>{content}</Paper>
      </Stack>
    </LocalizationProvider>
  );
}
