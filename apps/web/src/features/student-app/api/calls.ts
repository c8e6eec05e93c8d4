import type {
  Language,
  StudentInbox,
  StudentMe,
  StudentPassKey,
  StudentPayments,
  StudentSessionResult,
} from '@app/shared';
import { languageMessages, studentAppMessages as text } from '@app/shared';
import { adoptServerLanguage, languageField } from '@/lib/language-switch';
import { studentRequest } from './client';

/** The student calls (issue 15's contract), each with the text shown when it fails without a message. */
export const studentApi = {
  join: (pairingCode: string) =>
    studentRequest<StudentSessionResult>('/student/session', {
      method: 'POST',
      body: { pairing_code: pairingCode },
      anonymous: true,
      fallback: text.join.failed,
    }),
  /** Issue 20: the student's language, kept with their sign-in. */
  saveLanguage: (language: Language) =>
    studentRequest<{ language: Language }>('/student/language', {
      method: 'PUT',
      body: { language },
      fallback: languageMessages.saveFailed,
    }),
  signOut: () => studentRequest<unknown>('/student/session', { method: 'DELETE', fallback: text.signOut.failed }),
  // Issue 20: the student's language (chosen on another phone, say) wins over this phone's.
  me: () =>
    studentRequest<StudentMe>('/student/me', { fallback: text.fetchFailed }).then((me) => {
      adoptServerLanguage(languageField(me.student), studentApi.saveLanguage);
      return me;
    }),
  payments: () => studentRequest<StudentPayments>('/student/payments', { fallback: text.fetchFailed }),
  inbox: (page = 1, limit = 25) =>
    studentRequest<StudentInbox>(`/student/notifications?page=${page}&limit=${limit}`, { fallback: text.fetchFailed }),
  markRead: (id: string) =>
    studentRequest<{ unread_count: number }>(`/student/notifications/${encodeURIComponent(id)}/read`, {
      method: 'POST',
      fallback: text.inbox.markFailed,
    }),
  markAllRead: () =>
    studentRequest<{ unread_count: number }>('/student/notifications/read-all', {
      method: 'POST',
      fallback: text.inbox.markFailed,
    }),
  passKey: () => studentRequest<StudentPassKey>('/student/pass-key', { fallback: text.pass.failed }),
  vapidPublicKey: () =>
    studentRequest<{ public_key: string }>('/push/vapid-public-key', { anonymous: true, fallback: text.push.failed }),
  /** Registers this browser's push subscription as a `web` device of the student's session. */
  registerPush: (subscription: PushSubscriptionJSON) =>
    studentRequest<unknown>('/devices', {
      method: 'POST',
      body: { platform: 'web', subscription },
      fallback: text.push.failed,
    }),
};
