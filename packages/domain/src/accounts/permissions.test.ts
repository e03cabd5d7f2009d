import { describe, expect, it } from 'vitest';
import { ALL_MODULES } from './modules.ts';
import {
  ACTIONS,
  ALL_PERMISSIONS,
  DISPLAY_LINK_PERMISSIONS,
  RESOURCES,
  SYSTEM_ROLES,
  allows,
  defaultRoleOf,
  isPermission,
  moduleOfPermission,
  type Permission,
} from './permissions.ts';
import { USER_TYPES } from './users.ts';

const roles = Object.entries<readonly Permission[]>(SYSTEM_ROLES);

describe('permissions', () => {
  it('names every permission resource:action with a known action and a bought module', () => {
    for (const permission of ALL_PERMISSIONS) {
      const [resource, action] = permission.split(':');
      expect(Object.keys(RESOURCES)).toContain(resource);
      expect(ACTIONS).toContain(action);
      expect(ALL_MODULES).toContain(moduleOfPermission(permission));
    }
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });

  it('tells a permission from a made-up one', () => {
    expect(isPermission('patients:read')).toBe(true);
    expect(isPermission('patients:approve')).toBe(false);
    expect(isPermission('patients')).toBe(false);
    expect(isPermission('nothing:read')).toBe(false);
  });

  it('gives the administrator everything and every role only real permissions, once each', () => {
    expect([...SYSTEM_ROLES.Administrator].sort()).toEqual([...ALL_PERMISSIONS].sort());
    for (const [name, permissions] of roles) {
      expect(
        permissions.filter((p) => !isPermission(p)),
        name,
      ).toEqual([]);
      expect(new Set(permissions).size, name).toBe(permissions.length);
    }
  });

  it('lets every role that writes something also read it', () => {
    for (const [name, permissions] of roles)
      for (const permission of permissions) {
        const resource = permission.split(':')[0]!;
        expect(permissions, `${name} has ${permission}`).toContain(`${resource}:read`);
      }
  });

  it('keeps clinical writing with clinicians and billing with the desk and finance', () => {
    const can = (role: keyof typeof SYSTEM_ROLES, permission: Permission) =>
      allows(SYSTEM_ROLES[role], permission);
    expect(can('Nurse', 'vitals:create')).toBe(true);
    expect(can('Nurse', 'invoices:create')).toBe(false);
    expect(can('Nurse', 'diagnoses:create')).toBe(false);
    expect(can('Front desk', 'invoices:create')).toBe(true);
    expect(can('Front desk', 'payments:create')).toBe(true);
    expect(can('Front desk', 'diagnoses:create')).toBe(false);
    expect(can('Front desk', 'diagnoses:read')).toBe(false);
    expect(can('Doctor', 'diagnoses:create')).toBe(true);
    expect(can('Doctor', 'prescriptions:create')).toBe(true);
    expect(can('Doctor', 'payments:create')).toBe(false);
    expect(can('Pharmacist', 'dispensing:create')).toBe(true);
    expect(can('Pharmacist', 'prescriptions:create')).toBe(false);
    expect(can('Finance', 'invoices:approve')).toBe(true);
    expect(can('Finance', 'queue:read')).toBe(false);
    expect(SYSTEM_ROLES['Tenant Catalog'].every((p) => p.startsWith('catalogs:'))).toBe(true);
  });

  it('keeps display links and board set-up with administrators; a link itself only reads', () => {
    for (const role of ['Doctor', 'Nurse', 'Front desk', 'Pharmacist', 'Finance'] as const) {
      expect(allows(SYSTEM_ROLES[role], 'displayLinks:read'), role).toBe(false);
      expect(allows(SYSTEM_ROLES[role], 'queueDisplay:update'), role).toBe(false);
      expect(allows(SYSTEM_ROLES[role], 'settings:read'), role).toBe(false);
    }
    expect(allows(SYSTEM_ROLES.Administrator, 'displayLinks:create')).toBe(true);
    expect([...DISPLAY_LINK_PERMISSIONS].sort()).toEqual(['queue:read', 'queueDisplay:read']);
  });

  it('gives every user type a default role', () => {
    expect(USER_TYPES.map(defaultRoleOf)).toEqual([
      'Administrator',
      'Doctor',
      'Nurse',
      'Front desk',
      'Tenant Catalog',
    ]);
  });
});
