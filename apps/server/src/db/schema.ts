import type { Gender, Title } from '@clinic/domain';
import type { ColumnType, Generated } from 'kysely';

/** Column types as the code sees them (CamelCasePlugin maps to snake_case in SQL). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Version = ColumnType<number, number | undefined, number>;

export interface TenantsTable {
  id: string;
  subdomain: string;
  clinicName: string;
  country: string;
  timezoneOffset: number;
  status: ColumnType<'trial' | 'active', 'trial' | 'active' | undefined, 'trial' | 'active'>;
  trialEndsAt: Timestamp | null;
  activatedAt: Timestamp | null;
  activationCodeHash: string | null;
  activationCodeExpiresAt: Timestamp | null;
  activationAttempts: Generated<number>;
  activationSentAt: Timestamp | null;
  clinicType: Generated<string>;
  inactivityTimeoutMinutes: Generated<number>;
  requireDeviceAuthorization: Generated<boolean>;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface TenantModulesTable {
  tenantId: string;
  module: string;
}

export interface BranchesTable {
  tenantId: string;
  id: Generated<string>;
  code: string;
  name: string;
  isDefault: Generated<boolean>;
  currency: Generated<string>;
  address: string | null;
  postal: string | null;
  country: Generated<string>;
  phone: string | null;
  fax: string | null;
  hciCode: string | null;
  licenceNumber: string | null;
  companyRegistrationNo: string | null;
  taxRegistrationNo: string | null;
  printerEnabled: Generated<boolean>;
  logo: Buffer | null;
  logoContentType: string | null;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface UsersTable {
  tenantId: string;
  id: Generated<string>;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  type: string;
  mcr: string | null;
  offDuty: Generated<boolean>;
  isActive: Generated<boolean>;
  passwordHash: string | null;
  mustChangePassword: Generated<boolean>;
  passwordChangedAt: Timestamp | null;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface UserBranchesTable {
  tenantId: string;
  userId: string;
  branchId: string;
  isDefault: Generated<boolean>;
  /** The user's role in this branch. */
  roleId: string;
}

export interface RolesTable {
  tenantId: string;
  id: Generated<string>;
  name: string;
  /** `resource:action`; checked in code (packages/domain's permissions), not in SQL. */
  permissions: string[];
  system: Generated<boolean>;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SessionsTable {
  tenantId: string;
  id: Generated<string>;
  userId: string;
  tokenHash: Buffer;
  kind: string;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  ip: string | null;
  userAgent: string | null;
}

export interface DeviceAuthorizationsTable {
  tenantId: string;
  id: Generated<string>;
  userId: string;
  visitorId: string;
  authorizedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface MailOutboxTable {
  tenantId: string;
  id: Generated<string>;
  toAddress: string;
  subject: string;
  body: string;
  status: Generated<'pending' | 'sent' | 'logged' | 'failed'>;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: CreatedAt;
  sentAt: Timestamp | null;
}

export interface ThrottleEventsTable {
  id: Generated<string>;
  key: string;
  happenedAt: CreatedAt;
}

export interface ReferenceOptionsTable {
  tenantId: string;
  id: Generated<string>;
  list: string;
  branchId: string | null;
  code: string;
  name: string;
  color: string | null;
  isActive: Generated<boolean>;
  isDefault: Generated<boolean>;
  sortOrder: Generated<number>;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface CardNumberCountersTable {
  tenantId: string;
  prefix: string;
  lastValue: number;
}

export interface CompaniesTable {
  tenantId: string;
  id: Generated<string>;
  code: string;
  name: string;
  version: Version;
  createdAt: CreatedAt;
}

/** `date` columns travel as 'YYYY-MM-DD' text (type parsers are set in connection.ts). */
export interface PatientsTable {
  tenantId: string;
  id: Generated<string>;
  title: Title | null;
  name: string;
  idType: string;
  nric: string | null;
  gender: Gender;
  cardNoPrefix: string | null;
  cardNo: string | null;
  contactNo: string;
  telCode: string;
  birthDate: string;
  birthTime: string | null;
  nationality: string;
  email: string | null;
  father: string | null;
  mother: string | null;
  homeAddress: string | null;
  homePostal: string | null;
  companyId: string | null;
  consultDoctorId: string | null;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface VisitsTable {
  tenantId: string;
  id: Generated<string>;
  branchId: string;
  patientId: string;
  doctorId: string;
  visitDate: Timestamp;
  consultStart: Timestamp | null;
  consultEnd: Timestamp | null;
  voidedAt: Timestamp | null;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface QueueCountersTable {
  tenantId: string;
  branchId: string;
  queueDate: string;
  lastNumber: number;
}

export interface QueueEntriesTable {
  tenantId: string;
  id: Generated<string>;
  branchId: string;
  visitId: string;
  patientId: string;
  doctorId: string;
  queueDate: string;
  queueNumber: number;
  queueSeq: number;
  visitPurposes: string[];
  remark: string | null;
  roomService: string | null;
  roomName: string | null;
  areaId: string | null;
  status: string;
  color: string;
  visitTime: Timestamp;
  timeIn: Generated<Date>;
  timeOut: Timestamp | null;
  consultIn: Timestamp | null;
  consultOut: Timestamp | null;
  callInTime: Timestamp | null;
  isMco: Generated<boolean>;
  queueStatus: Generated<number>;
  voidedReason: string | null;
  voidedAt: Timestamp | null;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface DiagnosesTable {
  tenantId: string;
  id: Generated<string>;
  visitId: string;
  patientId: string;
  code: string;
  description: string;
  remark: string | null;
  voidedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface PrescriptionsTable {
  tenantId: string;
  id: Generated<string>;
  visitId: string;
  patientId: string;
  itemCode: string;
  itemName: string;
  createdAt: CreatedAt;
}

export interface AuditEventsTable {
  tenantId: string;
  id: Generated<string>;
  happenedAt: CreatedAt;
  userId: string | null;
  branchId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  detail: unknown;
}

export interface DoctorRoomsTable {
  tenantId: string;
  branchId: string;
  doctorId: string;
  roomName: string;
  areaId: string | null;
  version: Version;
  updatedAt: UpdatedAt;
}

export interface DisplayLinksTable {
  tenantId: string;
  id: Generated<string>;
  branchId: string;
  name: string;
  tokenHash: Buffer;
  createdBy: string;
  createdAt: CreatedAt;
  revokedAt: Timestamp | null;
}

export interface DB {
  tenants: TenantsTable;
  tenantModules: TenantModulesTable;
  branches: BranchesTable;
  users: UsersTable;
  userBranches: UserBranchesTable;
  roles: RolesTable;
  sessions: SessionsTable;
  deviceAuthorizations: DeviceAuthorizationsTable;
  mailOutbox: MailOutboxTable;
  throttleEvents: ThrottleEventsTable;
  referenceOptions: ReferenceOptionsTable;
  cardNumberCounters: CardNumberCountersTable;
  companies: CompaniesTable;
  patients: PatientsTable;
  visits: VisitsTable;
  queueCounters: QueueCountersTable;
  queueEntries: QueueEntriesTable;
  diagnoses: DiagnosesTable;
  prescriptions: PrescriptionsTable;
  auditEvents: AuditEventsTable;
  doctorRooms: DoctorRoomsTable;
  displayLinks: DisplayLinksTable;
}
