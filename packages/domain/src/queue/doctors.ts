/** Doctors as the queue sees them: the picker, their colours and their sort names. */
import { z } from 'zod';

export const DoctorOption = z.object({
  id: z.uuid(),
  fullName: z.string(),
  offDuty: z.boolean(),
  /** '50' is a doctor. */
  userType: z.string(),
});
export type DoctorOption = z.infer<typeof DoctorOption>;

// The helpers import no zod, so screens that need only them do not load the schema.
export * from './doctor-rules.ts';
