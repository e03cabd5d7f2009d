import {
  ALL_PERMISSIONS,
  type BranchOption,
  type Permission,
  type SessionInfo,
} from '@clinic/domain';

/** The test clinic's time zone: Singapore, UTC+8 (the test machine's zone may be any other). */
export const TEST_CLINIC_OFFSET = 480;

/** A front-desk sign-in answer of the test clinic (Singapore time), for tests. */
export function testSessionInfo(
  options: Partial<Pick<SessionInfo, 'token' | 'modules' | 'branches'>> & {
    username?: string;
  } = {},
): SessionInfo {
  const token = options.token ?? 'test-token';
  const username = options.username ?? `${token}@clinic.test`;
  return {
    token,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    kind: 'clinic',
    user: {
      id: '0b7e3f7a-1111-4a2b-8c3d-4e5f60718293',
      username,
      firstName: 'Front',
      lastName: 'Desk',
      fullName: 'Front Desk',
      email: username,
      type: 'Front Desk',
      mcr: null,
      mustChangePassword: false,
    },
    modules: options.modules ?? ['clinic.queue'],
    branches: options.branches ?? [],
    hciCode: null,
    tenant: {
      id: '9a8b7c6d-2222-4e5f-8a9b-0c1d2e3f4a5b',
      subdomain: 'tanclinic',
      clinicName: 'Tan Clinic',
      status: 'active',
      trialEndsAt: null,
      timezoneOffset: TEST_CLINIC_OFFSET,
    },
  };
}

/**
 * A branch of the test clinic as the sign-in answer lists it: the Administrator's role
 * there (everything) unless a test names the permissions it is about.
 */
export function testBranchOption(
  branch: Pick<BranchOption, 'id' | 'code' | 'name' | 'isDefault'>,
  permissions: readonly Permission[] = ALL_PERMISSIONS,
): BranchOption {
  const administrator = permissions === ALL_PERMISSIONS;
  return {
    ...branch,
    role: administrator
      ? { id: '3c4d5e6f-3333-4a7b-9c8d-1e2f3a4b5c6d', name: 'Administrator' }
      : { id: '3c4d5e6f-4444-4a7b-9c8d-1e2f3a4b5c6d', name: 'Test role' },
    permissions: [...permissions],
  };
}
