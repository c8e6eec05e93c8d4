import { coreMessages } from '@app/shared';
import { DashboardPage } from '@/features/dashboard/components/DashboardPage';

export function DashboardRoute() {
  return (
    <>
      <title>{`${coreMessages.shell.dashboard} · ${coreMessages.app.name}`}</title>
      <DashboardPage />
    </>
  );
}
