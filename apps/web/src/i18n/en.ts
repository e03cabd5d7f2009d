import { accountTexts } from './accounts.ts';
import { commonTexts } from './common.ts';
import { consoleTexts } from './console.ts';
import { errorTexts } from './errors.ts';
import { patientTexts } from './patients.ts';
import { printTexts } from './print.ts';
import { queueTexts } from './queue.ts';
import { boardTexts } from './queue-display.ts';
import { shellTexts } from './shell.ts';

/**
 * English texts; the default language and the fallback of every other. Each feature keeps
 * its texts in `i18n/<feature>.ts` under top-level keys of its own (a test checks that no
 * two share one); they are merged into this one resource. Texts the spec fixes come from
 * the domain's message catalogue, so they cannot drift from it. The patient area's texts
 * load with its pages (`i18n/patient-area/`), not here.
 */
export const en = {
  ...commonTexts,
  ...accountTexts,
  ...shellTexts,
  ...errorTexts,
  ...consoleTexts,
  ...queueTexts,
  ...patientTexts,
  ...printTexts,
  ...boardTexts,
};
