import { endpoints } from '../common/contract.ts';
import type { notificationsSchemas } from './notifications.contract.ts';

/** Where the notification socket is (zod-free: pages import it). */
export const notificationsApi = endpoints<typeof notificationsSchemas>()({
  socket: ['GET', '/notifications/ws'],
});
