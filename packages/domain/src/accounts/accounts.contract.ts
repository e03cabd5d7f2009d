import { z } from 'zod';
import { joinContract, type RouteSchemas } from '../common/contract.ts';
import { dataOf, listOf } from '../common/envelope.ts';
import { accountsApi } from './accounts.endpoints.ts';
import {
  CountryOption,
  SubdomainParams,
  TenantConfirmBody,
  TenantConfirmResult,
  TenantRegistrationBody,
  TenantRegistrationResult,
} from './registration.ts';
import {
  DeviceConfirmBody,
  DeviceConfirmParams,
  DeviceConfirmResult,
  PasswordChangeBody,
  SessionInfo,
  SignInBody,
  SingpassSignInBody,
  SingpassStateBody,
  TimeoutInfo,
} from './session.ts';

const Done = dataOf(z.boolean());

/** Registration, activation, sign-in and the signed-in user's account (doc 1 section 7 'Account'). */
export const accountsSchemas = {
  countries: { answer: listOf(CountryOption) },
  register: { body: TenantRegistrationBody, answer: dataOf(TenantRegistrationResult), status: 201 },
  resendActivation: { params: SubdomainParams, answer: Done },
  confirmActivation: {
    params: SubdomainParams,
    body: TenantConfirmBody,
    answer: dataOf(TenantConfirmResult),
  },
  signIn: { body: SignInBody, answer: dataOf(SessionInfo) },
  signOut: { answer: Done },
  changePassword: { body: PasswordChangeBody, answer: Done },
  confirmDevice: {
    params: DeviceConfirmParams,
    body: DeviceConfirmBody,
    answer: dataOf(DeviceConfirmResult),
  },
  /** Singpass: there is no identity provider to talk to yet, so these always refuse. */
  singpassState: { body: SingpassStateBody },
  singpassSignIn: { body: SingpassSignInBody },
  timeout: { answer: dataOf(TimeoutInfo) },
} as const satisfies Record<string, RouteSchemas>;

export const accountsContract = joinContract(accountsApi, accountsSchemas);
