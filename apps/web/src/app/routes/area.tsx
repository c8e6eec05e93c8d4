import { areaMessages, coreMessages } from '@app/shared';
import { AreasPage } from '@/features/areas/components/AreasPage';

export function AreaRoute() {
  return (
    <>
      <title>{`${areaMessages.heading} · ${coreMessages.app.name}`}</title>
      <AreasPage />
    </>
  );
}
