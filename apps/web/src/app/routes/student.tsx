import { messages } from '@app/shared';
import { StudentsPage } from '@/features/students/components/StudentsPage';

export function StudentsRoute() {
  return (
    <>
      <title>{`${messages.students.heading} · ${messages.app.name}`}</title>
      <StudentsPage />
    </>
  );
}
