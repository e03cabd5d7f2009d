import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { normalizeUsername } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { setupApiTest } from '../../../test/api-fixture.ts';
import {
  addUser,
  expectStatus,
  newClinic,
  randomAddress,
  unique,
  type ApiResponse,
} from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant-db.ts';
import { isUsernameTaken, signInTarget } from '../../platform/directory.ts';
import { insertUser } from './accounts.repo.ts';
import {
  FAILURES_PER_ACCOUNT,
  FAILURES_PER_ADDRESS,
  FAILURES_PER_KNOWN_DEVICE,
  accountKey,
  addressKey,
} from './sign-in-limits.ts';

/**
 * The outside probe's lockout findings (security issue, part 1), each repeated here:
 * anyone who knew a username kept its owner out by failing 5 times every 15 minutes; 20
 * failures from one address kept out everyone behind it; and `demo.admİn` (U+0130) signed
 * in as a locked `demo.admin`.
 */
const { t } = setupApiTest({ clinics: 0 });

const ACCOUNT_LOCKED =
  /^Too many failed sign-in attempts for this account\. Please wait \d+ (second|minute)s? and try again\.$/;

interface From {
  /** The browser's device id (`whiteList`); none, as an attacker's script sends. */
  device?: string;
  address?: string;
}

/** The usernames and addresses this file signs in with: the only limits it lets age. */
const ours = { usernames: new Set<string>(), addresses: new Set<string>() };

function signInAs(username: string, password: string, from: From = {}): Promise<ApiResponse> {
  const address = from.address ?? randomAddress();
  ours.usernames.add(normalizeUsername(username));
  ours.addresses.add(address);
  return t.call('POST', '/api/v1/sign-in', {
    body: { username, password, timezone: 480, whiteList: from.device },
    remoteAddress: address,
  });
}

/**
 * Lets time pass for the rate limits: every counted sign-in of this file's accounts,
 * addresses and their devices becomes that much older. Only this file's: other files run
 * at the same time on the same database and count on their own limits.
 */
async function letTimePass(seconds: number): Promise<void> {
  const usernames = [...ours.usernames];
  const accounts = await Promise.all(usernames.map((name) => signInTarget(t.database.db, name)));
  const userIds = accounts.flatMap((account) => (account ? [account.userId] : []));
  const keys = [...usernames.map(accountKey), ...[...ours.addresses].map(addressKey)];
  await sql`
    WITH moved AS (
      DELETE FROM throttle_events
      WHERE key = ANY(${keys}::text[])
         OR (key LIKE 'sign-in:device:%' AND split_part(key, ':', 3) = ANY(${userIds}::text[]))
      RETURNING key, happened_at)
    INSERT INTO throttle_events (key, happened_at)
    SELECT key, happened_at - make_interval(secs => ${seconds}) FROM moved`.execute(t.database.db);
}

/**
 * Wrong passwords for the account, each after the wait the last refusal asked for, until a
 * refusal asks for more than any slowing does: the account is blocked. Answers how many
 * were checked (400) and the blocking refusal.
 */
async function guessUntilBlocked(username: string, from: From = {}) {
  const { limit, slowDown } = FAILURES_PER_ACCOUNT;
  const longestSlowing = slowDown!.firstDelaySeconds * 2 ** (limit - 1 - slowDown!.after);
  let checked = 0;
  for (let guess = 0; guess < 40; guess += 1) {
    const response = await signInAs(username, `Wrong-guess-${guess}0`, from);
    if (response.status === 400) {
      checked += 1;
      continue;
    }
    expect(response.status).toBe(429);
    const wait = Number(response.headers['retry-after']);
    if (wait > longestSlowing) return { checked, blocked: response };
    await letTimePass(wait);
  }
  throw new Error(`${username} was never blocked`);
}

describe('an attacker who knows a username', () => {
  it("cannot keep its owner out of a device they signed in from before, even behind the attacker's address", async () => {
    const clinic = await newClinic(t);
    const laptop = randomUUID();
    expectStatus(await signInAs(clinic.email, clinic.password, { device: laptop }), 200);

    const sharedRouter = randomAddress();
    const attack = await guessUntilBlocked(clinic.email, { address: sharedRouter });
    expect(attack.checked).toBe(FAILURES_PER_ACCOUNT.limit);
    expect(attack.blocked.body.error.code).toBe('session.accountLocked');
    expect(attack.blocked.body.error.message).toMatch(ACCOUNT_LOCKED);
    // Claiming some device id does not help the attacker: it is not one the account knows.
    const claimed = await signInAs(clinic.email, 'Wrong-guess-x0', { device: randomUUID() });
    expect(claimed.status).toBe(429);

    const owner = await signInAs(clinic.email, clinic.password, {
      device: laptop,
      address: sharedRouter,
    });
    expectStatus(owner, 200);
    expect(owner.body.data.user.username).toBe(clinic.email);
    // A device the account has never signed in from is blocked with the attacker's.
    const newLaptop = await signInAs(clinic.email, clinic.password, { device: randomUUID() });
    expect(newLaptop.status).toBe(429);
  });

  it('is slowed after 3 failures and blocked after 8, the right password or not, for 15 minutes', async () => {
    const clinic = await newClinic(t);
    const { slowDown } = FAILURES_PER_ACCOUNT;
    for (let guess = 0; guess < slowDown!.after; guess += 1) {
      expect((await signInAs(clinic.email, `Wrong-guess-${guess}0`)).status).toBe(400);
    }
    const slowed = await signInAs(clinic.email, clinic.password);
    expect(slowed.status).toBe(429);
    expect(slowed.headers['retry-after']).toBe('10');
    expect(slowed.body.error.message).toBe(
      'Too many failed sign-in attempts for this account. Please wait 10 seconds and try again.',
    );
    await letTimePass(10);
    expect((await signInAs(clinic.email, 'Wrong-guess-40')).status).toBe(400);
    const slowerStill = await signInAs(clinic.email, 'Wrong-guess-50');
    expect(slowerStill.headers['retry-after']).toBe('20');

    await letTimePass(20);
    const attack = await guessUntilBlocked(clinic.email);
    expect(attack.checked + slowDown!.after + 1).toBe(FAILURES_PER_ACCOUNT.limit);
    const blocked = await signInAs(clinic.email, clinic.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(300);

    await letTimePass(FAILURES_PER_ACCOUNT.windowSeconds);
    expectStatus(await signInAs(clinic.email, clinic.password), 200);
  });

  it('gains nothing from a device id unless the account signed in with it; a short id is never known', async () => {
    const target = await newClinic(t);
    const other = await newClinic(t);
    const othersDevice = randomUUID();
    expectStatus(await signInAs(other.email, other.password, { device: othersDevice }), 200);
    const shortId = 'pc-1';
    expectStatus(await signInAs(target.email, target.password, { device: shortId }), 200);
    const failedDevice = randomUUID();
    expect((await signInAs(target.email, 'Wrong-guess-00', { device: failedDevice })).status).toBe(
      400,
    );

    await guessUntilBlocked(target.email);
    for (const device of [othersDevice, shortId, failedDevice]) {
      expect((await signInAs(target.email, target.password, { device })).status).toBe(429);
    }
  });
});

describe("the real user's own failures", () => {
  it('on a known device block that device only, after more room than a new device gets', async () => {
    const clinic = await newClinic(t);
    const [desk, phone] = [randomUUID(), randomUUID()];
    for (const device of [desk, phone]) {
      expectStatus(await signInAs(clinic.email, clinic.password, { device }), 200);
    }
    const { slowDown, limit } = FAILURES_PER_KNOWN_DEVICE;
    for (let typo = 0; typo < slowDown!.after; typo += 1) {
      expect((await signInAs(clinic.email, `Typo-${typo}0`, { device: desk })).status).toBe(400);
    }
    let typos = slowDown!.after;
    while (typos < limit) {
      const response = await signInAs(clinic.email, `Typo-${typos}0`, { device: desk });
      if (response.status === 429) await letTimePass(Number(response.headers['retry-after']));
      else typos += 1;
    }
    const blocked = await signInAs(clinic.email, clinic.password, { device: desk });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toMatch(ACCOUNT_LOCKED);

    expectStatus(await signInAs(clinic.email, clinic.password, { device: phone }), 200);
    // They did not count against the account: a new device signs in too.
    expectStatus(await signInAs(clinic.email, clinic.password, { device: randomUUID() }), 200);
  });
});

describe('one address', () => {
  it(`may fail ${FAILURES_PER_ADDRESS.limit} times on unknown devices; its known devices still sign in`, async () => {
    const clinic = await newClinic(t);
    const router = randomAddress();
    const reception = randomUUID();
    expectStatus(
      await signInAs(clinic.email, clinic.password, { device: reception, address: router }),
      200,
    );
    for (let batch = 0; batch < FAILURES_PER_ADDRESS.limit / 10; batch += 1) {
      const guesses = await Promise.all(
        Array.from({ length: 10 }, () =>
          signInAs(`${unique('guess')}@example.com`, 'Guess-12345', { address: router }),
        ),
      );
      expect(guesses.map((guess) => guess.status)).toEqual(Array(10).fill(400));
    }

    const newDevice = await signInAs(clinic.email, clinic.password, { address: router });
    expect(newDevice.status).toBe(429);
    expect(newDevice.body.error.code).toBe('session.networkLocked');
    expect(newDevice.body.error.message).toMatch(
      /^Too many failed sign-in attempts from your network\. Please wait \d+ minutes? and try again\.$/,
    );
    expectStatus(
      await signInAs(clinic.email, clinic.password, { device: reception, address: router }),
      200,
    );
    expectStatus(await signInAs(clinic.email, clinic.password), 200);
  });
});

/** The name in fullwidth letters (U+FF01..U+FF5E), which NFKC maps back to ASCII. */
const fullwidth = (name: string) =>
  name.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

describe('usernames', () => {
  it('name one account in every case and compatibility form, counted together', async () => {
    const clinic = await newClinic(t);
    const user = await addUser(t, clinic, 'Administrator');
    const password = 'Staff-password-42';
    for (const variant of [user.username.toUpperCase(), fullwidth(user.username)]) {
      const session = await signInAs(variant, password);
      expectStatus(session, 200);
      expect(session.body.data.user.id).toBe(user.id);
    }
    await guessUntilBlocked(fullwidth(user.username.toUpperCase()));
    expect((await signInAs(user.username, password)).status).toBe(429);
  });

  it('a look-alike name (U+0130 İ, Cyrillic а) does not reach a locked account', async () => {
    const clinic = await newClinic(t);
    const user = await addUser(t, clinic, 'Administrator');
    expect(user.username).toMatch(/^user-administrator-/);
    await guessUntilBlocked(user.username);
    expect((await signInAs(user.username, 'Staff-password-42')).status).toBe(429);

    // PostgreSQL's lower() made `admİnistrator` `administrator`; JavaScript `admi̇nistrator`.
    const dottedI = user.username.replace('admin', 'adm\u0130n');
    const cyrillicA = user.username.replace('admin', '\u0430dmin');
    for (const lookAlike of [dottedI, cyrillicA]) {
      const response = await signInAs(lookAlike, 'Staff-password-42');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('session.invalidCredentials');
    }
  });

  it('are taken once whatever their form; a look-alike is another name', async () => {
    const clinic = await newClinic(t);
    const other = await newClinic(t);
    const user = await addUser(t, clinic, 'Nurse');
    expect(await isUsernameTaken(t.database.db, fullwidth(user.username.toUpperCase()))).toBe(true);
    // A Cyrillic е (U+0435) for the Latin e.
    expect(await isUsernameTaken(t.database.db, user.username.replace('e', '\u0435'))).toBe(false);
    const addNamed = (username: string) =>
      withTenant(t.database.db, other.tenantId, (tx) =>
        insertUser(tx, {
          username,
          firstName: 'Same',
          lastName: 'Name',
          email: 'same@example.com',
          type: 'Nurse',
          passwordHash: null,
          mustChangePassword: true,
        }),
      );
    await expect(addNamed(fullwidth(user.username))).rejects.toThrow(/usernames_pkey/);
    await expect(addNamed(user.username.toUpperCase())).rejects.toThrow(/usernames_pkey/);
  });
});
