import { auditMessages, coreMessages } from '@app/shared';
import { ActivityPage } from '@/features/audit/components/ActivityPage';

export function ActivityRoute() {
  return (
    <>
      <title>{`${auditMessages.heading} · ${coreMessages.app.name}`}</title>
      <ActivityPage />
    </>
  );
}
