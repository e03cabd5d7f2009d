import {
  ALL_MODULES,
  UserType,
  currencyOfCountry,
  isReservedSubdomain,
  message,
  type TenantConfirmBody,
  type TenantRegistrationBody,
  type TenantRegistrationResult,
} from '@clinic/domain';
import { randomUUID } from 'node:crypto';
import { withTenant, type TenantTx } from '../../db/tenant-db.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { isUsernameTaken, signInTarget, tenantIdBySubdomain } from '../../platform/directory.ts';
import {
  AppError,
  badRequest,
  fieldError,
  fieldErrors,
  isUniqueViolation,
  notFound,
  rateLimited,
} from '../../platform/errors.ts';
import {
  activationCode,
  hashSecret,
  temporaryPassword,
  verifySecret,
} from '../../platform/passwords.ts';
import { createBranch, type NewBranch } from '../branches/branches.service.ts';
import { seedBranchOptions, seedTenantOptions } from '../options/options.service.ts';
import { seedCatalogSettings } from '../catalogs/catalogs.service.ts';
import { seedBillingSettings } from '../billing/billing.service.ts';
import { seedSubsidyTiers } from '../subsidies/subsidies.service.ts';
import { seedReferralLists } from '../referrals/referrals.service.ts';
import { giveBranches, seedSystemRoles, type BranchGrant } from '../roles/roles.service.ts';
import * as repo from './accounts.repo.ts';

export const TRIAL_DAYS = 30;
export const ACTIVATION_CODE_HOURS = 24;
export const MAX_ACTIVATION_ATTEMPTS = 5;
export const FIRST_BRANCH_CODE = 'MAIN';
const RESEND_RULE = { limit: 1, windowSeconds: 60 };
const REGISTRATIONS_PER_ADDRESS = { limit: 10, windowSeconds: 3600 };
/** Failed activation codes per address (any clinic's): guessing or burning codes is slow. */
export const ACTIVATIONS_PER_ADDRESS = { limit: 10, windowSeconds: 900 };

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000);

function groupedCode(code: string): string {
  return `${code.slice(0, 4)} ${code.slice(4)}`;
}

function activationMail(
  ctx: AppContext,
  to: string,
  firstName: string,
  clinic: string,
  subdomain: string,
  code: string,
) {
  return {
    to,
    subject: `Your activation code for ${clinic}`,
    body: [
      `Hello ${firstName},`,
      '',
      `Thank you for registering ${clinic}. Your activation code is:`,
      '',
      `    ${groupedCode(code)}`,
      '',
      `Enter it at ${ctx.config.publicUrl}/${subdomain}/confirm within ${ACTIVATION_CODE_HOURS} hours.`,
      'If you did not register, you can ignore this email.',
    ].join('\n'),
  };
}

function subdomainTaken(): AppError {
  return fieldErrors([
    {
      field: 'subdomain',
      message: message('tenant.message.subdomainTaken'),
      code: 'tenant.message.subdomainTaken',
    },
  ]);
}

async function isSubdomainTaken(ctx: AppContext, subdomain: string): Promise<boolean> {
  return isReservedSubdomain(subdomain) || Boolean(await tenantIdBySubdomain(ctx.db, subdomain));
}

/** Mails to the owner of an address someone registered again, per address per hour. */
export const ALREADY_REGISTERED_MAILS = { limit: 3, windowSeconds: 3600 };

function alreadyRegisteredMail(ctx: AppContext, to: string, clinic: string) {
  return {
    to,
    subject: 'Someone tried to register a clinic with your email address',
    body: [
      'Hello,',
      '',
      `Someone asked to register a new clinic, ${clinic}, with this email address.`,
      'This address already belongs to an account, so no new clinic was created.',
      '',
      `If it was you, sign in at ${ctx.config.publicUrl}/auth/login with this address as the username.`,
      'If you forgot your password, please ask your clinic administrator to reset it.',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}

/**
 * Sign-up with an address that already belongs to a user (issue 21): the caller gets the
 * answer a new clinic gets (same status and shape, an id that names nothing) and the
 * address's owner a mail, so sign-up does not tell anyone who is registered. No clinic is
 * created. The decoy hash costs what a real sign-up's code hash costs.
 */
async function answerAlreadyRegistered(
  ctx: AppContext,
  body: TenantRegistrationBody,
): Promise<TenantRegistrationResult> {
  await hashSecret(activationCode());
  const owner = await signInTarget(ctx.db, body.email);
  if (owner && (await reserveAlreadyRegisteredMail(ctx, body.email))) {
    await withTenant(ctx.db, owner.tenantId, (tx) =>
      ctx.mail.queue(tx, alreadyRegisteredMail(ctx, body.email, body.clinic)),
    );
  }
  return { tenantId: randomUUID(), subdomain: body.subdomain, email: body.email };
}

/** Whether one more such mail may go to the address this hour (never a visible refusal). */
async function reserveAlreadyRegisteredMail(ctx: AppContext, email: string): Promise<boolean> {
  try {
    await ctx.throttle.reserve([
      {
        key: `registered-mail:${email}`,
        rule: ALREADY_REGISTERED_MAILS,
        refusal: (wait) => rateLimited(wait, 'tenant.registrationLimit'),
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** A new clinic with what every clinic starts with: every module, the system roles, the lists. */
export async function openClinic(tx: TenantTx, tenant: repo.NewTenant): Promise<void> {
  await repo.insertTenant(tx, tenant);
  await repo.insertModules(tx, ALL_MODULES);
  await seedSystemRoles(tx);
  await seedTenantOptions(tx);
  await seedCatalogSettings(tx);
  await seedBillingSettings(tx);
  await seedSubsidyTiers(tx);
  await seedReferralLists(tx);
}

/** A branch of the clinic with its option lists; answers its id. */
export async function openBranch(tx: TenantTx, branch: NewBranch): Promise<string> {
  const branchId = await createBranch(tx, branch);
  await seedBranchOptions(tx, branchId);
  return branchId;
}

/** A user who works in the given branches (the default role of their type unless named). */
export async function addUser(
  tx: TenantTx,
  user: repo.NewUser,
  branches: BranchGrant[],
): Promise<string> {
  const userId = await repo.insertUser(tx, user);
  await giveBranches(tx, { userId, userType: user.type }, branches);
  return userId;
}

/** Activates a clinic for good, as the demo clinic is: no activation code, no trial. */
export async function activateWithoutTrial(tx: TenantTx): Promise<void> {
  await repo.markActivated(tx);
  await repo.endTrial(tx);
}

/** Creates the tenant on trial, its first branch and its administrator, and mails the code. */
export async function registerTenant(
  ctx: AppContext,
  body: TenantRegistrationBody,
  address: string,
): Promise<TenantRegistrationResult> {
  await ctx.throttle.reserve([
    {
      key: `register:${address}`,
      rule: REGISTRATIONS_PER_ADDRESS,
      refusal: (wait) => rateLimited(wait, 'tenant.registrationLimit'),
    },
  ]);
  if (await isSubdomainTaken(ctx, body.subdomain)) throw subdomainTaken();
  if (await isUsernameTaken(ctx.db, body.email)) return answerAlreadyRegistered(ctx, body);

  const tenantId = randomUUID();
  const code = activationCode();
  const codeHash = await hashSecret(code);
  try {
    await withTenant(ctx.db, tenantId, async (tx) => {
      await openClinic(tx, {
        id: tenantId,
        subdomain: body.subdomain,
        clinicName: body.clinic,
        country: body.country,
        timezoneOffset: body.timezone,
        trialEndsAt: hoursFromNow(TRIAL_DAYS * 24),
        activationCodeHash: codeHash,
        activationCodeExpiresAt: hoursFromNow(ACTIVATION_CODE_HOURS),
      });
      const branchId = await openBranch(tx, {
        code: FIRST_BRANCH_CODE,
        name: body.clinic,
        isDefault: true,
        currency: currencyOfCountry(body.country),
        country: body.country,
      });
      await addUser(
        tx,
        {
          username: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          type: UserType.administrator,
          passwordHash: null,
          mustChangePassword: true,
        },
        [{ branchId, isDefault: true }],
      );
      await ctx.mail.queue(
        tx,
        activationMail(ctx, body.email, body.firstName, body.clinic, body.subdomain, code),
      );
    });
  } catch (error) {
    // Someone took the subdomain or the email between the check and the insert.
    if (isUniqueViolation(error, 'tenants_subdomain_key')) throw subdomainTaken();
    if (isUniqueViolation(error, 'usernames_pkey')) return answerAlreadyRegistered(ctx, body);
    throw error;
  }
  return { tenantId, subdomain: body.subdomain, email: body.email };
}

async function tenantOfSubdomain(ctx: AppContext, subdomain: string): Promise<string> {
  const tenantId = await tenantIdBySubdomain(ctx.db, subdomain);
  if (!tenantId) throw notFound('tenant.notFound');
  return tenantId;
}

/** Replaces the activation code with a new one and mails it. */
export async function resendActivation(ctx: AppContext, subdomain: string): Promise<void> {
  const tenantId = await tenantOfSubdomain(ctx, subdomain);
  await ctx.throttle.reserve([
    {
      key: `resend:${tenantId}`,
      rule: RESEND_RULE,
      refusal: (wait) => rateLimited(wait, 'tenant.resendWait', wait),
    },
  ]);
  const code = activationCode();
  const codeHash = await hashSecret(code);
  await withTenant(ctx.db, tenantId, async (tx) => {
    const tenant = await repo.findTenant(tx);
    const owner = await repo.findOwner(tx);
    if (!tenant || !owner) throw notFound('tenant.notFound');
    if (tenant.activatedAt) throw badRequest('tenant.alreadyActive');
    await repo.setActivationCode(tx, codeHash, hoursFromNow(ACTIVATION_CODE_HOURS));
    await ctx.mail.queue(
      tx,
      activationMail(ctx, owner.email, owner.firstName, tenant.clinicName, tenant.subdomain, code),
    );
  });
}

type ConfirmOutcome = { ok: true } | { ok: false; error: AppError };

/**
 * Checks the code; a wrong one counts as an attempt (kept even though the call fails).
 * Success activates the clinic and mails the administrator a temporary password. The
 * tenant row stays locked meanwhile, so parallel guesses are counted one after another.
 */
export async function confirmActivation(
  ctx: AppContext,
  subdomain: string,
  body: TenantConfirmBody,
  address: string,
): Promise<void> {
  const attempt = await ctx.throttle.reserve([
    {
      key: `activate:${address}`,
      rule: ACTIVATIONS_PER_ADDRESS,
      refusal: (wait) => rateLimited(wait, 'tenant.activationLimit'),
    },
  ]);
  const tenantId = await tenantOfSubdomain(ctx, subdomain);
  // The clinic's state and the code are checked before the temporary password is hashed:
  // a wrong or stale code costs one hash check, not two.
  const outcome = await withTenant(ctx.db, tenantId, async (tx): Promise<ConfirmOutcome> => {
    const tenant = await repo.findTenant(tx, { forUpdate: true });
    if (!tenant) return { ok: false, error: notFound('record.notFound') };
    const refusal = activationRefusal(tenant);
    if (refusal) return { ok: false, error: refusal };
    if (!(await verifySecret(tenant.activationCodeHash, body.activeCode))) {
      return { ok: false, error: wrongCode(await repo.countActivationAttempt(tx)) };
    }
    const password = temporaryPassword();
    await activate(ctx, tx, tenant.clinicName, password, await hashSecret(password));
    return { ok: true };
  });
  if (!outcome.ok) throw outcome.error;
  await ctx.throttle.release(attempt); // only failed attempts count
}

/** Why a clinic's code cannot be tried now, if it cannot. */
function activationRefusal(tenant: {
  activatedAt: Date | null;
  activationAttempts: number;
  activationCodeExpiresAt: Date | null;
}): AppError | undefined {
  if (tenant.activatedAt) return badRequest('tenant.alreadyActive');
  if (tenant.activationAttempts >= MAX_ACTIVATION_ATTEMPTS) {
    return fieldError('activeCode', 'tenant.codeAttemptsUsed');
  }
  if (!tenant.activationCodeExpiresAt || tenant.activationCodeExpiresAt.getTime() < Date.now()) {
    return fieldError('activeCode', 'tenant.codeExpired');
  }
  return undefined;
}

function wrongCode(attempts: number): AppError {
  const left = MAX_ACTIVATION_ATTEMPTS - attempts;
  return left > 0
    ? fieldError('activeCode', 'tenant.codeWrong', left)
    : fieldError('activeCode', 'tenant.codeWrongLast');
}

async function activate(
  ctx: AppContext,
  tx: TenantTx,
  clinicName: string,
  password: string,
  passwordHash: string,
) {
  const owner = await repo.findOwner(tx);
  if (!owner) throw notFound('record.notFound');
  await repo.markActivated(tx);
  await repo.setPassword(tx, owner.id, passwordHash, true);
  await ctx.mail.queue(tx, {
    to: owner.email,
    subject: `${clinicName} is activated`,
    body: [
      `Hello ${owner.firstName},`,
      '',
      `${clinicName} is now activated. Sign in at ${ctx.config.publicUrl}/auth/login with:`,
      '',
      `    Username: ${owner.username}`,
      `    Temporary password: ${password}`,
      '',
      'You will be asked to choose your own password when you first sign in.',
    ].join('\n'),
  });
}
