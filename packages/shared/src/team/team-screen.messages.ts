/**
 * The web app's team texts (issue 16, web-team's section of `messages.team`, under `screen`): the
 * Team screen and its dialogs, the invitation page, the must-change-password screen, and what a
 * role cannot do explained in the app.
 */
import { defineMessages, msg } from '../i18n/catalogue';

export const teamScreenMessages = defineMessages('teamScreen', {
  nav: 'Team',
  title: 'Team',
  subtitle: 'The people who run the library, their roles, and what they did',
  invite: 'Invite Person',
  addPerson: 'Add Person',
  peopleHeading: 'People',
  invitationsHeading: 'Open Invitations',
  noInvitations: 'No open invitations',
  noPeople: 'Nobody in the team yet',
  mailNotSetUp:
    'Email is not set up on this server: add people with a one-time password, and share it with them yourself.',
  columns: {
    name: 'Name',
    email: 'Email',
    phone: 'Mobile',
    role: 'Role',
    status: 'Status',
    lastSignIn: 'Last Sign-in',
    invitedBy: 'Invited By',
    expires: 'Expires',
    actions: 'Actions',
  },
  you: 'You',
  active: 'Active',
  deactivatedLabel: 'Deactivated',
  mustChangePasswordChip: 'One-time password',
  neverSignedIn: 'Never',
  expiredChip: 'Expired',
  roles: { owner: 'Owner', manager: 'Manager', desk: 'Desk' },
  roleHelp: {
    owner: 'Everything, including the team and settings',
    manager: 'Everything except the team and settings',
    desk: 'Students, subscriptions, payments and check-in; no deletes, exports or Aadhaar',
  },
  actionsOf: msg('Actions for {{name}}', (name: string) => ({ name })),
  changeRole: 'Change role',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  activity: 'Recent activity',
  resend: 'Send again',
  revoke: 'Revoke',

  inviteTitle: 'Invite Person',
  inviteHelp: 'They get an email with a link (valid 7 days) to set their own password and join.',
  addTitle: 'Add Person',
  addHelp: 'They sign in with a one-time password, shown to you once, and then choose their own.',
  nameLabel: 'Name',
  emailLabel: 'Email',
  phoneLabel: 'Mobile number',
  roleLabel: 'Role',
  cancel: 'Cancel',
  sendInvitation: 'Send Invitation',
  sending: 'Sending...',
  add: 'Add',
  adding: 'Adding...',
  saveFailed: 'Could not save. Please try again.',

  oneTimeTitle: 'One-time password',
  oneTimeText: msg(
    'Give {{name}} this password. They sign in with {{email}} and this password, then choose their own. It is shown only now.',
    (name: string, email: string) => ({ name, email }),
  ),
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',

  roleTitle: msg('Change role of {{name}}', (name: string) => ({ name })),
  save: 'Save',
  saving: 'Saving...',

  deactivateTitle: 'Deactivate person?',
  deactivateConfirm: msg(
    '{{name}} will not be able to sign in, and is signed out everywhere at once. You can reactivate them later.',
    (name: string) => ({ name }),
  ),
  deactivating: 'Deactivating...',
  reactivateTitle: 'Reactivate person?',
  reactivateConfirm: msg('{{name}} will be able to sign in again with their password.', (name: string) => ({ name })),
  reactivating: 'Reactivating...',
  revokeTitle: 'Revoke invitation?',
  revokeConfirm: msg('The invitation link sent to {{email}} will stop working.', (email: string) => ({ email })),
  revoking: 'Revoking...',
  actionFailed: 'Could not do that. Please try again.',

  activityTitle: msg('Recent activity of {{name}}', (name: string) => ({ name })),
  teamActivityHeading: 'Recent Activity',
  activityEmpty: 'No activity yet',
  activityWho: 'Who',
  activityWhat: 'What',
  activityWhen: 'When',
  close: 'Close',

  invitePage: {
    title: 'Join the team',
    subtitle: "Set your password to join your library's team",
    loading: 'Checking your invitation...',
    intro: msg(
      {
        '': 'You are invited to join {{library}} as {{role}}.',
        inviter: '{{inviter}} invited you to join {{library}} as {{role}}.',
      },
      (inviter: string | null, library: string, role: string) =>
        inviter ? { context: 'inviter', inviter, library, role } : { library, role },
    ),
    noToken:
      'This invitation link is not complete. Open the link from your email again, or ask the library owner to send you a new invitation.',
    passwordLabel: 'Choose a password',
    passwordHelp: 'At least 8 characters',
    confirmLabel: 'Type the password again',
    confirmMismatch: 'The two passwords do not match',
    phoneLabel: 'Mobile number (optional)',
    join: 'Join',
    joining: 'Joining...',
    failed: 'Could not join. Please try again.',
    signIn: 'Go to sign in',
  },

  mustChange: {
    title: 'Choose your own password',
    intro: 'You signed in with a one-time password. Choose your own password to continue.',
    currentLabel: 'One-time password',
    newLabel: 'New password',
    confirmLabel: 'Type the new password again',
    submit: 'Save Password',
    submitting: 'Saving...',
    failed: 'Could not change the password. Please try again.',
    signOut: 'Sign out',
  },

  hidden: {
    discountLimit: msg('Desk staff can give at most {{limit}} below the price list.', (limit: string) => ({ limit })),
    noDiscount: 'Desk staff charge the price list: a discount needs a manager or the owner.',
  },

  /** The settings screen's section for the desk (the owner sets the desk's discount limit). */
  settings: {
    title: 'Desk Staff',
    description:
      'What desk staff may do is set by their role. Here: how far below the price list they may go on a subscription or renewal.',
    deskMaxDiscountHelp: 'In rupees; 0 means desk staff give no discount. Managers and owners have no limit.',
  },
});
