import { messages } from '@app/shared';
import { CheckInPage } from '@/features/attendance/components/CheckInPage';

export function CheckInRoute() {
  return (
    <>
      <title>{`${messages.desk.checkIn.title} · ${messages.app.name}`}</title>
      <CheckInPage />
    </>
  );
}
