/**
 * The team's API texts (issue 16, api-team's section of `messages.team`): invitations, people,
 * roles, deactivation, the last-owner rule and the must-change-password gate.
 */
import { defineMessages, msg } from '../i18n/catalogue';

export const teamPeopleMessages = defineMessages('teamPeople', {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Enter a valid 10-digit mobile number',
  phoneRequired: 'Mobile number is required',
  roleInvalid: 'Choose a role: Owner, Manager or Desk',
  invitedRoleInvalid: 'Choose a role: Manager or Desk (make someone an owner after they join)',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters long',
  passwordMax: 'Password must be at most 256 characters long',
  currentPasswordRequired: 'Enter your current password',
  passwordUnchanged: 'Choose a new password, not the one you were given',

  emailInTeam: 'This email already belongs to someone in your team',
  emailUsedElsewhere: 'This email already has an account. Ask the person for another email address',
  invitationWaiting: 'An invitation to this email is already waiting. Send it again or revoke it',
  mailNotConfigured:
    'Email is not set up on this server, so invitations cannot be sent. Add the person with a one-time password instead',

  invitationNotFound: 'Invitation not found',
  invitationInvalid: 'This invitation link is not valid. Ask the library owner to send you a new invitation',
  invitationExpired: 'This invitation has expired (links last 7 days). Ask the library owner to send you a new one',
  invitationUsed:
    'This invitation has already been used. Sign in with your email and password, or ask the library owner for a new invitation',
  invitationRevoked: 'This invitation was cancelled. Ask the library owner to send you a new one',

  emailAlreadyJoined:
    'This email already has an account. Sign in with it, or ask the library owner to invite another email address',

  personNotFound: 'Team member not found',
  /** The activity list's `limit` is not a number (the screen never sends one wrong). */
  activityLimitInvalid: 'Limit must be a number',
  lastOwner: 'The library needs at least one active owner. Make someone else an owner first',
  cannotDeactivateSelf: 'You cannot deactivate yourself. Another owner can',
  mustChangePassword: 'Choose your own password before you continue',

  invited: 'Invitation sent',
  resent: 'Invitation sent again',
  revoked: 'Invitation revoked',
  personAdded: 'Team member added. Share the one-time password: it is shown only once',
  roleChanged: 'Role changed',
  deactivated: 'Team member deactivated. Their sessions have ended',
  reactivated: 'Team member reactivated',
  passwordChanged: 'Password changed',
  joined: 'Welcome to the team',
  fetched: 'Team fetched',
  activityFetched: 'Team activity fetched',

  /** The invitation mail. */
  invitationSubject: msg('You are invited to join {{library}}', (library: string) => ({ library })),
  invitationText: msg(
    '{{inviter}} invited you to join {{library}} as {{role}}.\n\n' +
      'Set your password and join here (the link works once, for 7 days):\n{{link}}\n\n' +
      'If you were not expecting this, ignore this email.',
    (inviter: string, library: string, role: string, link: string) => ({ inviter, library, role, link }),
  ),
});
