import { messages } from '@app/shared';
import { PairingCodeButton } from '@/features/notifications/components/PairingCodeButton';
import { StudentsPage } from '@/features/students/components/StudentsPage';

// The app composes features: the student list shows the notifications feature's pairing action.
const pairingAction = (student: { id: string; first_name: string; last_name: string | null }) => (
  <PairingCodeButton
    studentId={student.id}
    studentName={[student.first_name, student.last_name].filter(Boolean).join(' ')}
  />
);

export function StudentsRoute() {
  return (
    <>
      <title>{`${messages.students.heading} · ${messages.app.name}`}</title>
      <StudentsPage rowActions={pairingAction} />
    </>
  );
}
