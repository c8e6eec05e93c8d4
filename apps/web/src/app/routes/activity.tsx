import { messages } from '@app/shared';
import { ActivityPage } from '@/features/activity/components/ActivityPage';

export function ActivityRoute() {
  return (
    <>
      <title>{`${messages.audit.heading} · ${messages.app.name}`}</title>
      <ActivityPage />
    </>
  );
}
