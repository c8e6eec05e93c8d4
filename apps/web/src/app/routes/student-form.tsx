import { useParams } from 'react-router';
import { coreMessages, studentMessages } from '@app/shared';
import { StudentFormPage } from '@/features/students/components/StudentFormPage';

const m = studentMessages;

/** Its own chunk: the date picker loads only with the form, not with the list. */
export function StudentFormRoute() {
  const { user_id: studentId } = useParams();
  return (
    <>
      <title>{`${studentId ? m.editTitle : m.addTitle} · ${coreMessages.app.name}`}</title>
      <StudentFormPage />
    </>
  );
}
