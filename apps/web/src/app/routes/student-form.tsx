import { useParams } from 'react-router';
import { messages } from '@app/shared';
import { StudentFormPage } from '@/features/students/components/StudentFormPage';

const m = messages.students;

/** Its own chunk: the date picker loads only with the form, not with the list. */
export function StudentFormRoute() {
  const { user_id: studentId } = useParams();
  return (
    <>
      <title>{`${studentId ? m.editTitle : m.addTitle} · ${messages.app.name}`}</title>
      <StudentFormPage />
    </>
  );
}
