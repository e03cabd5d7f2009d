import {
  CLINIC_MODULES,
  SYSTEM_ROLES,
  type ModuleName,
  type Permission,
  type SessionInfo,
} from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { branchHomePath, landingPath, loginPathFor, safeRedirect } from './landing.ts';
import type { Session } from '../api/session.ts';
import { testBranchOption, testSessionInfo } from './test-session.ts';

function session(
  type: string,
  branches: Array<{ code: string; isDefault: boolean }>,
  kind: Session['kind'] = 'clinic',
): Session {
  return {
    kind,
    info: {
      user: { type },
      branches: branches.map((b, i) => ({ id: String(i), name: b.code, ...b })),
    } as unknown as SessionInfo,
  };
}

describe('landing after sign-in', () => {
  it('sends Tenant Catalog users to the medications catalog whatever the redirect', () => {
    expect(landingPath(session('Tenant Catalog', []), '/TPY/queue')).toBe(
      '/console/catalogs/medications',
    );
  });
  it('goes to the default branch, else the first, else GUEST', () => {
    expect(
      landingPath(
        session('Front Desk', [
          { code: 'JUR', isDefault: false },
          { code: 'TPY', isDefault: true },
        ]),
        null,
      ),
    ).toBe('/TPY');
    expect(landingPath(session('Front Desk', [{ code: 'JUR', isDefault: false }]), null)).toBe(
      '/JUR',
    );
    expect(landingPath(session('Front Desk', []), null)).toBe('/GUEST');
  });
  it('follows the redirect, replacing the branch placeholder', () => {
    const staff = session('50', [{ code: 'TPY', isDefault: true }]);
    expect(landingPath(staff, '/JUR/queue?x=1')).toBe('/JUR/queue?x=1');
    expect(landingPath(staff, '/{branchCode}/dashboard')).toBe('/TPY/dashboard');
    expect(landingPath(session('50', []), '/:branchCode/queue')).toBe('/GUEST/queue');
  });
  it('goes to the console in portal mode', () => {
    expect(
      landingPath(session('Administrator', [{ code: 'TPY', isDefault: true }], 'tenant'), null),
    ).toBe('/console');
  });
  it('never redirects off the site', () => {
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(landingPath(session('50', [{ code: 'TPY', isDefault: true }]), '//evil.example')).toBe(
      '/TPY',
    );
  });
});

describe('login path', () => {
  it('carries the current path as redirect unless it has a logout flag', () => {
    expect(loginPathFor(false, '/TPY/queue?day=2')).toBe(
      '/auth/login?redirect=%2FTPY%2Fqueue%3Fday%3D2',
    );
    expect(loginPathFor(true, '/console/tenant')).toBe('/login?redirect=%2Fconsole%2Ftenant');
    expect(loginPathFor(false, '/auth/login?logout=1')).toBe('/auth/login?logout=1');
    expect(loginPathFor(false, '?logout=1')).toBe('/auth/login?logout=1');
  });
});

describe("a branch's first page", () => {
  const signedIn = (
    permissions: readonly Permission[],
    modules: ModuleName[] = [...CLINIC_MODULES],
  ): Session => ({
    kind: 'clinic',
    info: testSessionInfo({
      modules,
      branches: [
        testBranchOption(
          { id: 'b1', code: 'TPY', name: 'Toa Payoh', isDefault: true },
          permissions,
        ),
      ],
    }),
  });

  it('is the queue for a role that reads it', () => {
    expect(branchHomePath(signedIn(SYSTEM_ROLES['Front desk']), 'TPY')).toBe('/TPY/queue');
    expect(branchHomePath(signedIn(SYSTEM_ROLES.Pharmacist), 'TPY')).toBe('/TPY/queue');
  });

  it('is the first page of the navigation the role may read otherwise', () => {
    expect(branchHomePath(signedIn(SYSTEM_ROLES.Finance), 'TPY')).toBe('/TPY/patients');
    expect(branchHomePath(signedIn(['dashboard:read', 'reports:read']), 'TPY')).toBe(
      '/TPY/dashboard',
    );
    // A role that reads none of them gets the first page open to every role.
    expect(branchHomePath(signedIn([]), 'TPY')).toBe('/TPY/mco');
  });

  it("skips what the clinic has not bought, and ends at the user's profile", () => {
    expect(branchHomePath(signedIn(SYSTEM_ROLES.Finance, ['clinic.dashboard']), 'TPY')).toBe(
      '/TPY/dashboard',
    );
    expect(branchHomePath(signedIn(SYSTEM_ROLES.Finance, []), 'TPY')).toBe('/TPY/user/profile');
  });

  it("uses the role of the branch in the address, none for another's", () => {
    const doctor = signedIn(SYSTEM_ROLES.Doctor, ['clinic.queue', 'clinic.mco']);
    expect(branchHomePath(doctor, 'TPY')).toBe('/TPY/queue');
    expect(branchHomePath(doctor, 'JUR')).toBe('/JUR/mco');
  });
});
