import fp from 'fastify-plugin';
import type { onSendAsyncHookHandler } from 'fastify';
import { hasAuditEntry } from '../db/audit-log.repository';
import { AUDIT_ACTIONS, writeAudit, type AuditEvent } from '../lib/audit';

type Action = AuditEvent['action'];

/**
 * What each signed-in write records in the audit log when its service does not record it
 * itself (issue 16: every write says who did it, and the owner sees the team's activity).
 * 'self': the service writes its own, richer entry in the same transaction.
 * A write route missing here is still recorded, as `admin.write` with its method and path;
 * security/write-audit.test.ts fails until it is named.
 */
export const WRITE_AUDIT: Record<string, { action: Action; entityType: string } | 'self'> = {
  'POST /api/auth/logout': 'self',
  'POST /api/auth/change-password': 'self',
  'PUT /api/admin/update-admin-profile': 'self',
  'PUT /api/auth/language': 'self',
  'POST /api/user': { action: AUDIT_ACTIONS.studentCreated, entityType: 'student' },
  'PUT /api/user/:id': { action: AUDIT_ACTIONS.studentUpdated, entityType: 'student' },
  'PATCH /api/user/:id/kyc': { action: AUDIT_ACTIONS.studentKycChanged, entityType: 'student' },
  'POST /api/user/:id/leave': 'self',
  'POST /api/user/:id/rejoin': 'self',
  'POST /api/subscription': { action: AUDIT_ACTIONS.subscriptionCreated, entityType: 'subscription' },
  'PUT /api/subscription/:id': { action: AUDIT_ACTIONS.subscriptionUpdated, entityType: 'subscription' },
  'PUT /api/subscription/renew/:id': { action: AUDIT_ACTIONS.subscriptionRenewed, entityType: 'subscription' },
  'POST /api/area': { action: AUDIT_ACTIONS.areaCreated, entityType: 'area' },
  'PUT /api/area/:id': { action: AUDIT_ACTIONS.areaUpdated, entityType: 'area' },
  'DELETE /api/area/:id': 'self',
  'POST /api/area/:id/generate-seats': { action: AUDIT_ACTIONS.seatsGenerated, entityType: 'area' },
  'PUT /api/seat/:id': { action: AUDIT_ACTIONS.seatUpdated, entityType: 'seat' },
  'DELETE /api/seat/:id': 'self',
  'POST /api/admin/sendFCMNotificationToAllUsers': {
    action: AUDIT_ACTIONS.notificationSent,
    entityType: 'notification',
  },
  'POST /api/attendance/check': { action: AUDIT_ACTIONS.checkIn, entityType: 'check_in' },
  'POST /api/seat': { action: AUDIT_ACTIONS.seatCreated, entityType: 'seat' },
  'POST /api/user/:id/pairing-code': { action: AUDIT_ACTIONS.pairingCodeMade, entityType: 'student' },
  'DELETE /api/user/:id/devices/:deviceId': { action: AUDIT_ACTIONS.studentDeviceRemoved, entityType: 'student' },
  'DELETE /api/user/:id/sessions/:sessionId': 'self',
  'POST /api/dues/:subscriptionId/reminders': 'self',
  'POST /api/subscription/:id/payments': 'self',
  'POST /api/payments/:id/void': 'self',
  'POST /api/payments/:id/adjustments': 'self',
  'PUT /api/settings': 'self',
  'POST /api/receipts/:paymentId/links': 'self',
  'DELETE /api/receipts/:paymentId/links': 'self',
  'POST /api/expenses': 'self',
  'PUT /api/expenses/:id': 'self',
  'DELETE /api/expenses/:id': 'self',
  'POST /api/expenses/recurring': 'self',
  'PUT /api/expenses/recurring/:id': 'self',
  'DELETE /api/expenses/recurring/:id': 'self',
  'POST /api/user/:id/id-card': 'self',
  'DELETE /api/user/:id/id-card': 'self',
  'POST /api/team/invitations': 'self',
  'POST /api/team/invitations/:id/resend': 'self',
  'DELETE /api/team/invitations/:id': 'self',
  'POST /api/team/people': 'self',
  'PATCH /api/team/people/:id': 'self',
  'POST /api/team/people/:id/deactivate': 'self',
  'POST /api/team/people/:id/reactivate': 'self',
  'POST /api/user/:id/erase': 'self',
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Records each successful signed-in write that its service does not audit itself (see WRITE_AUDIT). */
export default fp(
  async (app) => {
    const recordWrite: onSendAsyncHookHandler = async (request, reply, payload) => {
      const auth = request.auth;
      if (!auth || READS.has(request.method) || reply.statusCode >= 400) return payload;
      const key = `${request.method} ${request.routeOptions.url ?? ''}`;
      const declared = WRITE_AUDIT[key];
      if (declared === 'self') return payload;
      const params = (request.params ?? {}) as Record<string, unknown>;
      const entityId = typeof params.id === 'string' ? params.id : idInAnswer(payload);
      const event: AuditEvent = declared
        ? { ...declared, entityId }
        : { action: AUDIT_ACTIONS.adminWrite, entityType: 'request', entityId, detail: key };
      try {
        // A write replayed for its Idempotency-Key did nothing new.
        const replay = request.headers['idempotency-key'] && entityId && declared;
        if (replay && (await hasAuditEntry(app.db, auth.libraryId, event.action, entityId))) return payload;
        await writeAudit(app.db, { libraryId: auth.libraryId, adminId: auth.adminId, ip: request.ip }, event);
      } catch (error) {
        // The write itself is done: its answer goes out; the missing entry is logged.
        request.log.error({ err: error, route: key }, 'could not record the write in the audit log');
      }
      return payload;
    };
    // Only routes that write get the hook: reads (every list, every page load) do not pay
    // for a hook that has nothing to do on them (issue 18, docs/performance.md).
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().every((method) => READS.has(method))) return;
      route.onSend = [recordWrite, ...[route.onSend ?? []].flat()];
    });
  },
  { name: 'write-audit', dependencies: ['db', 'auth'] },
);

/** `data.id` of a JSON answer (a created record's id), when there is one. */
function idInAnswer(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > 1_000_000) return null;
  try {
    const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
  } catch {
    return null;
  }
}
