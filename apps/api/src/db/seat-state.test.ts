import { describe, expect, it } from 'vitest';
import { insertStudent } from '../test/factories';
import { registerLibrary, useTestApp } from '../test/helpers';

// THE seat state rule (seat-state.ts, DESIGN.md §6), held against a reference written here from
// the rule's words, on random libraries: seats active or not in areas active, inactive or under
// maintenance, with reserved plans that start and end around today, in windows before, around
// and after now, some wrapping past midnight (one that began yesterday evening may cover now).
// Both answers that read the rule are compared: each seat's state (GET /seat) and each area's
// seat count and available seats (GET /area and GET /area/:id).
const t = useTestApp();

type Plan = { seat: number; joining: number; expires: number; start: number; end: number };
type SeatSpec = { area: number; active: boolean };
type AreaStatus = 'active' | 'inactive' | 'maintenance';

/** A small deterministic generator, so a failing case can be run again from its seed. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return {
    int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)),
    chance: (p: number) => next() < p,
  };
}

const clock = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The rule in its own words: `today` is the library's day number, `now` its minute of the day. */
function expectedState(seat: SeatSpec, areaStatus: AreaStatus, plans: Plan[], today: number, now: number): string {
  if (areaStatus === 'maintenance') return 'maintenance';
  if (!seat.active || areaStatus === 'inactive') return 'inactive';
  const windowHas = (plan: Plan) => (plan.start < plan.end ? now >= plan.start && now < plan.end : now >= plan.start);
  const runs = (plan: Plan, day: number) => plan.joining <= day && plan.expires >= day;
  const wrapsIntoNow = (plan: Plan) => plan.start >= plan.end && now < plan.end;
  if (plans.some((plan) => (runs(plan, today) && windowHas(plan)) || (runs(plan, today - 1) && wrapsIntoNow(plan)))) {
    return 'occupied';
  }
  if (plans.some((plan) => runs(plan, today))) return 'reserved';
  return 'available';
}

async function libraryNow(libraryId: string) {
  const { rows } = await t.pool.query<{ day: string; minute: number }>(
    `select to_char(l.local::date, 'YYYY-MM-DD') as day,
            (extract(hour from l.local)::int * 60 + extract(minute from l.local)::int) as minute
       from (select now() at time zone time_zone as local from libraries where id = $1) l`,
    [libraryId],
  );
  return rows[0]!;
}

async function randomLibrary(seed: number, timeZone: string) {
  const random = generator(seed);
  const { session, auth } = await registerLibrary(t.app);
  const libraryId = session.library.id as string;
  await t.pool.query('update libraries set time_zone = $2 where id = $1', [libraryId, timeZone]);
  const { minute } = await libraryNow(libraryId);
  const statuses: AreaStatus[] = ['active', 'active', 'inactive', 'maintenance'];
  const areaIds: string[] = [];
  for (const [index, status] of statuses.entries()) {
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into areas (library_id, name, total_seats, status) values ($1, $2, 20, $3) returning id`,
      [libraryId, `Hall ${index + 1}`, status],
    );
    areaIds.push(rows[0]!.id);
  }
  const seats: SeatSpec[] = [];
  const seatIds: string[] = [];
  for (let index = 0; index < 40; index++) {
    const seat = { area: index % 3 === 2 ? random.int(0, 3) : random.int(0, 1), active: !random.chance(0.15) };
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into seats (library_id, area_id, name, status, capacity) values ($1, $2, $3, $4, 6) returning id`,
      [libraryId, areaIds[seat.area], `S${index + 1}`, seat.active ? 'active' : 'inactive'],
    );
    seats.push(seat);
    seatIds.push(rows[0]!.id);
  }
  // Plans of the kinds the rule tells apart, with random days and minutes: a window covering now,
  // one later and one earlier today, one that began yesterday evening and still runs past now,
  // one that begins tonight, one that ended yesterday (wrapping or not), one that starts tomorrow.
  // Capacity 6 and at most three plans a seat: the booking guard never refuses them. Every
  // boundary is at least 5 minutes from now, so the seconds the test takes cannot cross one.
  const plans: Plan[] = [];
  const student = await insertStudent(t.pool, libraryId);
  const running = () => {
    const joining = random.int(-2, 0);
    return { joining, expires: random.int(0, 2) };
  };
  const endedYesterday = () => ({ joining: random.int(-3, -1), expires: -1 });
  const kinds = [
    () => ({ ...running(), start: minute - random.int(5, 300), end: minute + random.int(5, 300) }),
    () => {
      const start = minute + random.int(5, 200);
      return { ...running(), start, end: start + random.int(30, 300) };
    },
    () => {
      const end = minute - random.int(5, 200);
      return { ...running(), start: end - random.int(30, 300), end };
    },
    () => {
      // Both bounds before midnight (when the day has room), so the window wraps and covers now.
      const end = minute + random.int(5, Math.max(5, Math.min(60, 1430 - minute)));
      return { ...endedYesterday(), start: end + random.int(5, Math.max(5, Math.min(300, 1439 - end))), end };
    },
    () => ({ ...running(), start: minute + random.int(5, 300), end: minute - random.int(5, 300) }),
    () => ({ ...endedYesterday(), start: minute - random.int(60, 120), end: minute + random.int(60, 120) }),
    () => ({ joining: random.int(1, 2), expires: 3, start: minute - 60, end: minute + 60 }),
    () => ({ ...endedYesterday(), start: minute + random.int(5, 200), end: minute - random.int(5, 200) }),
    // Start and end at the same minute: the whole day, from that minute to the next day's.
    () => {
      const at = minute + (random.chance(0.5) ? 1 : -1) * random.int(5, 300);
      return { ...running(), start: at, end: at };
    },
  ];
  for (const [seat] of seats.entries()) {
    for (let n = random.int(0, 3); n > 0; n--) {
      const plan = kinds[random.int(0, kinds.length - 1)]!();
      const [start, end] = [((plan.start % 1440) + 1440) % 1440, ((plan.end % 1440) + 1440) % 1440];
      plans.push({ seat, joining: plan.joining, expires: plan.expires, start, end });
    }
  }
  const today = (await libraryNow(libraryId)).day;
  for (const plan of plans) {
    await t.pool.query(
      `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
       values ($1, $2, $3, true, $4, $5, $6::date + $7::int, $6::date + $8::int, 1)`,
      [
        libraryId,
        student.id,
        seatIds[plan.seat],
        clock(plan.start),
        clock(plan.end),
        today,
        plan.joining,
        plan.expires,
      ],
    );
  }
  // A plan that is not reserved never makes a seat anything but available.
  await t.pool.query(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     values ($1, $2, false, '00:00', '23:59', $3::date - 1, $3::date + 1, 1)`,
    [libraryId, student.id, today],
  );
  return { libraryId, auth, statuses, areaIds, seats, seatIds, plans };
}

describe('the seat state rule', () => {
  for (const [seed, timeZone] of [
    [11, 'Asia/Kolkata'],
    [23, 'America/Los_Angeles'],
    [37, 'Pacific/Auckland'],
    [41, 'Asia/Kolkata'],
  ] as const) {
    it(`answers every seat's state and every area's free seats as the rule says (seed ${seed}, ${timeZone})`, async () => {
      const library = await randomLibrary(seed, timeZone);
      const before = await libraryNow(library.libraryId);
      const seatsAnswer = await t.app.inject({ url: '/api/seat', headers: library.auth });
      const areasAnswer = await t.app.inject({ url: '/api/area?limit=50', headers: library.auth });
      const oneArea = await t.app.inject({ url: `/api/area/${library.areaIds[1]}`, headers: library.auth });
      const allAreas = await t.app.inject({ url: '/api/area/all', headers: library.auth });
      const after = await libraryNow(library.libraryId);
      // The library's day turned during the calls: the rule was read on two days; not this run's question.
      if (before.day !== after.day) return;

      const today = 0;
      const expected = library.seats.map((seat, index) =>
        expectedState(
          seat,
          library.statuses[seat.area]!,
          library.plans.filter((plan) => plan.seat === index),
          today,
          before.minute,
        ),
      );
      const byId = new Map<string, string>(
        (seatsAnswer.json().data as Array<{ id: string; state: string }>).map((seat) => [seat.id, seat.state]),
      );
      expect(library.seatIds.map((id) => byId.get(id))).toEqual(expected);
      // The run covers every state (else the comparison above proves less than it says).
      expect(new Set(expected)).toEqual(new Set(['maintenance', 'inactive', 'occupied', 'reserved', 'available']));
      // And a seat occupied only by a window that began yesterday evening (unless it is so late in
      // the library's day that no such window can still be running, or reach past now by 5 minutes).
      const onlyByYesterday = library.seats.some(
        (seat, index) =>
          expected[index] === 'occupied' &&
          !library.plans.some(
            (plan) =>
              plan.seat === index &&
              plan.joining <= today &&
              plan.expires >= today &&
              (plan.start < plan.end
                ? before.minute >= plan.start && before.minute < plan.end
                : before.minute >= plan.start),
          ) &&
          seat.active,
      );
      if (before.minute < 1380) expect(onlyByYesterday).toBe(true);

      const areaCounts = library.areaIds.map((_, area) => ({
        seatCount: library.seats.filter((seat) => seat.area === area).length,
        availableSeats: expected.filter((state, index) => state === 'available' && library.seats[index]!.area === area)
          .length,
      }));
      for (const answer of [areasAnswer, allAreas]) {
        const areas = new Map(
          (answer.json().data.areas as Array<{ id: string; seatCount: number; availableSeats: number }>).map((area) => [
            area.id,
            { seatCount: area.seatCount, availableSeats: area.availableSeats },
          ]),
        );
        expect(library.areaIds.map((id) => areas.get(id))).toEqual(areaCounts);
      }
      const single = oneArea.json().data as { seatCount: number; availableSeats: number };
      expect({ seatCount: single.seatCount, availableSeats: single.availableSeats }).toEqual(areaCounts[1]);
    });
  }
});
