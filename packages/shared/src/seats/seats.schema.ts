import { z } from 'zod';
import { areaMessages } from '../areas/areas.messages';
import { seatMessages } from './seats.messages';
import { requiredText } from '../common/fields';
import { wholeNumberField } from '../areas/areas.schema';

const m = seatMessages;

/** What the owner sets on a seat (SPEC.md §4). */
export const SEAT_STATUSES = ['active', 'inactive'] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

/**
 * The live state the server derives for a seat card (DESIGN.md §6). `occupied` and
 * `reserved` appear once subscriptions exist.
 */
export const SEAT_STATES = ['available', 'occupied', 'reserved', 'maintenance', 'inactive'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

export const SEAT_LIMITS = { nameMax: 50, capacityMin: 1, capacityMax: 99, defaultCapacity: 1 } as const;

const capacityField = wholeNumberField(
  {
    required: () => m.capacityRange,
    notNumber: () => m.capacityNumber,
    whole: () => m.capacityRange,
    range: () => m.capacityRange,
  },
  SEAT_LIMITS.capacityMin,
  SEAT_LIMITS.capacityMax,
);

/**
 * Add/Update seat form and the `POST /seat` and `PUT /seat/{id}` body (SPEC.md §5 Seat
 * form). Capacity in persons defaults to 1 on create and is kept on update when left out.
 */
export const seatBodySchema = z.object({
  name: requiredText(() => m.nameRequired, SEAT_LIMITS.nameMax),
  area_id: z.guid({ error: () => m.areaRequired }),
  status: z.enum(SEAT_STATUSES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? m.statusRequired : m.statusInvalid),
  }),
  capacity: capacityField.optional(),
});
export type SeatBodyInput = z.input<typeof seatBodySchema>;
export type SeatBody = z.output<typeof seatBodySchema>;

/** `{ id }` path parameter of the seat calls. */
export const seatIdParamsSchema = z.object({ id: z.guid({ error: () => m.invalidId }) });
/** `{ areaId }` path parameter of `GET /seat/{areaId}`. */
export const seatAreaParamsSchema = z.object({ areaId: z.guid({ error: () => areaMessages.invalidId }) });
/** `GET /seat` query: optionally one area's seats. */
export const seatListQuerySchema = z.object({ areaId: z.guid({ error: () => areaMessages.invalidId }).optional() });

/** A seat as the API answers it: the owner's `status` and the derived live `state`. */
export const seatSchema = z.object({
  id: z.string(),
  name: z.string(),
  area_id: z.string(),
  area_name: z.string(),
  status: z.enum(SEAT_STATUSES),
  capacity: z.number().int(),
  state: z.enum(SEAT_STATES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Seat = z.infer<typeof seatSchema>;

/** What `POST /area/{id}/generate-seats` answers. */
export const generatedSeatsSchema = z.object({ created: z.number().int(), seats: z.array(seatSchema) });
export type GeneratedSeats = z.infer<typeof generatedSeatsSchema>;
