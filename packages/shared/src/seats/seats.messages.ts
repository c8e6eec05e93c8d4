/** Seats Management texts (SPEC.md §2 Seats Management, §5 Seat form, §8). */
import { defineMessages, msg } from '../i18n/catalogue';

export const seatMessages = defineMessages('seats', {
  heading: 'Seats Management',
  addSeat: 'Add Seat',
  allAreas: 'All Areas',
  /** "name (total_seats seats)" in the area filter ("seats" even for 1, as the spec words it). */
  areaOption: msg(
    { one: '{{name}} ({{count}} seats)', other: '{{name}} ({{count}} seats)' },
    (name: string, totalSeats: number) => ({ name, count: totalSeats }),
  ),
  detail: { name: 'Seat name', status: 'Status', capacity: 'Capacity', persons: 'person(s)', area: 'Area' },
  close: 'Close',
  edit: 'Edit',
  delete: 'Delete',
  // The seat dialog's heading keeps the spec's wording quirk.
  addTitle: 'Add Area',
  updateTitle: 'Update Area',
  fields: { name: 'Seat Name', area: 'Select Area', status: 'Status', capacity: 'Capacity' },
  status: {
    active: 'Active',
    inactive: 'Inactive',
    available: 'Available',
    occupied: 'Occupied',
    reserved: 'Reserved',
    maintenance: 'Maintenance',
    unknown: 'Unknown',
  },
  cancel: 'Cancel',
  create: 'Create Seat',
  update: 'Update Seat',
  nameRequired: 'Seat Name is required',
  areaRequired: 'Select Area',
  statusRequired: 'Status is required',
  confirmDelete: 'Are you sure you want to delete this seat?',
  addFailed: 'Failed to Add the seat',
  added: 'Seat added successfully',
  updateFailed: 'Failed to update the seat',
  updated: 'Seat updated successfully',
  deleteFailed: 'Failed to delete the seat',
  deleted: 'Seat Deleted successfully',
  areasFetchFailed: 'Failed to fetch areas',
  // Texts the spec leaves open (docs/decisions.md, Areas and seats).
  creating: 'Creating...',
  updating: 'Updating...',
  confirmTitle: 'Confirm Deletion',
  deleting: 'Deleting...',
  legend: 'Seat colours',
  listed: 'Seats fetched',
  fetchFailed: 'Failed to fetch seats',
  detailTitle: 'Seat details',
  noSeats: "No seats yet. Add a seat, or generate an area's seats in one go.",
  noSeatsInArea: 'This area has no seats yet.',
  noAreas: 'Seats belong to areas. Add an area first, then place its seats here.',
  goToAreas: 'Go to Areas',
  capacityBadge: msg('Capacity {{capacity}} persons', (capacity: number) => ({ capacity })),
  nameTaken: 'A seat with this name already exists in this area',
  notFound: 'Seat not found',
  hasBookings: msg(
    {
      one: 'This seat is booked by {{count}} current or upcoming subscription: move it to another seat first',
      other: 'This seat is booked by {{count}} current or upcoming subscriptions: move them to another seat first',
    },
    (count: number) => ({ count }),
  ),
  hasHistory: 'This seat has past subscriptions in its history: set it inactive instead of deleting it',
  invalidId: 'Invalid seat id',
  areaNotFound: 'Area not found',
  statusInvalid: 'Status must be active or inactive',
  capacityNumber: 'Capacity must be a number',
  capacityRange: 'Capacity must be a whole number from 1 to 99',
  /** Refused when an area holds Total Seats seats already. */
  areaFull: msg('This area already has its {{totalSeats}} seats; raise Total Seats first', (totalSeats: number) => ({
    totalSeats,
  })),
  /**
   * Refused edit (capacity, status, area, delete): a seat's own reserved bookings would not fit.
   * Two counts: `count` picks the plural form, the `onePlace` context (exactly 1 place left) the other's.
   */
  seatOverbooked: msg(
    {
      one: 'Seat {{seat}} has {{count}} reserved subscription at once for {{window}} on {{date}}, and this change would leave it {{places}} places: move it to another seat first',
      other:
        'Seat {{seat}} has {{count}} reserved subscriptions at once for {{window}} on {{date}}, and this change would leave it {{places}} places: move some of them to another seat first',
      onePlace_one:
        'Seat {{seat}} has {{count}} reserved subscription at once for {{window}} on {{date}}, and this change would leave it {{places}} place: move it to another seat first',
      onePlace_other:
        'Seat {{seat}} has {{count}} reserved subscriptions at once for {{window}} on {{date}}, and this change would leave it {{places}} place: move some of them to another seat first',
    },
    (seat: string, count: number, window: string, date: string, places: number) => ({
      seat,
      count,
      window,
      date,
      places,
      ...(places === 1 ? { context: 'onePlace' } : {}),
    }),
  ),
  /** Refused edit: the library's pool would drop below the subscriptions that share one moment. */
  poolOverbooked: msg(
    {
      one: '{{count}} subscription shares {{window}} on {{date}}, and this change would leave the library {{places}} places for them: free a place first',
      other:
        '{{count}} subscriptions share {{window}} on {{date}}, and this change would leave the library {{places}} places for them: free a place first',
      onePlace_one:
        '{{count}} subscription shares {{window}} on {{date}}, and this change would leave the library {{places}} place for them: free a place first',
      onePlace_other:
        '{{count}} subscriptions share {{window}} on {{date}}, and this change would leave the library {{places}} place for them: free a place first',
    },
    (count: number, window: string, date: string, places: number) => ({
      count,
      window,
      date,
      places,
      ...(places === 1 ? { context: 'onePlace' } : {}),
    }),
  ),
});
