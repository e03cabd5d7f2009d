import { endpoints } from '../common/contract.ts';
import type { optionsSchemas } from './options.contract.ts';

/** Method and path of each option-list route (zod-free: pages import it). */
export const optionsApi = endpoints<typeof optionsSchemas>()({
  telCodes: ['GET', '/tel-codes/options'],
  defaultTelCode: ['GET', '/tel-codes/default'],
  identificationTypes: ['GET', '/identificationtype/options'],
  nationalities: ['GET', '/nationalities/options'],
  genders: ['GET', '/gender/options'],
  cardPrefixes: ['GET', '/patients/card-prefixes/options'],
  visitPurposes: ['GET', '/queue/visit-purposes/option'],
  queueStatuses: ['GET', '/queue/queue-status/options'],
  roomServices: ['GET', '/queue/room-services'],
  waitingAreas: ['GET', '/queue/waiting-areas'],
  doctors: ['GET', '/doctors/options'],
  companies: ['GET', '/companies/options'],
  dictionary: ['GET', '/dictionary/options'],
  adminList: ['GET', '/settings/lists/:list'],
  adminCreate: ['POST', '/settings/lists/:list'],
  adminUpdate: ['PUT', '/settings/lists/:list/:id'],
  adminDelete: ['DELETE', '/settings/lists/:list/:id'],
});
