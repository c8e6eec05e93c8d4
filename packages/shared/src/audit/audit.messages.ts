/** The Activity screen: the owner's read of the audit log (not in SPEC.md; issue 8). */
export const auditMessages = {
  heading: 'Activity',
  subtitle: 'Sign-ins, profile and password changes, deletions and every view of identity documents.',
  columns: {
    when: 'When',
    who: 'Who',
    what: 'What',
    record: 'Record',
    from: 'From',
  },
  actionFilter: 'Action',
  allActions: 'All',
  empty: 'No activity yet',
  emptyForAction: 'No activity of this kind yet',
  unknownAdmin: 'Unknown',
  unknownAddress: 'Unknown',
  entityTypes: {
    admin: 'Admin',
    library: 'Library',
    area: 'Area',
    seat: 'Seat',
    student: 'Student',
    payment: 'Payment',
    settings: 'Settings',
    subscription: 'Subscription',
  } as Record<string, string>,
};
