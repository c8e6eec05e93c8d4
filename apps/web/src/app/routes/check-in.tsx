import { coreMessages, deskMessages } from '@app/shared';
import { CheckInPage } from '@/features/attendance/components/CheckInPage';

export function CheckInRoute() {
  return (
    <>
      <title>{`${deskMessages.checkIn.title} · ${coreMessages.app.name}`}</title>
      <CheckInPage />
    </>
  );
}
