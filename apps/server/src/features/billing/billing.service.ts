/**
 * Billing's public face for other features (docs/architecture.md "Billing"): a new clinic's
 * tax options and payment methods.
 */
export { seedSettings as seedBillingSettings } from './billing-settings.repo.ts';
