import { auditMessages } from '@app/shared';

/**
 * An audit entry's detail as stored, or its name in the page's language when it is one of its
 * action's codes (the language chosen, who gave a consent): English shows the code as stored.
 */
export function auditDetailText(action: string, detail: string): string {
  return auditMessages.details[action]?.[detail] ?? detail;
}
