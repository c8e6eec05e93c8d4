import { describe, expect, it } from 'vitest';
import { ABILITIES, ROLES, can, isRole, rolesWith, type Ability } from './roles';

describe('roles and abilities (issue 16)', () => {
  it('gives the owner everything', () => {
    for (const ability of Object.keys(ABILITIES) as Ability[]) expect(can('owner', ability), ability).toBe(true);
  });

  it('gives a manager everything but the team, the settings and backups', () => {
    const refused = (Object.keys(ABILITIES) as Ability[]).filter((ability) => !can('manager', ability));
    expect(refused.sort()).toEqual(['backups', 'settings', 'team']);
  });

  it('gives the desk only the day’s work', () => {
    const allowed = (Object.keys(ABILITIES) as Ability[]).filter((ability) => can('desk', ability));
    expect(allowed).toEqual(['staff']);
    for (const ability of [
      'students.identity',
      'deletes',
      'exports',
      'notifications.send',
      'discount.unlimited',
    ] as const) {
      expect(can('desk', ability), ability).toBe(false);
    }
  });

  it('lets an unknown or missing role do nothing', () => {
    for (const role of [undefined, null, '', 'admin', 'OWNER']) expect(can(role, 'staff')).toBe(false);
  });

  it('answers the roles of an ability as a route declares them, and knows the three roles', () => {
    expect(rolesWith('team')).toEqual(['owner']);
    expect(rolesWith('staff')).toEqual([...ROLES]);
    expect(ROLES.every(isRole)).toBe(true);
    expect(isRole('admin')).toBe(false);
  });
});
