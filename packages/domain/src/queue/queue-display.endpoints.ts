import { endpoints } from '../common/contract.ts';
import type { queueDisplaySchemas } from './queue-display.contract.ts';

/** Method and path of each queue board route (zod-free: pages import it). */
export const queueDisplayApi = endpoints<typeof queueDisplaySchemas>()({
  board: ['GET', '/queue/display'],
  identity: ['GET', '/queue/display/identity'],
  links: ['GET', '/queue/display-links'],
  issueLink: ['POST', '/queue/display-links'],
  revokeLink: ['DELETE', '/queue/display-links/:id'],
  rotateLink: ['POST', '/queue/display-links/:id/rotate'],
  doctorRooms: ['GET', '/queue/doctor-rooms'],
  setDoctorRoom: ['PUT', '/queue/doctor-rooms/:doctorId'],
});
