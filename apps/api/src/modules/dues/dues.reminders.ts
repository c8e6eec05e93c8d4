import { formatDateDMY, messages } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { queueStudentNotification } from '../../lib/push/outbox.repository';
import { withLanguage } from '../../plugins/language';
import type { PushHandle } from '../../plugins/push';
import { createIntervalWorker, type IntervalWorker, type WorkerLogger } from '../../lib/interval-worker';
import * as repository from './dues.repository';

const m = messages.dues;

export interface DuesReminderWorkerOptions {
  db: DbOrTx;
  push: Pick<PushHandle, 'fcm' | 'active' | 'kick'>;
  logger: WorkerLogger;
  /** Pause between rounds (DUES_REMINDER_INTERVAL_MS). */
  intervalMs: number;
}

/** Its rounds: `runOnce` is one round over every library with the switch on, answering how many reminders it queued. */
export type DuesReminderWorker = IntervalWorker<number>;

function pushBody(candidate: repository.PushCandidateRow): string {
  const amount = Number(candidate.amount_due);
  const expiry = formatDateDMY(candidate.plan_expires_at);
  switch (candidate.stage) {
    case 'before':
      return m.pushBody.before(expiry, amount);
    case 'on_day':
      return m.pushBody.onDay(amount);
    case 'after':
      return m.pushBody.after(expiry, amount);
  }
}

/**
 * A reminder's texts. The worker serves no request, so it names the languages (issue 20): the
 * push in the student's (else the library owner's, else English), and what the history records
 * when no provider can deliver it in the owner's.
 */
export function reminderTexts(candidate: repository.PushCandidateRow) {
  const { title, body } = withLanguage(candidate.language, () => ({
    title: m.pushTitle(candidate.library_name),
    body: pushBody(candidate),
  }));
  const failReason = withLanguage(candidate.owner_language, () => messages.notification.noProviderReason);
  return { title, body, failReason };
}

/**
 * Automatic push reminders of dues (issue 13), in every server process: for each library
 * that switched them on, each not-renewed plan of a student with a paired phone is reminded
 * once per stage (N days before expiry, on the day, after the grace period). Each reminder
 * and its notification are written in one transaction; the partial unique index on
 * `due_reminders` makes a second process's insert a no-op, so it queues nothing.
 */
export function createDuesReminderWorker(options: DuesReminderWorkerOptions): DuesReminderWorker {
  const { db, push, logger, intervalMs } = options;

  async function remindLibrary(libraryId: string): Promise<number> {
    let queued = 0;
    for (const candidate of await repository.pushCandidates(db, libraryId, { fcm: push.fcm, webPush: push.active })) {
      const { title, body, failReason } = reminderTexts(candidate);
      const sent = await db.transaction(async (tx) => {
        const inserted = await repository.insertPushReminder(tx, libraryId, {
          subscriptionId: candidate.subscription_id,
          stage: candidate.stage,
          planExpiresAt: candidate.plan_expires_at,
          amount: candidate.amount_due,
        });
        if (!inserted) return false;
        await queueStudentNotification(
          tx,
          libraryId,
          candidate.student_id,
          { adminId: null, title, body },
          { fcm: push.fcm, webPush: push.active, failReason },
        );
        return true;
      });
      if (sent) queued += 1;
    }
    return queued;
  }

  async function runOnce(): Promise<number> {
    let queued = 0;
    for (const libraryId of await repository.librariesWithAutoPush(db)) {
      try {
        queued += await remindLibrary(libraryId);
      } catch (error) {
        // One library's failure must not keep the others' reminders back.
        logger.error({ err: error, libraryId }, 'dues: push reminders failed');
      }
    }
    if (queued > 0) {
      logger.info({ queued }, 'dues: push reminders queued');
      push.kick();
    }
    return queued;
  }

  return createIntervalWorker({ runOnce, intervalMs, logger, failure: 'dues: push reminder round failed' });
}
