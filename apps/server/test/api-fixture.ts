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
  /** Settings over the test defaults. */
  config?: Partial<AppConfig>;
  /** How many registered, activated clinics with a signed-in administrator (default 1). */
  clinics?: number;
  /** Users of the first clinic, by the name the test uses. */
  users?: Record<U, UserSpec>;
  /** The database to use instead of the run's (closed afterwards). */
  database?: () => Promise<DatabaseHandle>;
}

export interface ApiTest<U extends string> {
  /** The real app on the run's database. */
  t: TestApp;
  /** The first clinic. */
  clinic: Clinic;
  clinics: Clinic[];
  users: Record<U, TestUser>;
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
    if (!filled) throw new Error(`${name} is set up in beforeAll: use it inside a test or hook`);
    return filled;
  };
  const target = {};
  const value = new Proxy(target, {
    get: (_target, key) => Reflect.get(real(), key),
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
  const clinics = Array.from({ length: options.clinics ?? 1 }, (_, index) =>
    later<Clinic>(`clinic ${index + 1}`),
  );
  const userSpecs = Object.entries(options.users ?? {}) as Array<[U, UserSpec]>;
  const users = userSpecs.map(([name]) => [name, later<TestUser>(`user ${name}`)] as const);
  const first = clinics[0]!;
  const admin = later<{ token: string; branchId: string }>('admin');
  let database: DatabaseHandle | undefined;
  let started: TestApp | undefined;

  beforeAll(async () => {
    database = options.database ? await options.database() : undefined;
    const app = await startTestApp(options.config, database);
    started = app;
    t.fill(app);
    const registered = await Promise.all(clinics.map(() => newClinic(app)));
    registered.forEach((clinic, index) => clinics[index]!.fill(clinic));
    admin.fill({ token: registered[0]!.token, branchId: registered[0]!.branchId });
    for (const [index, [, spec]] of userSpecs.entries()) {
      const { type, ...userOptions } = spec;
      users[index]![1].fill(await addUser(app, registered[0]!, type, userOptions));
    }
  }, 60_000);
  afterAll(async () => {
    await started?.close();
    await database?.close();
  });

  return {
    t: t.value,
    clinic: first.value,
    clinics: clinics.map((clinic) => clinic.value),
    users: Object.fromEntries(users.map(([name, user]) => [name, user.value])) as Record<
      U,
      TestUser
    >,
    admin: admin.value,
  };
}
