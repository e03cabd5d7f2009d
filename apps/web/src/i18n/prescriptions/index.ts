import { i18n } from '../index.ts';
import { prescriptionTexts } from './texts.ts';

/**
 * The prescription editor's English texts. They load with the visit page's prescription
 * section, not with the patient pages (whose first load is at its budget): each component
 * of `features/prescriptions/` imports this module, which adds them to the `translation`
 * resource when its chunk loads. Their keys are typed like the rest (`PrescriptionTexts`
 * joins the resource type in `i18n/index.ts`).
 */
export { prescriptionTexts };

export type PrescriptionTexts = typeof prescriptionTexts;

i18n.addResourceBundle('en', 'translation', prescriptionTexts, true, false);
