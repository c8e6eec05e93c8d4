import { messages } from '@app/shared';
import { SettingsPage } from '@/features/settings/components/SettingsPage';

export function SettingsRoute() {
  return (
    <>
      <title>{`${messages.settings.title} · ${messages.app.name}`}</title>
      <SettingsPage />
    </>
  );
}
