import type pg from 'pg';
import { consentGiverFor, type Availability, type Seat } from '@app/shared';
import { dayNumber, planExpiry } from '../../apps/api/src/lib/booking/time';
import { DemoApiError, type DemoClient } from './client';
import { avatar, identityCard } from './images';
import type { DemoPerson } from './people';
import type { Random } from './random';
import type { PaidAt, PlannedSubscription, Story, Today } from './stories';

const AREAS = [
  { area_name: 'Silent Hall', total_seats: 48, location: 'Ground floor' },
  { area_name: 'Reading Lounge', total_seats: 42, location: 'First floor' },
  { area_name: 'Terrace Cabins', total_seats: 30, location: 'Second floor' },
] as const;
/** Seats the owner has taken out of use (broken chairs, a leaking corner). */
const INACTIVE_SEATS = 6;

/** Three areas of seats (about 120), a few of them out of use; answers the seats in use. */
export async function seedAreas(api: DemoClient): Promise<Seat[]> {
  const seats: Seat[] = [];
  for (const area of AREAS) {
    const created = await api.post<{ id: string }>('/api/area', { ...area, status: 'active' });
    const generated = await api.post<{ seats: Seat[] }>(`/api/area/${created.id}/generate-seats`, {});
    seats.push(...generated.seats);
  }
  const retired = seats.slice(-INACTIVE_SEATS);
  for (const seat of retired) {
    await api.put(`/api/seat/${seat.id}`, { name: seat.name, area_id: seat.area_id, status: 'inactive' });
  }
  return seats.slice(0, -INACTIVE_SEATS);
}

/**
 * Every student through the student form, with a photo, both sides of an identity card and
 * the consent the documents need (issue 19: a parent's or guardian's for a student under 18
 * on `today`); KYC marked.
 */
export async function seedStudents(
  api: DemoClient,
  random: Random,
  people: DemoPerson[],
  today: Today,
): Promise<string[]> {
  const ids: string[] = [];
  for (const person of people) {
    const [profile, front, back] = await Promise.all([
      avatar(person),
      identityCard(person, 'front'),
      identityCard(person, 'back'),
    ]);
    const form = new FormData();
    form.append('first_name', person.firstName);
    form.append('last_name', person.lastName);
    form.append('mobile', person.mobile);
    form.append('email', person.email);
    form.append('aadhaar_number', person.aadhaar);
    form.append('dob', person.dob);
    form.append('consent', consentGiverFor(person.dob, today.date));
    form.append('profile', new Blob([new Uint8Array(profile)], { type: 'image/png' }), 'profile.png');
    form.append('front_image', new Blob([new Uint8Array(front)], { type: 'image/png' }), 'front.png');
    form.append('back_image', new Blob([new Uint8Array(back)], { type: 'image/png' }), 'back.png');
    const { id } = await api.form<{ id: string }>('/api/user', form);
    const kyc = random.weighted([
      ['verified', 70],
      ['pending', 22],
      ['rejected', 8],
    ] as const);
    if (kyc !== 'pending') await api.patch(`/api/user/${id}/kyc`, { kyc_status: kyc });
    ids.push(id);
  }
  return ids;
}

export interface SubscriptionTally {
  subscriptions: number;
  renewals: number;
  /** Bookings the capacity rules refused (the demo then leaves them out). */
  refused: number;
}

/**
 * Moves the newest fee of a subscription (the one just recorded) to when it was paid, and
 * with `charged` the newest agreed price (the period the fee paid for) to the same moment.
 */
export async function backdateNewestFee(pool: pg.Pool, subscriptionId: string, paidAt: PaidAt, charged = true) {
  const at = `($2::date::timestamp + make_interval(mins => $3::int)) at time zone l.time_zone`;
  await pool.query(
    `with target as (
       select f.id, ${at} as at
       from fees f join libraries l on l.id = f.library_id
       where f.subscription_id = $1
       order by f.created_at desc, f.id desc
       limit 1)
     update fees set created_at = target.at, updated_at = target.at from target where fees.id = target.id`,
    [subscriptionId, paidAt.date, paidAt.minute],
  );
  if (!charged) return;
  await pool.query(
    `with target as (
       select c.id, ${at} as at
       from subscription_charges c join libraries l on l.id = c.library_id
       where c.subscription_id = $1
       order by c.created_at desc, c.id desc
       limit 1)
     update subscription_charges set created_at = target.at from target where subscription_charges.id = target.id`,
    [subscriptionId, paidAt.date, paidAt.minute],
  );
}

/** A subscription was created when its first fee was paid and last changed with its latest one. */
export async function backdateSubscription(pool: pg.Pool, subscriptionId: string) {
  await pool.query(
    `update subscriptions s
     set created_at = f.first_paid, updated_at = f.last_paid
     from (select min(created_at) as first_paid, max(created_at) as last_paid from fees where subscription_id = $1) f
     where s.id = $1`,
    [subscriptionId],
  );
}

/**
 * A student registered a little before their first payment; enquiries some day in the year.
 * Their consent was recorded then, with the student form (and its audit entry says so).
 */
export async function backdateStudent(pool: pg.Pool, studentId: string, daysAgo: number) {
  await pool.query(
    `update students st
     set created_at = t.at, updated_at = t.at,
         consent_at = case when st.consent_at is null then null else t.at end
     from (select coalesce(
             (select min(created_at) from fees where student_id = $1) - interval '20 minutes',
             now() - make_interval(days => $2::int)) as at) t
     where st.id = $1`,
    [studentId, daysAgo],
  );
  await pool.query(
    `update audit_log a set created_at = st.created_at
     from students st
     where st.id = $1 and a.library_id = st.library_id and a.entity_id = $1::text
       and a.action in ('student.create', 'student.consent')`,
    [studentId],
  );
}

/** A seat with a free place for the plan's days from today on, or none. */
async function freeSeat(api: DemoClient, random: Random, planned: PlannedSubscription, today: Today) {
  const from = planned.joiningDate > today.date ? planned.joiningDate : today.date;
  const query = new URLSearchParams({
    joining_date: from,
    start_time: planned.window.start,
    end_time: planned.window.end,
    duration: String(planned.duration),
  });
  const { nonReservedSeats } = await api.get<Availability>(`/api/subscription/available?${query}`);
  return nonReservedSeats.length > 0 ? random.pick(nonReservedSeats).id : undefined;
}

async function book(
  api: DemoClient,
  random: Random,
  studentId: string,
  planned: PlannedSubscription,
  seats: Seat[],
  today: Today,
) {
  const runsToday = dayNumber(planExpiry(planned.joiningDate, planned.duration))! >= dayNumber(today.date)!;
  // Days gone by are never checked against capacity, so a past plan may sit on any seat in use.
  const seatId = !planned.reserved
    ? undefined
    : runsToday
      ? await freeSeat(api, random, planned, today)
      : random.pick(seats).id;
  return api.post<{ id: string }>('/api/subscription', {
    student_id: studentId,
    joining_date: planned.joiningDate,
    start_time: planned.window.start,
    end_time: planned.window.end,
    duration: planned.duration,
    is_reserved: seatId !== undefined,
    seat_id: seatId,
    fee: planned.fee,
    mode: planned.mode,
  });
}

/** Makes one booking call: its answer, or undefined (and one more refusal counted) on a 409 for lack of room. */
async function unlessRefused<T>(tally: SubscriptionTally, call: () => Promise<T>): Promise<{ answer: T } | undefined> {
  try {
    return { answer: await call() };
  } catch (error) {
    if (!(error instanceof DemoApiError && error.statusCode === 409)) throw error;
    tally.refused += 1;
    return undefined;
  }
}

/** Books every student's year through the API, then dates each fee to the day it was paid. */
export async function seedSubscriptions(
  api: DemoClient,
  pool: pg.Pool,
  random: Random,
  bookings: { studentId: string; story: Story }[],
  seats: Seat[],
  today: Today,
): Promise<SubscriptionTally> {
  const tally: SubscriptionTally = { subscriptions: 0, renewals: 0, refused: 0 };
  for (const { studentId, story } of bookings) {
    for (const planned of story.subscriptions) {
      const booked = await unlessRefused(tally, () => book(api, random, studentId, planned, seats, today));
      if (!booked) continue;
      const subscriptionId = booked.answer.id;
      tally.subscriptions += 1;
      await backdateNewestFee(pool, subscriptionId, planned.paidAt);
      for (const renewal of planned.renewals) {
        const renewed = await unlessRefused(tally, () =>
          api.put(`/api/subscription/renew/${subscriptionId}`, {
            duration: renewal.duration,
            fee: renewal.fee,
            mode: renewal.mode,
          }),
        );
        if (!renewed) continue;
        tally.renewals += 1;
        await backdateNewestFee(pool, subscriptionId, renewal.paidAt);
      }
      await backdateSubscription(pool, subscriptionId);
    }
  }
  return tally;
}
