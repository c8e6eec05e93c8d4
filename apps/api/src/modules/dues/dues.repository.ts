import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_DUES_EXPIRING_DAYS,
  DEFAULT_DUES_GRACE_DAYS,
  DUE_GROUPS,
  type DUE_SORT_KEYS,
  type DueGroup,
  type Language,
} from '@app/shared';
import { balanceSql, countedFee } from '../../db/account';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../lib/sql-like';
import { isoUtc } from '../../db/sql-time';

/**
 * The dues' SQL (docs/decisions.md, "Dues and reminders"). Every figure is computed here:
 * the library's today in its time zone, balances (agreed prices minus payments), renewal
 * prices from the price list, amounts due, reminders and their effect. Amounts come back
 * as PostgreSQL's exact decimal text; the service turns them into numbers at the edge.
 */

/** A library's name, its today and its dues settings (the defaults while it has no settings row). */
export type DuesSettingsRow = {
  library_name: string;
  time_zone: string;
  today: string;
  expiring_days: number;
  grace_days: number;
  upi_id: string | null;
  upi_payee_name: string | null;
  reminder_template: string | null;
  auto_push_reminders: boolean;
};

/** The library (`l`) with its settings and today, as the CTE `lib`. */
const libraryOf = (libraryId: string) => sql`
  select l.id, l.name, l.time_zone, (now() at time zone l.time_zone)::date as today,
         coalesce(ls.dues_expiring_days, ${DEFAULT_DUES_EXPIRING_DAYS}::int) as expiring_days,
         coalesce(ls.dues_grace_days, ${DEFAULT_DUES_GRACE_DAYS}::int) as grace_days,
         ls.upi_id, ls.upi_payee_name, ls.reminder_template, coalesce(ls.auto_push_reminders, false) as auto_push_reminders
  from libraries l left join library_settings ls on ls.library_id = l.id
  where l.id = ${libraryId}`;

export async function duesSettings(db: DbOrTx, libraryId: string): Promise<DuesSettingsRow | undefined> {
  const result = await db.execute<DuesSettingsRow>(sql`
    select name as library_name, time_zone, to_char(today, 'YYYY-MM-DD') as today, expiring_days, grace_days,
           upi_id, upi_payee_name, reminder_template, auto_push_reminders
    from (${libraryOf(libraryId)}) lib`);
  return result.rows[0];
}

// The fragments below speak of one subscription, `sub`.

/** Agreed prices of all its periods minus every payment towards them (the shared rule, db/account.ts). */
const balance = balanceSql({ libraryId: sql`sub.library_id`, subscriptionId: sql`sub.id` });

/** Renewed: the same student holds another subscription than the plan `alias` that ends later. */
function renewedOf(alias: string): SQL {
  const plan = sql.raw(alias);
  return sql`exists (
  select 1 from subscriptions later
  where later.library_id = ${plan}.library_id and later.student_id = ${plan}.student_id
    and later.id <> ${plan}.id and later.plan_expires_at > ${plan}.plan_expires_at)`;
}

// Minutes from midnight, seconds dropped, as the shared windowMinutes reads `HH:mm[:ss]`.
const startMinute = sql`(extract(hour from sub.start_time)::int * 60 + extract(minute from sub.start_time)::int)`;
const endMinute = sql`(extract(hour from sub.end_time)::int * 60 + extract(minute from sub.end_time)::int)`;
/** How long the daily window lasts in minutes; a window past midnight wraps, an empty one is the whole day. */
const windowMinutes = sql`(case when ${endMinute} > ${startMinute} then ${endMinute} - ${startMinute}
  else ${endMinute} - ${startMinute} + 1440 end)`;

/**
 * The price list's price of a plan of library `plan.library`, `plan.months` long, reserved or not,
 * whose daily window lasts `plan.windowMinutes`: the smallest daily-hours tier the window fits in,
 * else the any-length entry; null when the list has neither.
 */
function listedPrice(plan: { library: SQL; months: SQL; reserved: SQL; windowMinutes: SQL }): SQL {
  const samePlan = sql`p.library_id = ${plan.library} and p.duration_months = ${plan.months}
    and p.is_reserved = ${plan.reserved}`;
  return sql`coalesce(
    (select p.price from price_list p
      where ${samePlan} and p.window_hours * 60 >= ${plan.windowMinutes}
      order by p.window_hours limit 1),
    (select p.price from price_list p where ${samePlan} and p.window_hours is null))`;
}

/** The plan's last agreed price, when the price list has none for it. */
const lastAgreedPrice = sql`(select c.price from subscription_charges c
  where c.library_id = sub.library_id and c.subscription_id = sub.id
  order by c.created_at desc, c.id desc limit 1)`;

/**
 * The next period's price: the price list's entry for the plan, else the last price agreed for
 * it. The shared `lookupPrice` says the same (a property test holds them together).
 */
const renewalPrice = sql`coalesce(${listedPrice({
  library: sql`sub.library_id`,
  months: sql`sub.duration_months`,
  reserved: sql`sub.is_reserved`,
  windowMinutes,
})}, ${lastAgreedPrice}, 0)`;

/**
 * Issue 19: the plan's student is still a member. A student who left will not renew, so their
 * plans leave the expiring and expired groups and the automatic reminders; what they still owe
 * stays in the unpaid group.
 */
const studentIsMember = sql`exists (
  select 1 from students member where member.library_id = sub.library_id and member.id = sub.student_id
    and member.status = 'active')`;

type RenewalGroup = Exclude<DueGroup, 'unpaid'>;

/** The first and last of the library's days a renewal group covers (`lib` is the library's row with its today). */
const GROUP_DAYS: Record<RenewalGroup, { first: SQL; last: SQL }> = {
  expiring: { first: sql`lib.today`, last: sql`lib.today + lib.expiring_days` },
  expired: { first: sql`lib.today - lib.grace_days`, last: sql`lib.today - 1` },
};

/**
 * The CTE `renewal_due`: the plans of the renewal `groups` (expiring, expired or both) with
 * their group and daily window in minutes.
 *
 * The plans ending on the groups' days, read as one range (the groups' days are next to each
 * other: the grace period, then today to N days ahead) of migration 0025's
 * subscriptions_dues_expiry_idx, from the index alone; those not renewed (`renewed`, here of
 * `ending`), each asked of 0025's subscriptions_dues_renewed_idx alone; then, of those (about
 * half at the largest libraries), those whose student is still a member. The `offset 0` keeps
 * this order and the range scan (without it a generic plan, sized for an average library, walked
 * every member's plans). A plan ending today or later is expiring, one that ended before is expired.
 */
function renewalDue(groups: readonly RenewalGroup[], subscriptionId?: string): SQL {
  const first = groups.includes('expired') ? GROUP_DAYS.expired.first : GROUP_DAYS.expiring.first;
  const last = groups.includes('expiring') ? GROUP_DAYS.expiring.last : GROUP_DAYS.expired.last;
  const only = subscriptionId ? sql`and ending.id = ${subscriptionId}` : sql``;
  return sql`renewal_due as (
    select case when sub.plan_expires_at >= lib.today then 'expiring' else 'expired' end as due_group,
           sub.id, sub.library_id, sub.student_id, sub.seat_id, sub.is_reserved, sub.start_time, sub.end_time,
           sub.plan_expires_at, sub.duration_months, ${windowMinutes} as window_minutes
    from lib cross join lateral (
      select ending.id, ending.library_id, ending.student_id, ending.seat_id, ending.is_reserved, ending.start_time,
             ending.end_time, ending.plan_expires_at, ending.duration_months
      from subscriptions ending
      where ending.library_id = lib.id and ending.plan_expires_at between ${first} and ${last} ${only}
        and not ${renewedOf('ending')}
      offset 0
    ) sub
    where ${studentIsMember}
  )`;
}

/**
 * The CTE `listed_prices`: the price list's price of each plan kind among the renewal dues
 * (months, reserved or not, the daily window's minutes), looked up once per kind rather than
 * once per plan (`listedPrice`, which `renewalPrice` asks per plan); null leaves the plan's last
 * agreed price (a randomized test holds the dues to the definition written plan by plan).
 */
const listedPrices = sql`listed_prices as materialized (
  select kind.duration_months, kind.is_reserved, kind.window_minutes, ${listedPrice({
    library: sql`lib.id`,
    months: sql`kind.duration_months`,
    reserved: sql`kind.is_reserved`,
    windowMinutes: sql`kind.window_minutes`,
  })} as price
  from lib cross join (select distinct duration_months, is_reserved, window_minutes from renewal_due) kind
)`;

/**
 * A due plan's balance: its kept agreed prices minus payments (migration 0021), equal to THE
 * rule's (db/account.ts, held so by subscription-balances.test.ts); one row read by its key
 * instead of two sums over its charges and fees for each of the thousands of plans a large
 * library's totals cover.
 */
const keptBalance = sql`coalesce((select b.price - b.paid from subscription_balances b where b.subscription_id = sub.id), 0)`;

/**
 * The CTEs `lib` and `dues`: one row per subscription and group it is due in, with its
 * balance, renewal price (0 for an unpaid balance) and amount due.
 *
 * Expiring and expired: `renewal_due`, each plan's balance read by its key, its renewal price
 * from `listed_prices` (else its last agreed price, else 0).
 *
 * Unpaid: the balance is above zero, read from the kept sums of migration 0021
 * (subscription_balances, from 0025's partial index of the plans that owe alone), not by working
 * out every plan's balance; a randomized test holds the kept sums equal to THE rule (db/account.ts). With
 * `unpaidPlans` false its plan's columns (student, seat, window, expiry, months) are null: the
 * totals need none of them, and a page of another group saves reading every plan that owes.
 */
function duesWith(
  libraryId: string,
  groups: readonly DueGroup[],
  options: { subscriptionId?: string; unpaidPlans?: boolean } = {},
): SQL {
  const { subscriptionId, unpaidPlans = true } = options;
  const renewalGroups = groups.filter((group): group is RenewalGroup => group !== 'unpaid');
  const ctes: SQL[] = [sql`lib as (${libraryOf(libraryId)})`];
  const parts: SQL[] = [];
  if (renewalGroups.length > 0) {
    ctes.push(renewalDue(renewalGroups, subscriptionId), listedPrices);
    // `offset 0`: each plan's balance and last price read once (pulled up, the planner would
    // read them again for the amount due).
    parts.push(sql`
      select sub.due_group, sub.id, sub.student_id, sub.seat_id, sub.is_reserved, sub.start_time, sub.end_time,
             sub.plan_expires_at, sub.duration_months, money.balance, money.renewal_price,
             money.balance + money.renewal_price as amount_due
      from renewal_due sub
      left join listed_prices listed on listed.duration_months = sub.duration_months
        and listed.is_reserved = sub.is_reserved and listed.window_minutes = sub.window_minutes
      cross join lateral (
        select ${keptBalance} as balance, coalesce(listed.price, ${lastAgreedPrice}, 0) as renewal_price offset 0
      ) money`);
  }
  if (groups.includes('unpaid')) {
    const only = subscriptionId ? sql`and b.subscription_id = ${subscriptionId}` : sql``;
    const money = sql`b.price - b.paid as balance, 0::numeric(12, 2) as renewal_price, b.price - b.paid as amount_due`;
    parts.push(
      unpaidPlans
        ? sql`
      select 'unpaid' as due_group, sub.id, sub.student_id, sub.seat_id, sub.is_reserved, sub.start_time, sub.end_time,
             sub.plan_expires_at, sub.duration_months, ${money}
      from lib
      join subscription_balances b on b.library_id = lib.id and b.price > b.paid ${only}
      join subscriptions sub on sub.library_id = ${libraryId} and sub.id = b.subscription_id`
        : sql`
      select 'unpaid' as due_group, b.subscription_id as id, null::uuid as student_id, null::uuid as seat_id,
             null::boolean as is_reserved, null::time as start_time, null::time as end_time,
             null::date as plan_expires_at, null::int as duration_months, ${money}
      from lib
      join subscription_balances b on b.library_id = lib.id and b.price > b.paid ${only}`,
    );
  }
  return sql`with ${sql.join(ctes, sql`, `)},
    dues as (${sql.join(parts, sql` union all `)})`;
}

/**
 * The unpaid dues of `dues` (made without their plans' columns) with them: the plans of the
 * subscriptions that owe, read only when the unpaid group is the one listed.
 */
const unpaidWithPlans = (libraryId: string) => sql`
  select dues.due_group, dues.id, sub.student_id, sub.seat_id, sub.is_reserved, sub.start_time, sub.end_time,
         sub.plan_expires_at, sub.duration_months, dues.balance, dues.renewal_price, dues.amount_due
  from dues join subscriptions sub on sub.library_id = ${libraryId} and sub.id = dues.id
  where dues.due_group = 'unpaid'`;

export type DueRow = {
  subscription_id: string;
  student_id: string;
  group: DueGroup;
  first_name: string;
  last_name: string | null;
  mobile: string;
  is_reserved: boolean;
  seat_name: string | null;
  area_name: string | null;
  start_time: string;
  end_time: string;
  plan_expires_at: string;
  duration: number;
  balance: string;
  renewal_price: string;
  amount_due: string;
  last_reminded_at: string | null;
  last_reminder_channel: 'whatsapp' | 'sms' | 'push' | null;
  last_reminder_by: string | null;
  has_device: boolean;
};

const iso = isoUtc;

const dueColumns = sql`
  dues.id as subscription_id, dues.student_id, dues.due_group as "group", st.first_name, st.last_name, st.mobile,
  dues.is_reserved, se.name as seat_name, ar.name as area_name,
  to_char(dues.start_time, 'HH24:MI:SS') as start_time, to_char(dues.end_time, 'HH24:MI:SS') as end_time,
  to_char(dues.plan_expires_at, 'YYYY-MM-DD') as plan_expires_at, dues.duration_months as duration,
  dues.balance::text as balance, dues.renewal_price::text as renewal_price, dues.amount_due::text as amount_due,
  ${iso(sql`last.sent_at`)} as last_reminded_at, last.channel as last_reminder_channel, last.sent_by_name as last_reminder_by,
  exists (select 1 from student_devices dv where dv.library_id = st.library_id and dv.student_id = st.id) as has_device`;

/**
 * The students, places and last reminders of `dues` (or of `source`, read as `dues`). A reminder counts for its subscription,
 * group and the plan's current expiry only: one about an earlier period is not this due's.
 */
const dueJoins = (libraryId: string, source: SQL = sql`dues`) => sql`
  from ${source} as dues
  join students st on st.library_id = ${libraryId} and st.id = dues.student_id
  left join seats se on se.id = dues.seat_id
  left join areas ar on ar.id = se.area_id
  left join lateral (
    select r.sent_at, r.channel, a.name as sent_by_name
    from due_reminders r left join admins a on a.id = r.sent_by
    where r.library_id = ${libraryId} and r.subscription_id = dues.id and r.due_group = dues.due_group
      and r.plan_expires_at = dues.plan_expires_at
    order by r.sent_at desc, r.id desc limit 1
  ) last on true`;

export interface DueFilters {
  group: DueGroup;
  search?: string;
}

/** The list's order: a whitelisted key and direction, then the subscription (pages never shuffle). */
export interface DueOrder {
  sortBy: (typeof DUE_SORT_KEYS)[number];
  descending: boolean;
}

const SORT_COLUMNS: Record<DueOrder['sortBy'], SQL> = {
  name: sql`lower(st.first_name || ' ' || coalesce(st.last_name, ''))`,
  plan_expires_at: sql`dues.plan_expires_at`,
  amount_due: sql`dues.amount_due`,
  last_reminded_at: sql`last.sent_at`,
};

// Never reminded reads as longest ago: first when ascending, last when descending.
function orderOf(order: DueOrder): SQL {
  const direction = order.descending ? sql`desc nulls last` : sql`asc nulls first`;
  return sql`${SORT_COLUMNS[order.sortBy]} ${direction}, dues.plan_expires_at, dues.id`;
}

function searchOf(search: string | undefined): SQL {
  if (!search) return sql`true`;
  const pattern = containsPattern(search);
  return sql`(st.first_name || ' ' || coalesce(st.last_name, '') ilike ${pattern} or st.mobile like ${pattern})`;
}

/** The last reminder of a due (`dues`), for the sort by it (`dueJoins` has the same). */
const lastReminder = (libraryId: string) => sql`
  left join lateral (
    select r.sent_at from due_reminders r
    where r.library_id = ${libraryId} and r.subscription_id = dues.id and r.due_group = dues.due_group
      and r.plan_expires_at = dues.plan_expires_at
    order by r.sent_at desc, r.id desc limit 1
  ) last on true`;

export type DuesPage = { rows: DueRow[]; total: number; totals: DuesTotals };

/**
 * One page of a group's dues (searched and sorted), the number of dues the search finds in the
 * group, and the totals of every group: one statement, so the dues of every group (each plan's
 * balance, renewal price, whether it was renewed) are worked out once for all three. The page is
 * cut before the students' places, devices and last reminders are read; the count is the same
 * pass's (a window over the group's dues the search finds), counted again only for a page past
 * the end. The plans that owe are read only for the unpaid group's page.
 *
 * The students are joined for the search, the sort by name and the unpaid group; an expiring or
 * expired plan's student is already known to be a member of the library (`studentIsMember`), so
 * the join would find every one of them and is left out.
 */
export async function listDues(
  db: DbOrTx,
  libraryId: string,
  options: DueFilters & DueOrder & { limit: number; offset: number },
): Promise<DuesPage> {
  const where = searchOf(options.search);
  const source =
    options.group === 'unpaid'
      ? unpaidWithPlans(libraryId)
      : sql`select * from dues where due_group = ${options.group}`;
  const students =
    options.group === 'unpaid' || options.search || options.sortBy === 'name'
      ? sql`join students st on st.library_id = ${libraryId} and st.id = dues.student_id`
      : sql``;
  const found = sql`from group_dues dues ${students}`;
  const order = orderOf(options);
  const result = await db.execute<{ total: number; rows: DueRow[]; totals: DuesTotals }>(sql`
    ${duesWith(libraryId, DUE_GROUPS, { unpaidPlans: false })}, ${totalsWith},
    group_dues as (${source}),
    page as (
      select dues.*, count(*) over () as total, row_number() over (order by ${order}) as position
      ${found} ${options.sortBy === 'last_reminded_at' ? lastReminder(libraryId) : sql``}
      where ${where}
      order by ${order} limit ${options.limit} offset ${options.offset}
    )
    select
      coalesce((select max(total) from page), (select count(*) ${found} where ${where}))::int as total,
      (select coalesce(json_agg(to_jsonb(due) - 'position' order by due.position), '[]'::json)
       from (select ${dueColumns}, dues.position ${dueJoins(libraryId, sql`page`)}) due) as rows,
      (select json_object_agg(key, json_build_object('count', count, 'amount', amount)) from totals) as totals`);
  const row = result.rows[0]!;
  return { rows: row.rows, total: row.total, totals: { ...NO_DUES, ...row.totals } };
}

/** Every due of the list's group, search and order, in pages of `batch`, for the CSV export. */
export async function* allDues(db: DbOrTx, libraryId: string, options: DueFilters & DueOrder, batch = 1000) {
  const dues = duesWith(libraryId, [options.group]);
  for (let offset = 0; ; offset += batch) {
    const result = await db.execute<DueRow>(sql`
      ${dues} select ${dueColumns} ${dueJoins(libraryId)} where ${searchOf(options.search)}
      order by ${orderOf(options)} limit ${batch} offset ${offset}`);
    yield result.rows;
    if (result.rows.length < batch) return;
  }
}

/** One subscription's due in a group, when it is due there now. */
export async function findDue(
  db: DbOrTx,
  libraryId: string,
  subscriptionId: string,
  group: DueGroup,
): Promise<DueRow | undefined> {
  const result = await db.execute<DueRow>(sql`
    ${duesWith(libraryId, [group], { subscriptionId })} select ${dueColumns} ${dueJoins(libraryId)}`);
  return result.rows[0];
}

export type DuesTotals = Record<DueGroup | 'outstanding', { count: number; amount: string }>;

/** The totals of a library with no dues (a group with none has no row in `totals`). */
const NO_DUES: DuesTotals = {
  expiring: { count: 0, amount: '0' },
  expired: { count: 0, amount: '0' },
  unpaid: { count: 0, amount: '0' },
  outstanding: { count: 0, amount: '0' },
};

/**
 * The CTE `totals` of `dues` (every group's): count and total of each group, and `outstanding`:
 * every subscription with something due, counted once with its largest amount due.
 */
const totalsWith = sql`
  largest as (select id, max(amount_due) as amount from dues group by id),
  totals as (
    select due_group as key, count(*)::int as count, sum(amount_due)::text as amount from dues group by due_group
    union all
    select 'outstanding', count(*)::int, coalesce(sum(amount), 0)::text from largest
  )`;

/** Count and total of each group, and `outstanding` (see `totalsWith`). */
export async function duesTotals(db: DbOrTx, libraryId: string): Promise<DuesTotals> {
  const result = await db.execute<{ key: DueGroup | 'outstanding'; count: number; amount: string }>(sql`
    ${duesWith(libraryId, DUE_GROUPS, { unpaidPlans: false })}, ${totalsWith}
    select key, count, amount from totals`);
  const totals: DuesTotals = { ...NO_DUES };
  for (const row of result.rows) totals[row.key] = { count: row.count, amount: row.amount };
  return totals;
}

/**
 * Did reminders work: the dues (a subscription's period, whatever the group) first reminded
 * in the library's last 30 days, those with a payment on the subscription within 7 days of
 * that first reminder, and what those payments came to (voided ones left out, adjustments with their sign).
 */
export async function reminderEffect(db: DbOrTx, libraryId: string) {
  const result = await db.execute<{ reminded: number; paid: number; amount: string }>(sql`
    with lib as (${libraryOf(libraryId)}),
    first_reminders as (
      select r.subscription_id, r.plan_expires_at, min(r.sent_at) as first_sent_at
      from due_reminders r where r.library_id = ${libraryId}
      group by r.subscription_id, r.plan_expires_at
    ),
    recent as (
      select fr.subscription_id, fr.first_sent_at from first_reminders fr cross join lib
      where (fr.first_sent_at at time zone lib.time_zone)::date > lib.today - 30
    ),
    payments as (
      select (select sum(f.amount) from fees f
              where f.library_id = ${libraryId} and f.subscription_id = recent.subscription_id and ${countedFee('f')}
                and f.created_at >= recent.first_sent_at and f.created_at < recent.first_sent_at + interval '7 days'
             ) as amount
      from recent
    )
    select count(*)::int as reminded, (count(*) filter (where amount > 0))::int as paid,
           coalesce(sum(amount), 0)::text as amount
    from payments`);
  return result.rows[0]!;
}

export type ReminderRow = {
  id: string;
  subscription_id: string;
  group: DueGroup;
  channel: 'whatsapp' | 'sms' | 'push';
  amount: string;
  sent_at: string;
  sent_by: string | null;
  sent_by_name: string | null;
};

/** Records a reminder a person sent (WhatsApp or SMS) for a due as it is now. */
export async function insertReminder(
  db: DbOrTx,
  libraryId: string,
  reminder: {
    subscriptionId: string;
    group: DueGroup;
    channel: 'whatsapp' | 'sms';
    planExpiresAt: string;
    amount: string;
    sentBy: string;
  },
): Promise<ReminderRow> {
  const result = await db.execute<ReminderRow>(sql`
    with inserted as (
      insert into due_reminders (library_id, subscription_id, due_group, channel, plan_expires_at, amount, sent_by)
      values (${libraryId}, ${reminder.subscriptionId}, ${reminder.group}, ${reminder.channel},
              ${reminder.planExpiresAt}::date, ${reminder.amount}::numeric, ${reminder.sentBy})
      returning *
    )
    select i.id, i.subscription_id, i.due_group as "group", i.channel, i.amount::text as amount,
           ${iso(sql`i.sent_at`)} as sent_at, i.sent_by, a.name as sent_by_name
    from inserted i left join admins a on a.id = i.sent_by and a.library_id = ${libraryId}`);
  return result.rows[0]!;
}

// Automatic push reminders (dues.reminders.ts).

export type PushStage = 'before' | 'on_day' | 'after';

/** Libraries that switched automatic push reminders on (the worker serves every library). */
export async function librariesWithAutoPush(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ library_id: string }>(
    sql`select library_id from library_settings where auto_push_reminders order by library_id`,
  );
  return result.rows.map((row) => row.library_id);
}

export type PushCandidateRow = {
  subscription_id: string;
  student_id: string;
  stage: PushStage;
  plan_expires_at: string;
  amount_due: string;
  library_name: string;
  /** The student's chosen language, else the library owner's, else English: the reminder's language. */
  language: Language;
  /** The library owner's chosen language, else English: the language of what the history records for the owner. */
  owner_language: Language;
};

/**
 * The library owner's chosen language: the first active owner (oldest first) who chose one
 * (issue 20); null when none did.
 */
const ownerLanguage = sql`(
  select ow.language from admins ow
  where ow.library_id = lib.id and ow.role = 'owner' and ow.deactivated_at is null and ow.language is not null
  order by ow.created_at, ow.id limit 1)`;

/**
 * Subscriptions of the library (while its switch is on) not renewed, whose student has a
 * paired device that can be delivered to (a Web Push subscription, `webPush`; an app token
 * only with FCM configured, `fcm`), at a stage not yet reminded of for this expiry: 'before' from N days to
 * the day before expiry, 'on_day' on it, 'after' in the three days after the grace period.
 */
export async function pushCandidates(
  db: DbOrTx,
  libraryId: string,
  delivery: { fcm: boolean; webPush: boolean },
): Promise<PushCandidateRow[]> {
  const deliverable = sql`(case when dv.push_p256dh is not null then ${delivery.webPush}::boolean else ${delivery.fcm}::boolean end)`;
  const result = await db.execute<PushCandidateRow>(sql`
    with lib as (${libraryOf(libraryId)})
    select sub.id as subscription_id, sub.student_id, stage.name as stage,
           to_char(sub.plan_expires_at, 'YYYY-MM-DD') as plan_expires_at,
           (${balance} + ${renewalPrice})::text as amount_due, lib.name as library_name,
           coalesce((select st.language from students st where st.id = sub.student_id), ${ownerLanguage}, 'en')
             as language,
           coalesce(${ownerLanguage}, 'en') as owner_language
    from subscriptions sub
    cross join lib
    cross join lateral (
      select case
        when lib.today between sub.plan_expires_at - lib.expiring_days and sub.plan_expires_at - 1 then 'before'
        when lib.today = sub.plan_expires_at then 'on_day'
        when lib.today between sub.plan_expires_at + lib.grace_days + 1 and sub.plan_expires_at + lib.grace_days + 3
          then 'after'
      end as name
    ) stage
    where lib.auto_push_reminders and sub.library_id = lib.id
      and sub.plan_expires_at between lib.today - lib.grace_days - 3 and lib.today + lib.expiring_days
      and stage.name is not null and not ${renewedOf('sub')} and ${studentIsMember}
      and exists (
        select 1 from student_devices dv
        where dv.library_id = lib.id and dv.student_id = sub.student_id and ${deliverable})
      and not exists (
        select 1 from due_reminders r
        where r.library_id = lib.id and r.subscription_id = sub.id and r.plan_expires_at = sub.plan_expires_at
          and r.stage = stage.name)
    order by sub.plan_expires_at, sub.id`);
  return result.rows;
}

/**
 * Records an automatic push reminder of one stage; answers false when it already exists
 * (another process got there first: the partial unique index keeps each stage once).
 */
export async function insertPushReminder(
  db: DbOrTx,
  libraryId: string,
  reminder: { subscriptionId: string; stage: PushStage; planExpiresAt: string; amount: string },
): Promise<boolean> {
  const group: DueGroup = reminder.stage === 'after' ? 'expired' : 'expiring';
  const result = await db.execute(sql`
    insert into due_reminders (library_id, subscription_id, due_group, channel, stage, plan_expires_at, amount)
    values (${libraryId}, ${reminder.subscriptionId}, ${group}, 'push', ${reminder.stage},
            ${reminder.planExpiresAt}::date, ${reminder.amount}::numeric)
    on conflict do nothing
    returning id`);
  return result.rows.length > 0;
}

/** The renewal price of one subscription, as the dues compute it (for the property test against lookupPrice). */
export async function renewalPriceOf(db: DbOrTx, libraryId: string, subscriptionId: string) {
  const result = await db.execute<{ price: string }>(sql`
    select ${renewalPrice}::text as price from subscriptions sub
    where sub.library_id = ${libraryId} and sub.id = ${subscriptionId}`);
  return result.rows[0]?.price;
}
