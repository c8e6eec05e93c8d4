import { coreMessages, deskMessages } from '@app/shared';
import { AttendancePage } from '@/features/attendance/components/AttendancePage';

export function AttendanceRoute() {
  return (
    <>
      <title>{`${deskMessages.attendance.title} · ${coreMessages.app.name}`}</title>
      <AttendancePage />
    </>
  );
}
