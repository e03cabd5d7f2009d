import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/connection.ts';
import {
  addUser,
  newClinic,
  startTestApp,
  type Clinic,
  type TestApp,
  type TestUser,
  type UserOptions,
  type UserTypeName,
} from './helpers.ts';

/** A user the fixture adds to the first clinic's first branch (see `addUser`). */
export interface UserSpec extends UserOptions {
  type: UserTypeName;
}

export interface ApiTestOptions<U extends string> {
  /** Settings over the test defaults (a function: read when the app starts). */
  config?: Partial<AppConfig> | (() => Partial<AppConfig>);
  /** How many registered, activated clinics with a signed-in administrator (default 1). */
  clinics?: number;
  /** Users of the first clinic, by the name the test uses. */
  users?: Record<U, UserSpec>;
  /** The database to use instead of the run's (closed afterwards). */
  database?: () => Promise<DatabaseHandle>;
}

/** A user the fixture added, signed in; as a caller (`t.call(..., user)`) in their first branch. */
export interface FixtureUser extends TestUser {
  branchId: string;
}

export interface ApiTest<U extends string> {
  /** The real app on the run's database. */
  t: TestApp;
  /** The first clinic. */
  clinic: Clinic;
  /** The clinics in order (a second one that was not asked for throws when read). */
  clinics: [Clinic, Clinic, ...Clinic[]];
  users: Record<U, FixtureUser>;
  /** The first clinic's administrator in its first branch: `{ token, branchId }`. */
  admin: { token: string; branchId: string };
}

/**
 * A value set up in `beforeAll`: every read before then throws, naming it, instead of
 * answering undefined; afterwards it is the value itself (properties, spread, equality).
 */
function later<T extends object>(name: string): { value: T; fill(value: T): void } {
  let filled: T | undefined;
  const real = (): T => {
    if (!filled) throw new Error(`${name} is not set up (it is, in beforeAll, when asked for)`);
    return filled;
  };
  const target = {};
  const value = new Proxy(target, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, newValue) => Reflect.set(real(), key, newValue),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  return {
    // The proxy stands for T: every read is forwarded to the filled T (or throws).
    value: value as T,
    fill: (it) => {
      filled = it;
    },
  };
}

/**
 * The set-up of an API integration test file: the app, registered clinics (each with its
 * administrator signed in), the first clinic's users signed in, and clean-up afterwards.
 * Call it at the top of the file; the values are ready inside tests and hooks.
 */
export function setupApiTest<U extends string = never>(
  options: ApiTestOptions<U> = {},
): ApiTest<U> {
  const t = later<TestApp>('t');
  const count = options.clinics ?? 1;
  const clinics = Array.from({ length: count }, (_, index) => later<Clinic>(`clinic ${index + 1}`));
  const unasked = (index: number) =>
    later<Clinic>(`clinic ${index + 1} (ask for clinics: ${index + 1})`);
  const [first = unasked(0), second = unasked(1), ...rest] = clinics;
  const userSpecs = Object.entries(options.users ?? {}) as Array<[U, UserSpec]>;
  const users = userSpecs.map(([name]) => [name, later<FixtureUser>(`user ${name}`)] as const);
  const admin = later<{ token: string; branchId: string }>('admin');
  let database: DatabaseHandle | undefined;
  let started: TestApp | undefined;

  beforeAll(async () => {
    database = options.database ? await options.database() : undefined;
    const config = typeof options.config === 'function' ? options.config() : options.config;
    const app = await startTestApp(config, database);
    started = app;
    t.fill(app);
    const registered = await Promise.all(clinics.map(() => newClinic(app)));
    registered.forEach((clinic, index) => clinics[index]!.fill(clinic));
    const [firstClinic] = registered;
    if (!firstClinic) return;
    admin.fill({ token: firstClinic.token, branchId: firstClinic.branchId });
    for (const [index, [, spec]] of userSpecs.entries()) {
      const { type, ...userOptions } = spec;
      const user = await addUser(app, firstClinic, type, userOptions);
      users[index]![1].fill({ ...user, branchId: spec.branchIds?.[0] ?? firstClinic.branchId });
    }
  }, 60_000);
  afterAll(async () => {
    await started?.close();
    await database?.close();
  });

  return {
    t: t.value,
    clinic: first.value,
    clinics: [first.value, second.value, ...rest.map((clinic) => clinic.value)],
    users: Object.fromEntries(users.map(([name, user]) => [name, user.value])) as Record<
      U,
      FixtureUser
    >,
    admin: admin.value,
  };
}
