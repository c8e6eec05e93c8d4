import { messages } from '@app/shared';
import { SeatsPage } from '@/features/seats/components/SeatsPage';

export function SeatsRoute() {
  return (
    <>
      <title>{`${messages.seats.heading} · ${messages.app.name}`}</title>
      <SeatsPage />
    </>
  );
}
