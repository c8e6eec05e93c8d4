import { coreMessages, seatMessages } from '@app/shared';
import { SeatsPage } from '@/features/seats/components/SeatsPage';

export function SeatsRoute() {
  return (
    <>
      <title>{`${seatMessages.heading} · ${coreMessages.app.name}`}</title>
      <SeatsPage />
    </>
  );
}
