import { type StudentListItem, coreMessages, studentMessages } from '@app/shared';
import { StudentAttendanceMenu } from '@/features/attendance/components/StudentAttendanceMenu';
import { PairingCodeButton } from '@/features/notifications/components/PairingCodeButton';
import { StudentsPage } from '@/features/students/components/StudentsPage';

const fullName = (student: { first_name: string; last_name: string | null }) =>
  [student.first_name, student.last_name].filter(Boolean).join(' ');

// The app composes features: the student list shows the notifications feature's pairing action
// and the attendance feature's menu (ID card, attendance history). A student who left has no
// phone to pair (leaving signs their phones out, issue 19).
const rowActions = (student: StudentListItem) => (
  <>
    {student.status === 'left' ? null : <PairingCodeButton studentId={student.id} studentName={fullName(student)} />}
    <StudentAttendanceMenu
      studentId={student.id}
      holder={{ name: fullName(student), mobile: student.mobile, photo: student.profile_thumb }}
    />
  </>
);

export function StudentsRoute() {
  return (
    <>
      <title>{`${studentMessages.heading} · ${coreMessages.app.name}`}</title>
      <StudentsPage rowActions={rowActions} />
    </>
  );
}
