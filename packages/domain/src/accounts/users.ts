/** User types as the spec spells them; '50' is a doctor. */
export const UserType = {
  administrator: 'Administrator',
  doctor: '50',
  nurse: 'Nurse',
  frontDesk: 'Front Desk',
  tenantCatalog: 'Tenant Catalog',
} as const;
export type UserType = (typeof UserType)[keyof typeof UserType];
export const USER_TYPES = [
  UserType.administrator,
  UserType.doctor,
  UserType.nurse,
  UserType.frontDesk,
  UserType.tenantCatalog,
] as const;

export function userTypeLabel(type: UserType): string {
  return type === UserType.doctor ? 'Doctor' : type;
}

/**
 * Who may use the tenant console (doc 1: 'a separate portal (console) mode exists for
 * tenant-level administrators and for a catalog-only user type named Tenant Catalog').
 * Everyone else is refused at the console sign-in and by the console's routes.
 */
export const CONSOLE_USER_TYPES: readonly UserType[] = [
  UserType.administrator,
  UserType.tenantCatalog,
];

export function mayUseConsole(type: string): boolean {
  return (CONSOLE_USER_TYPES as readonly string[]).includes(type);
}

/** Session kinds: staff work in a clinic branch; a portal user works in the tenant console. */
export const SessionKind = { clinic: 'clinic', member: 'member', tenant: 'tenant' } as const;
export type SessionKind = (typeof SessionKind)[keyof typeof SessionKind];

/** The first letter or digit of a name part, in capitals; '' when it has none. */
function initialOf(part: string): string {
  return (/[\p{L}\p{N}]/u.exec(part)?.[0] ?? '').toUpperCase();
}

/**
 * Initials for the avatar: the first letters of the first and the last name ('Daniel Goh'
 * is 'DG'); a user with one name part shows its first two letters.
 */
export function avatarInitials({ firstName, lastName }: { firstName: string; lastName: string }) {
  const first = initialOf(firstName);
  const last = initialOf(lastName);
  if (first && last) return first + last;
  return (firstName + lastName)
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, 2)
    .toUpperCase();
}
