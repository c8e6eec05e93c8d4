import { teamScreenMessages, coreMessages } from '@app/shared';
import { TeamPage } from '@/features/team/components/TeamPage';

export function TeamRoute() {
  return (
    <>
      <title>{`${teamScreenMessages.title} · ${coreMessages.app.name}`}</title>
      <TeamPage />
    </>
  );
}
