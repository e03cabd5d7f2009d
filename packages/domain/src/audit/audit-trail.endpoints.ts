import { endpoints } from '../common/contract.ts';
import type { auditTrailSchemas } from './audit-trail.contract.ts';

/** Method and path of each audit-trail route (zod-free). */
export const auditTrailApi = endpoints<typeof auditTrailSchemas>()({
  list: ['GET', '/audit-events'],
});
