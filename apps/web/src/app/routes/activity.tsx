import { messages } from '@app/shared';
import { ActivityPage } from '@/features/audit/components/ActivityPage';

export function ActivityRoute() {
  return (
    <>
      <title>{`${messages.audit.heading} · ${messages.app.name}`}</title>
      <ActivityPage />
    </>
  );
}
