import { defineMessages, msg } from '../i18n/catalogue';
import { teamPeopleMessages } from './team-people.messages';

/**
 * Issue 16's texts, `messages.team`. api-roles: what a role may not do (the server's 403s) and
 * the desk's discount limit; the team API's texts are `teamPeopleMessages` (api-team), joined in.
 */
export const teamRoleMessages = defineMessages('team', {
  /** A 403 when the role may not call the route at all. */
  forbidden: 'Your role does not allow this. Ask the library owner.',
  forbiddenTeam: 'Only the library owner can manage the team.',
  forbiddenSettings: 'Only the library owner can change the settings.',
  forbiddenDelete: 'Desk staff cannot delete or void anything. Ask a manager or the owner.',
  forbiddenIdentity: 'Desk staff cannot see Aadhaar numbers or identity images. Ask a manager or the owner.',
  forbiddenExport: 'Desk staff cannot export data. Ask a manager or the owner.',
  forbiddenBroadcast: 'Desk staff cannot send notifications to all students. Ask a manager or the owner.',
  forbiddenManage: 'Desk staff cannot do this. Ask a manager or the owner.',
  /** The desk's discount limit (`desk_max_discount`), named in rupees. */
  discountOverLimit: msg(
    'Desk staff can give a discount of at most {{limit}} below the price list. Ask a manager or the owner.',
    (limit: string) => ({ limit }),
  ),
  deskMaxDiscount: 'Largest discount the desk may give',
  deskMaxDiscountInvalid: "Enter the desk's largest discount in rupees (0: the desk gives no discount)",
  roleOwner: 'Owner',
  roleManager: 'Manager',
  roleDesk: 'Desk',
});

// The web app's own team texts (the Team screen, the invitation page, must-change-password) are
// `teamScreenMessages`, a catalogue of their own: only the lazy screens that show them carry them,
// not the sign-in page's bundle (e2e/budget.spec.ts), as with the student app's.
export const teamMessages = joinCatalogues(teamRoleMessages, teamPeopleMessages);

/**
 * Both catalogues' keys on one object, each read through its own catalogue when it is read: a
 * spread (`{ ...a, ...b }`) would read every text once, in the language of module load.
 */
function joinCatalogues<A extends object, B extends object>(a: A, b: B): A & B {
  const joined = {};
  for (const catalogue of [a, b] as Record<string, unknown>[]) {
    for (const key of Object.keys(catalogue)) {
      Object.defineProperty(joined, key, { enumerable: true, get: () => catalogue[key] });
    }
  }
  return Object.freeze(joined) as A & B;
}
