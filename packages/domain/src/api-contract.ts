import { accountsContract } from './accounts/accounts.contract.ts';
import { branchesContract } from './accounts/branches.contract.ts';
import { optionsContract } from './options/options.contract.ts';
import { patientsContract } from './patients/patients.contract.ts';
import { notificationsContract } from './queue/notifications.contract.ts';
import { queueDisplayContract } from './queue/queue-display.contract.ts';
import { queueContract } from './queue/queue.contract.ts';
import { visitsContract } from './visits/visits.contract.ts';

/** Every `/api/v1` route, by feature: what the server registers and the web calls. */
export const apiContract = {
  accounts: accountsContract,
  branches: branchesContract,
  options: optionsContract,
  patients: patientsContract,
  queue: queueContract,
  queueDisplay: queueDisplayContract,
  visits: visitsContract,
  notifications: notificationsContract,
};
