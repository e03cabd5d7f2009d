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

/** Initials for the avatar: the first two letters of the name, in capitals. */
export function avatarInitials(name: string): string {
  return name
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, 2)
    .toUpperCase();
}
