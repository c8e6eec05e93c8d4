import { defineMessages, msg, type MessageValues } from '../i18n/catalogue';

/** Push notification texts (SPEC.md §2 Shell, §5 Notification, §8), and the history and pairing screens. */
export const notificationMessages = defineMessages('notifications', {
  title: 'Send Push Notification',
  titleField: 'Title',
  bodyField: 'Body',
  premiumOnly: 'Send to premium users only',
  titleRequired: 'Title is required',
  bodyRequired: 'Body is required',
  sent: 'Notification sent successfully!',
  failed: 'Failed to send notification. Please try again.',
  send: 'Send',
  sending: 'Sending...',
  invalidCharacter: 'Remove the invalid character (NUL) from the text',
  /** The send call's `premiumOnly` is not a boolean (the form never sends one wrong). */
  premiumOnlyInvalid: 'premiumOnly must be true or false',
  // What the send call answers besides the spec's success (DESIGN.md §6 Notifications).
  // Two counts in one text: each is its own plural message (`counts`), read when the text is.
  queued: msg(
    'Notification sent successfully! Queued for {{devices}} of {{students}}.',
    (devices: number, students: number): MessageValues => ({
      devices: notificationMessages.counts.devices(devices),
      students: notificationMessages.counts.students(students),
    }),
  ),
  noDevices: msg(
    {
      one: 'Notification saved for {{count}} student, but none of them has paired a device yet, so nothing was delivered.',
      other:
        'Notification saved for {{count}} students, but none of them has paired a device yet, so nothing was delivered.',
    },
    (students: number) => ({ count: students }),
  ),
  noProvider:
    'Notification saved, but push delivery is not configured on this server (no Firebase credentials), so it was not delivered.',
  noProviderReason: 'no push provider configured',
  queuedSome: msg(
    'Notification sent to {{queued}} of {{devices}} of {{students}}. The rest use the phone app, which needs Firebase credentials on this server, so they were not delivered.',
    (queued: number, devices: number, students: number): MessageValues => ({
      queued,
      devices: notificationMessages.counts.devices(devices),
      students: notificationMessages.counts.students(students),
    }),
  ),
  /** The counts `queued` and `queuedSome` name. */
  counts: {
    devices: msg({ one: '{{count}} device', other: '{{count}} devices' }, (count: number) => ({ count })),
    students: msg({ one: '{{count}} student', other: '{{count}} students' }, (count: number) => ({ count })),
  },

  history: {
    heading: 'Notifications',
    subtitle: 'Push notifications sent to your students, and how many reached their phones.',
    sendNew: 'Send Notification',
    columns: {
      sentAt: 'Sent at',
      notification: 'Notification',
      audience: 'Audience',
      students: 'Students',
      devices: 'Devices',
      delivered: 'Delivered',
      failed: 'Failed',
    },
    audienceAll: 'All',
    audiencePremium: 'Premium',
    empty: 'No notifications sent yet. Use Send Notification to reach your students.',
    fetchFailed: 'Failed to fetch notifications',
    pending: msg('{{count}} pending', (count: number) => ({ count })),
    sentBy: msg('by {{name}}', (name: string) => ({ name })),
    listed: 'Notifications fetched',
  },

  pairing: {
    open: 'Pair student app',
    title: 'Pair the student app',
    intro: msg(
      "{{name}} enters this code in the library's student app to receive notifications on their phone.",
      (name: string) => ({ name }),
    ),
    codeLabel: 'Pairing code',
    shownOnce:
      'The code is shown only now. Making a new code stops the old one from pairing more phones; phones already paired keep working.',
    noCodeYet: 'No pairing code has been made for this student yet.',
    codeExists: msg(
      'A code was made on {{when}}. It cannot be shown again: make a new one to show it (the old one then stops working).',
      (when: string) => ({ when }),
    ),
    pairedPhones: 'Paired phones',
    retry: 'Try again',
    generate: 'Show pairing code',
    regenerate: 'Make a new code',
    generating: 'Making code...',
    copy: 'Copy code',
    copied: 'Code copied',
    close: 'Close',
    devices: msg(
      { none: 'No phone paired yet.', one: '{{count}} phone paired.', other: '{{count}} phones paired.' },
      (count: number) => (count === 0 ? { context: 'none' } : { count }),
    ),
    generated: 'Pairing code created',
    failed: 'Failed to create a pairing code',
    devicesFailed: 'Failed to fetch paired phones',
    remove: 'Unpair',
    removeLabel: msg('Unpair {{platform}}', (platform: string) => ({ platform })),
    removed: 'Phone unpaired',
    removeFailed: 'Failed to unpair the phone',
    lastSeen: msg('last seen {{when}}', (when: string) => ({ when })),
    platforms: { android: 'Android', ios: 'iPhone', web: 'Web browser' },
  },

  devices: {
    registered: 'Device registered',
    codeRequired: 'Pairing code is required',
    codeInvalid: 'This pairing code is not valid. Ask the library for a new code.',
    tokenRequired: 'FCM token is required',
    tokenInvalid: 'FCM token is not valid',
    platformInvalid: 'Platform must be android, ios or web',
    // A Web Push subscription from the student app (issue 15): PushSubscription.toJSON().
    subscriptionRegistered: 'Notifications turned on for this phone',
    subscriptionRequired: 'Push subscription is required',
    subscriptionPlatform: 'A push subscription is registered with platform web',
    endpointRequired: "The push subscription's endpoint is required",
    endpointTooLong: "The push subscription's endpoint is too long",
    endpointInvalid:
      "The push subscription's endpoint must be an https address of a push service (no IP address, private name, port or password)",
    keysRequired: "The push subscription's keys (p256dh and auth) are required",
    p256dhInvalid: "The push subscription's p256dh key is not a P-256 public key",
    authInvalid: "The push subscription's auth secret must be 16 bytes (base64url)",
  },
});
