import { messages, teamScreenMessages } from '@app/shared';
import { TeamPage } from '@/features/team/components/TeamPage';

export function TeamRoute() {
  return (
    <>
      <title>{`${teamScreenMessages.title} · ${messages.app.name}`}</title>
      <TeamPage />
    </>
  );
}
