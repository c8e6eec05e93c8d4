/**
 * Staff roles (issue 16) and what each may do. The API declares on every admin route which
 * roles may call it (`config: { roles }`, from `rolesWith`), and the web app hides what the
 * signed-in person's role cannot do with `can`: one table for both.
 */

/** The three roles, most powerful first. Accounts made before issue 16 are owners. */
export const ROLES = ['owner', 'manager', 'desk'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Named abilities and the roles that have them.
 * - Owner: everything, including the team, settings, backups and closing the library.
 * - Manager: everything except the team and settings.
 * - Desk: students (add and edit; no Aadhaar reveal, no identity images), subscriptions
 *   (create, renew), payments and receipts, check-in; no deletes, no notifications to everyone,
 *   no exports, no discount above the owner's limit (`desk_max_discount`).
 */
export const ABILITIES = {
  /** Any signed-in person: their own session and profile, and the day's desk work. */
  staff: ['owner', 'manager', 'desk'],
  /** The Team screen: people, invitations, roles, deactivation, the team's activity. */
  team: ['owner'],
  /** Changing the library's settings (reading them is `staff`: the desk needs the price list). */
  settings: ['owner'],
  /** Backups and closing the library. */
  backups: ['owner'],
  /** Deleting a student. */
  'students.delete': ['owner', 'manager'],
  /** The Aadhaar number in full, identity images (Aadhaar front/back), KYC review and ID documents. */
  'students.identity': ['owner', 'manager'],
  /** Any delete or void: students, areas, seats, expenses, payments (void), links, devices... */
  deletes: ['owner', 'manager'],
  /** Every CSV export. */
  exports: ['owner', 'manager'],
  /** A notification to every student. */
  'notifications.send': ['owner', 'manager'],
  /** A price below the price list, without the desk's limit. */
  'discount.unlimited': ['owner', 'manager'],
  /**
   * The running of the business beyond the desk: areas and seats set up, subscriptions edited
   * (not created or renewed), payment adjustments, expenses, profit, the activity log.
   */
  manage: ['owner', 'manager'],
} as const satisfies Record<string, readonly Role[]>;
export type Ability = keyof typeof ABILITIES;

/** Whether a person with `role` may do `ability`; an unknown or missing role may do nothing. */
export function can(role: Role | string | null | undefined, ability: Ability): boolean {
  return (ABILITIES[ability] as readonly string[]).includes(role ?? '');
}

/** The roles that have `ability`, as a route declares them: `config: { roles: rolesWith('deletes') }`. */
export function rolesWith(ability: Ability): Role[] {
  return [...ABILITIES[ability]];
}

/** Whether a value is one of the three roles (the database's check constraint, on the way in). */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
