import { messages } from '@app/shared';
import { DashboardPage } from '@/features/dashboard/components/DashboardPage';

export function DashboardRoute() {
  return (
    <>
      <title>{`${messages.shell.dashboard} · ${messages.app.name}`}</title>
      <DashboardPage />
    </>
  );
}
