import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import type { PlanRow } from './attendance.repository';
import { judgePlans } from './attendance.service';

const m = messages.attendance.denied;

const plan = (overrides: Partial<PlanRow> = {}): PlanRow => ({
  id: overrides.id ?? 'plan',
  seat_id: null,
  seat_name: null,
  area_name: null,
  start_time: '06:00:00',
  end_time: '14:00:00',
  joining_date: '2026-11-01',
  plan_expires_at: '2026-11-30',
  ...overrides,
});

const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

describe('judgePlans: the membership rules at a minute of the library’s day', () => {
  it('lets in from the early minutes to the minute before the end', () => {
    const plans = [plan()];
    expect(judgePlans(plans, '2026-11-24', at('05:44'), 15).allowed).toBe(false);
    expect(judgePlans(plans, '2026-11-24', at('05:45'), 15).allowed).toBe(true);
    expect(judgePlans(plans, '2026-11-24', at('13:59'), 15).allowed).toBe(true);
    expect(judgePlans(plans, '2026-11-24', at('14:00'), 15)).toMatchObject({
      allowed: false,
      reason: 'outside_window',
      message: m.outsideWindow('06:00:00', '14:00:00', 15),
    });
  });

  it('a window whose start equals its end is the whole day', () => {
    const plans = [plan({ start_time: '00:00:00', end_time: '00:00:00' })];
    for (const time of ['00:00', '06:30', '23:59']) {
      expect(judgePlans(plans, '2026-11-24', at(time), 0).allowed, time).toBe(true);
    }
  });

  it('early minutes that reach back past midnight count for the next day’s plan', () => {
    const plans = [plan({ start_time: '00:10:00', end_time: '06:00:00', joining_date: '2026-11-25' })];
    // 23:55 on the 24th is 15 minutes before the window of the 25th, the plan's first day.
    expect(judgePlans(plans, '2026-11-24', at('23:55'), 15)).toMatchObject({ allowed: true });
    expect(judgePlans(plans, '2026-11-24', at('23:54'), 15)).toMatchObject({
      allowed: false,
      reason: 'not_started',
      message: m.notStarted('2026-11-25'),
    });
  });

  it('with two plans, the one whose window holds the minute', () => {
    const morning = plan({ id: 'morning' });
    const evening = plan({ id: 'evening', start_time: '16:00:00', end_time: '22:00:00' });
    expect(judgePlans([morning, evening], '2026-11-24', at('17:00'), 15)).toMatchObject({
      allowed: true,
      plan: { id: 'evening' },
    });
    expect(judgePlans([morning, evening], '2026-11-24', at('15:00'), 15)).toMatchObject({
      allowed: false,
      reason: 'outside_window',
      plan: { id: 'morning' },
    });
  });

  it('names the earliest plan to come and the latest expiry', () => {
    const past = [
      plan({ plan_expires_at: '2026-10-31', joining_date: '2026-10-01' }),
      plan({ plan_expires_at: '2026-11-10' }),
    ];
    expect(judgePlans(past, '2026-11-24', at('08:00'), 15)).toMatchObject({
      reason: 'expired',
      message: m.expired('2026-11-10'),
    });
    const future = [
      plan({ joining_date: '2027-01-01', plan_expires_at: '2027-01-31' }),
      plan({ joining_date: '2026-12-01', plan_expires_at: '2026-12-31' }),
    ];
    expect(judgePlans([...past, ...future], '2026-11-24', at('08:00'), 15)).toMatchObject({
      reason: 'not_started',
      message: m.notStarted('2026-12-01'),
    });
    expect(judgePlans([], '2026-11-24', at('08:00'), 15)).toMatchObject({ reason: 'no_plan', message: m.noPlan });
  });
});
