import { useSyncExternalStore } from 'react';

/** Chrome's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Keeps Chrome's `beforeinstallprompt` for the Install button instead of its own mini-infobar. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The install prompt when the browser offers one (else null), and what opens it. */
export function useInstallPrompt(): { canInstall: boolean; install: () => Promise<void> } {
  const event = useSyncExternalStore(subscribe, () => deferred);
  return {
    canInstall: event !== null,
    install: async () => {
      if (!deferred) return;
      const prompt = deferred;
      await prompt.prompt();
      await prompt.userChoice.catch(() => undefined);
      // A prompt opens once: Chrome fires a new event if it may be offered again.
      deferred = null;
      notify();
    },
  };
}
