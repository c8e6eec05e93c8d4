import { messages } from '@app/shared';
import { AreasPage } from '@/features/areas/components/AreasPage';

export function AreaRoute() {
  return (
    <>
      <title>{`${messages.areas.heading} · ${messages.app.name}`}</title>
      <AreasPage />
    </>
  );
}
