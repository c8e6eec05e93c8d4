import { useCallback, useState } from 'react';
import { studentAppMessages as text } from '@app/shared';
import { studentApi } from '../api/calls';
import { readStudentSession } from '../api/session';

export type PushState = 'unsupported' | 'off' | 'busy' | 'on' | 'denied' | 'failed';

/** Sessions whose subscription the server has (a new sign-in on this phone must register again). */
const registeredKey = (sessionId: string) => `student-push:${sessionId}`;

function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function initialState(): PushState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const session = readStudentSession();
  const registered = session !== null && localStorage.getItem(registeredKey(session.session_id)) !== null;
  return Notification.permission === 'granted' && registered ? 'on' : 'off';
}

/**
 * Web Push for this phone: whether it is on, and turning it on (the browser's permission, a
 * subscription with the server's VAPID key, and the subscription registered as a `web` device of
 * the student's session). Only ever asked from a button, never on load.
 */
export function usePush(): { state: PushState; error: string | undefined; enable: () => Promise<void> } {
  const [state, setState] = useState<PushState>(initialState);
  const [error, setError] = useState<string | undefined>(undefined);

  const enable = useCallback(async () => {
    const session = readStudentSession();
    if (!session || !pushSupported()) return;
    setState('busy');
    setError(undefined);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const { public_key } = await studentApi.vapidPublicKey();
      const existing = await registration.pushManager.getSubscription();
      const subscription =
        existing ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: applicationServerKey(public_key),
        }));
      await studentApi.registerPush(subscription.toJSON());
      localStorage.setItem(registeredKey(session.session_id), '1');
      setState('on');
    } catch (failure) {
      setError(failure instanceof Error && failure.name === 'StudentApiError' ? failure.message : text.push.failed);
      setState('failed');
    }
  }, []);

  return { state, error, enable };
}
