import type { z } from 'zod';
import {
  canTakeWhatsApp,
  dueReference,
  formatDateDMY,
  formatDateTimeDMY,
  formatRupees,
  formatWindow,
  messages,
  paginate,
  renderReminder,
  upiPayLink,
  type DueRecord,
  type DuesSummary,
  type ReminderRecord,
  type dueListQuerySchema,
  type reminderCreateSchema,
} from '@app/shared';
import { AppError, notFound } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import { toCsv } from '../../lib/csv';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './dues.repository';

const m = messages.dues;

type ListQuery = z.output<typeof dueListQuerySchema>;
type ReminderInput = z.output<typeof reminderCreateSchema>;

export type DuesContext = ServiceContext;

const fullName = (row: { first_name: string; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ');

/** A due as the screen shows it: its UPI link and reminder text made from the library's settings. */
function present(row: repository.DueRow, settings: repository.DuesSettingsRow): DueRecord {
  const amountDue = Number(row.amount_due);
  const reference = dueReference(
    row.subscription_id,
    row.plan_expires_at,
    row.group === 'unpaid' ? 'balance' : 'renewal',
  );
  const upiLink = settings.upi_id
    ? upiPayLink({
        vpa: settings.upi_id,
        payee: settings.upi_payee_name ?? settings.library_name,
        amount: amountDue,
        note: m.upiNote(settings.library_name, fullName(row)),
        reference,
      })
    : null;
  const reminderText = renderReminder(settings.reminder_template ?? messages.settings.defaultReminderTemplate, {
    name: row.first_name,
    library: settings.library_name,
    expiry: formatDateDMY(row.plan_expires_at),
    amount: formatRupees(amountDue),
    upi_link: upiLink,
  });
  return {
    ...row,
    balance: Number(row.balance),
    renewal_price: Number(row.renewal_price),
    amount_due: amountDue,
    upi_reference: reference,
    upi_link: upiLink,
    reminder_text: reminderText,
  };
}

function orderOf(query: ListQuery): repository.DueFilters & repository.DueOrder {
  return { group: query.group, search: query.search, sortBy: query.sortBy, descending: query.sortOrder === 'DESC' };
}

async function settingsOf(context: DuesContext, actor: Actor) {
  const settings = await repository.duesSettings(context.db, actor.libraryId);
  if (!settings) throw notFound();
  return settings;
}

/** The summary, from the groups' totals and whether reminders worked. */
function summaryOf(
  settings: repository.DuesSettingsRow,
  totals: repository.DuesTotals,
  effect: Awaited<ReturnType<typeof repository.reminderEffect>>,
): DuesSummary {
  const total = (key: keyof repository.DuesTotals) => ({
    count: totals[key].count,
    amount: Number(totals[key].amount),
  });
  return {
    expiring: total('expiring'),
    expired: total('expired'),
    unpaid: total('unpaid'),
    outstanding: total('outstanding'),
    reminders: { reminded: effect.reminded, paid: effect.paid, amount: Number(effect.amount) },
    expiring_days: settings.expiring_days,
    grace_days: settings.grace_days,
  };
}

/** The dashboard's "Dues outstanding" and the dues screen's group totals. */
export async function duesSummary(context: DuesContext, actor: Actor): Promise<DuesSummary> {
  const [settings, totals, effect] = await Promise.all([
    settingsOf(context, actor),
    repository.duesTotals(context.db, actor.libraryId),
    repository.reminderEffect(context.db, actor.libraryId),
  ]);
  return summaryOf(settings, totals, effect);
}

/**
 * One group of dues, searched, sorted and paged, with the summary: the page, its count and
 * every group's totals come from one statement (repository.listDues).
 */
export async function listDues(context: DuesContext, actor: Actor, query: ListQuery) {
  const [settings, { rows, total, totals }, effect] = await Promise.all([
    settingsOf(context, actor),
    repository.listDues(context.db, actor.libraryId, {
      ...orderOf(query),
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    repository.reminderEffect(context.db, actor.libraryId),
  ]);
  return {
    dues: rows.map((row) => present(row, settings)),
    pagination: paginate(query.page, query.limit, total),
    summary: summaryOf(settings, totals, effect),
  };
}

/** The CSV's header, read when a file is made (in the caller's language). */
const csvHeader = () => [
  m.columns.student,
  m.columns.mobile,
  m.columns.place,
  m.columns.window,
  m.columns.expiry,
  m.csvColumns.balance,
  m.csvColumns.renewalPrice,
  `${m.columns.amountDue} (INR)`,
  m.columns.lastReminder,
  m.csvColumns.reminderChannel,
  m.csvColumns.remindedBy,
  m.csvColumns.upiReference,
];

/**
 * One group of dues as CSV, with the list's search and sort, and the library's today (the
 * file is named after it). Amounts are written as PostgreSQL computed them.
 */
export async function duesCsv(context: DuesContext, actor: Actor, query: ListQuery) {
  const settings = await settingsOf(context, actor);
  async function* lines() {
    yield toCsv([csvHeader()]);
    for await (const rows of repository.allDues(context.db, actor.libraryId, orderOf(query))) {
      yield toCsv(
        rows.map((row) => [
          fullName(row),
          row.mobile,
          row.seat_name ? `${row.seat_name}${row.area_name ? ` (${row.area_name})` : ''}` : m.pool,
          formatWindow(row.start_time, row.end_time),
          formatDateDMY(row.plan_expires_at),
          row.balance,
          row.renewal_price,
          row.amount_due,
          row.last_reminded_at ? formatDateTimeDMY(row.last_reminded_at, settings.time_zone) : '',
          row.last_reminder_channel ? m.channels[row.last_reminder_channel] : '',
          row.last_reminder_by ?? '',
          dueReference(row.subscription_id, row.plan_expires_at, row.group === 'unpaid' ? 'balance' : 'renewal'),
        ]),
      );
    }
  }
  return { today: settings.today, lines: lines() };
}

/**
 * Records a reminder sent from the dues screen: the due must be in that group now (404),
 * and the student's mobile must take WhatsApp and SMS (422 on `mobile`). Kept with when,
 * who, the channel, the amount and the plan's expiry, and in the audit log.
 */
export async function recordReminder(
  context: DuesContext,
  actor: Actor,
  subscriptionId: string,
  input: ReminderInput,
): Promise<ReminderRecord> {
  return context.db.transaction(async (tx) => {
    const due = await repository.findDue(tx, actor.libraryId, subscriptionId, input.group);
    if (!due) throw notFound(m.dueNotFound);
    if (!canTakeWhatsApp(due.mobile)) {
      throw new AppError(422, m.noWhatsApp, [{ field: 'mobile', message: m.noWhatsApp }]);
    }
    const reminder = await repository.insertReminder(tx, actor.libraryId, {
      subscriptionId,
      group: input.group,
      channel: input.channel,
      planExpiresAt: due.plan_expires_at,
      amount: due.amount_due,
      sentBy: actor.adminId,
    });
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.dueReminded,
      entityType: 'subscription',
      entityId: subscriptionId,
      detail: `${input.group} by ${input.channel}`,
    });
    return { ...reminder, amount: Number(reminder.amount) };
  });
}
