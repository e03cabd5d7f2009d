import { endpoints } from '../common/contract.ts';
import type { accountsSchemas } from './accounts.contract.ts';

/** Method and path of each account route (zod-free: the sign-in pages import it). */
export const accountsApi = endpoints<typeof accountsSchemas>()({
  countries: ['GET', '/tenants/countries/option'],
  register: ['POST', '/tenants'],
  resendActivation: ['POST', '/tenants/:subdomain/resend'],
  confirmActivation: ['PUT', '/tenants/:subdomain/confirm'],
  signIn: ['POST', '/sign-in'],
  signOut: ['POST', '/sign-out'],
  changePassword: ['PUT', '/accounts/password'],
  confirmDevice: ['PATCH', '/accounts/:uid/confirm'],
  singpassState: ['POST', '/sp-state'],
  singpassSignIn: ['POST', '/sp-sign-in'],
  timeout: ['GET', '/timeout'],
});
