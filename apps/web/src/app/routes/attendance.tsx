import { messages } from '@app/shared';
import { AttendancePage } from '@/features/attendance/components/AttendancePage';

export function AttendanceRoute() {
  return (
    <>
      <title>{`${messages.desk.attendance.title} · ${messages.app.name}`}</title>
      <AttendancePage />
    </>
  );
}
