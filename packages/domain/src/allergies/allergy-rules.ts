/**
 * Allergies (doc 2 sections 2.9, 3 'Allergy payload', 5 'Allergy form'; doc 1 section 7
 * allergies-and-alert). The spec's words are kept as written.
 */

export const ALLERGY_TYPES = ['Drug', 'Others'] as const;
export type AllergyType = (typeof ALLERGY_TYPES)[number];

/** Reaction codes (doc 2 section 3): N adverse drug reaction, U uncertain, Y drug allergy. */
export const ALLERGY_REACTIONS = [
  { code: 'Y', name: 'Drug allergy' },
  { code: 'N', name: 'Adverse drug reaction' },
  { code: 'U', name: 'Uncertain' },
] as const;
export type AllergyReaction = (typeof ALLERGY_REACTIONS)[number]['code'];
export const ALLERGY_REACTION_CODES = ALLERGY_REACTIONS.map((reaction) => reaction.code) as [
  AllergyReaction,
  ...AllergyReaction[],
];

export const ALLERGY_REMARK_MAX = 500;
export const ALLERGEN_OPTIONS_LIMIT = 50;

export const ALLERGY_MESSAGES = {
  onsetDateRequired: 'Onset date is required',
  allergyTypeRequired: 'Allergy type is required',
  allergyRequired: 'Allergy is required',
  reactionRequired: 'Drug allergy or adverse drug reaction is required',
  remarkRequired: 'Adverse reaction details is required',
  // Ours, where the spec is silent.
  onsetDateInvalid: 'Invalid date',
  onsetDateFuture: 'Onset date cannot be in the future.',
  remarkTooLong: `Adverse reaction details cannot exceed ${ALLERGY_REMARK_MAX} characters`,
  allergenUnknown: 'Please choose an allergy from the list.',
  allergenOfOtherType: 'This allergy is not of the chosen allergy type.',
  alreadyRecorded: 'This allergy is already recorded for this patient.',
  patientRequired: 'No patient selected',
  patientId: 'patientID must be a patient id',
  visitId: 'visitID must be a visit id',
  visitOfAnotherPatient: 'This visit is not of this patient.',
  notFound: 'This allergy does not exist.',
  alreadyVoided: 'This allergy has been removed already.',
} as const;

/** An allergen of the starter list: a drug (or drug class) or another substance. */
export interface Allergen {
  id: string;
  code: string;
  name: string;
  type: AllergyType;
}

const drug = (code: string, name: string): Allergen => ({
  id: `drug-${code.toLowerCase()}`,
  code,
  name,
  type: 'Drug',
});
const other = (code: string, name: string): Allergen => ({
  id: `other-${code.toLowerCase()}`,
  code,
  name,
  type: 'Others',
});

/**
 * The allergens a clinic can pick from: common drug allergens and drug classes, then
 * common food, environmental and contact allergens. Codes are ours (stable ids).
 */
export const ALLERGENS: readonly Allergen[] = [
  drug('PENICILLIN', 'Penicillin'),
  drug('AMOXICILLIN', 'Amoxicillin'),
  drug('AMPICILLIN', 'Ampicillin'),
  drug('AUGMENTIN', 'Amoxicillin + clavulanic acid'),
  drug('CLOXACILLIN', 'Cloxacillin'),
  drug('CEPHALOSPORIN', 'Cephalosporins'),
  drug('CEPHALEXIN', 'Cefalexin'),
  drug('CEFUROXIME', 'Cefuroxime'),
  drug('CEFTRIAXONE', 'Ceftriaxone'),
  drug('SULFONAMIDE', 'Sulfonamide antibiotics'),
  drug('COTRIMOXAZOLE', 'Co-trimoxazole (sulfamethoxazole + trimethoprim)'),
  drug('ERYTHROMYCIN', 'Erythromycin'),
  drug('CLARITHROMYCIN', 'Clarithromycin'),
  drug('AZITHROMYCIN', 'Azithromycin'),
  drug('TETRACYCLINE', 'Tetracyclines'),
  drug('DOXYCYCLINE', 'Doxycycline'),
  drug('CIPROFLOXACIN', 'Ciprofloxacin'),
  drug('LEVOFLOXACIN', 'Levofloxacin'),
  drug('QUINOLONE', 'Fluoroquinolones'),
  drug('METRONIDAZOLE', 'Metronidazole'),
  drug('NITROFURANTOIN', 'Nitrofurantoin'),
  drug('VANCOMYCIN', 'Vancomycin'),
  drug('GENTAMICIN', 'Gentamicin'),
  drug('ASPIRIN', 'Aspirin (acetylsalicylic acid)'),
  drug('NSAID', 'Non-steroidal anti-inflammatory drugs (NSAIDs)'),
  drug('IBUPROFEN', 'Ibuprofen'),
  drug('DICLOFENAC', 'Diclofenac'),
  drug('NAPROXEN', 'Naproxen'),
  drug('MEFENAMIC', 'Mefenamic acid'),
  drug('CELECOXIB', 'Celecoxib'),
  drug('ETORICOXIB', 'Etoricoxib'),
  drug('PARACETAMOL', 'Paracetamol'),
  drug('CODEINE', 'Codeine'),
  drug('MORPHINE', 'Morphine'),
  drug('TRAMADOL', 'Tramadol'),
  drug('OPIOID', 'Opioids'),
  drug('ALLOPURINOL', 'Allopurinol'),
  drug('CARBAMAZEPINE', 'Carbamazepine'),
  drug('PHENYTOIN', 'Phenytoin'),
  drug('LAMOTRIGINE', 'Lamotrigine'),
  drug('ACEI', 'ACE inhibitors'),
  drug('ENALAPRIL', 'Enalapril'),
  drug('LISINOPRIL', 'Lisinopril'),
  drug('STATIN', 'Statins'),
  drug('METFORMIN', 'Metformin'),
  drug('INSULIN', 'Insulin'),
  drug('HEPARIN', 'Heparin'),
  drug('IODINE_CONTRAST', 'Iodinated contrast media'),
  drug('LIDOCAINE', 'Lidocaine'),
  drug('CHLORPHENAMINE', 'Chlorphenamine'),
  drug('PROMETHAZINE', 'Promethazine'),
  drug('METOCLOPRAMIDE', 'Metoclopramide'),
  drug('PREDNISOLONE', 'Prednisolone'),
  drug('HYDROCHLOROTHIAZIDE', 'Hydrochlorothiazide'),
  drug('FUROSEMIDE', 'Furosemide'),
  drug('VACCINE', 'Vaccines'),
  other('PEANUT', 'Peanut'),
  other('TREE_NUT', 'Tree nuts'),
  other('SHELLFISH', 'Shellfish'),
  other('FISH', 'Fish'),
  other('EGG', 'Egg'),
  other('MILK', "Cow's milk"),
  other('SOY', 'Soy'),
  other('WHEAT', 'Wheat'),
  other('SESAME', 'Sesame'),
  other('LATEX', 'Latex'),
  other('BEE_STING', 'Bee sting'),
  other('WASP_STING', 'Wasp sting'),
  other('HOUSE_DUST_MITE', 'House dust mite'),
  other('POLLEN', 'Pollen'),
  other('CAT_DANDER', 'Cat dander'),
  other('DOG_DANDER', 'Dog dander'),
  other('MOULD', 'Mould'),
  other('NICKEL', 'Nickel'),
  other('ADHESIVE', 'Adhesive plaster'),
  other('CHLORHEXIDINE', 'Chlorhexidine'),
];

const allergenById = new Map(ALLERGENS.map((allergen) => [allergen.id, allergen]));

export function allergenOf(id: string): Allergen | undefined {
  return allergenById.get(id);
}

/** Allergens whose name or code holds the keyword (any case), of one type when given. */
export function searchAllergens(keyword: string, type?: AllergyType): Allergen[] {
  const wanted = keyword.trim().toLowerCase();
  return ALLERGENS.filter(
    (allergen) =>
      (type === undefined || allergen.type === type) &&
      (wanted === '' ||
        allergen.name.toLowerCase().includes(wanted) ||
        allergen.code.toLowerCase().includes(wanted)),
  ).slice(0, ALLERGEN_OPTIONS_LIMIT);
}

export function reactionName(code: string): string {
  return ALLERGY_REACTIONS.find((reaction) => reaction.code === code)?.name ?? code;
}
