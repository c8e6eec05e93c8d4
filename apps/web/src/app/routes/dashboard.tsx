import { messages } from '@app/shared';
import { DashboardGreeting } from '@/features/dashboard/components/DashboardGreeting';

export function DashboardRoute() {
  return (
    <>
      <title>{`${messages.shell.dashboard} · ${messages.app.name}`}</title>
      <DashboardGreeting />
    </>
  );
}
