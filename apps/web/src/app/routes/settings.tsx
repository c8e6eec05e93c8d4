import { coreMessages, settingsMessages } from '@app/shared';
import { SettingsPage } from '@/features/settings/components/SettingsPage';

export function SettingsRoute() {
  return (
    <>
      <title>{`${settingsMessages.title} · ${coreMessages.app.name}`}</title>
      <SettingsPage />
    </>
  );
}
