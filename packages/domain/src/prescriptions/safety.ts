/**
 * The safety checks a doctor expects of a prescription (issue 12 'Prescribing'): a drug the
 * patient is recorded as allergic to, and a drug already on the visit, warn; a line
 * prescribed through a warning needs a reason, kept on the line.
 *
 * Decisions where the spec is silent (ours):
 * - A drug is known by its allergens (the codes of the allergy list, allergies/
 *   allergy-rules.ts): those the catalog item names, and those whose words (generic names,
 *   spellings, common brands) appear as whole words in its name or generic name.
 * - Combination drugs hold their parts (co-amoxiclav holds amoxicillin) and drugs belong
 *   to their classes (amoxicillin is a penicillin), on both sides: an allergy to
 *   amoxicillin warns for ampicillin (same class), as cross-reactivity goes.
 * - Every recorded, not removed allergy warns, whatever its reaction (drug allergy,
 *   adverse reaction or uncertain); an allergen outside the list is matched by its name.
 * - A duplicate is the same catalog item, or another item with a drug ingredient in
 *   common (two paracetamol products); two drugs of one class or group alone (two NSAIDs,
 *   two vaccines, two insulins) are not a duplicate.
 */
import { ALLERGENS, allergenOf } from '../allergies/allergy-rules.ts';
import { OVERRIDE_REASON_MAX, type PrescriptionProblem } from './prescription-line.ts';

/** Drug classes of the allergy list and the allergens in them. */
export const DRUG_CLASS_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  PENICILLIN: ['AMOXICILLIN', 'AMPICILLIN', 'AUGMENTIN', 'CLOXACILLIN'],
  CEPHALOSPORIN: ['CEPHALEXIN', 'CEFUROXIME', 'CEFTRIAXONE'],
  SULFONAMIDE: ['COTRIMOXAZOLE'],
  TETRACYCLINE: ['DOXYCYCLINE'],
  QUINOLONE: ['CIPROFLOXACIN', 'LEVOFLOXACIN'],
  NSAID: ['ASPIRIN', 'IBUPROFEN', 'DICLOFENAC', 'NAPROXEN', 'MEFENAMIC', 'CELECOXIB', 'ETORICOXIB'],
  OPIOID: ['CODEINE', 'MORPHINE', 'TRAMADOL'],
  ACEI: ['ENALAPRIL', 'LISINOPRIL'],
};

/** Combination drugs of the allergy list and the allergens they contain. */
export const DRUG_COMPONENTS: Readonly<Record<string, readonly string[]>> = {
  AUGMENTIN: ['AMOXICILLIN'],
};

/**
 * Words that name an allergen in a drug's name: generic names, other spellings, common
 * brands. An allergen without an entry is named by its list name (before any bracket).
 */
export const ALLERGEN_TERMS: Readonly<Record<string, readonly string[]>> = {
  PENICILLIN: ['penicillin', 'phenoxymethylpenicillin', 'benzylpenicillin', 'penicillin v'],
  AMOXICILLIN: ['amoxicillin', 'amoxycillin', 'amoxil'],
  AMPICILLIN: ['ampicillin'],
  AUGMENTIN: ['augmentin', 'co amoxiclav', 'amoxiclav', 'clavulanic', 'clavulanate'],
  CLOXACILLIN: ['cloxacillin', 'flucloxacillin'],
  CEPHALOSPORIN: ['cephalosporin'],
  CEPHALEXIN: ['cefalexin', 'cephalexin'],
  CEFUROXIME: ['cefuroxime', 'zinnat'],
  CEFTRIAXONE: ['ceftriaxone'],
  SULFONAMIDE: ['sulfonamide', 'sulphonamide'],
  COTRIMOXAZOLE: ['co trimoxazole', 'cotrimoxazole', 'sulfamethoxazole', 'bactrim'],
  ERYTHROMYCIN: ['erythromycin'],
  CLARITHROMYCIN: ['clarithromycin', 'klacid'],
  AZITHROMYCIN: ['azithromycin', 'zithromax'],
  TETRACYCLINE: ['tetracycline'],
  DOXYCYCLINE: ['doxycycline'],
  CIPROFLOXACIN: ['ciprofloxacin'],
  LEVOFLOXACIN: ['levofloxacin'],
  QUINOLONE: ['quinolone', 'fluoroquinolone'],
  ASPIRIN: ['aspirin', 'acetylsalicylic', 'cardiprin'],
  NSAID: ['nsaid'],
  IBUPROFEN: ['ibuprofen', 'nurofen', 'brufen'],
  DICLOFENAC: ['diclofenac', 'voltaren'],
  NAPROXEN: ['naproxen'],
  MEFENAMIC: ['mefenamic', 'ponstan'],
  CELECOXIB: ['celecoxib', 'celebrex'],
  ETORICOXIB: ['etoricoxib', 'arcoxia'],
  PARACETAMOL: ['paracetamol', 'acetaminophen', 'panadol'],
  CODEINE: ['codeine'],
  MORPHINE: ['morphine'],
  TRAMADOL: ['tramadol'],
  OPIOID: ['opioid'],
  ACEI: ['ace inhibitor'],
  CHLORPHENAMINE: ['chlorphenamine', 'chlorpheniramine', 'piriton'],
  IODINE_CONTRAST: ['iodinated contrast', 'iohexol', 'iopamidol'],
  STATIN: ['statin', 'atorvastatin', 'simvastatin', 'rosuvastatin', 'pravastatin', 'lovastatin'],
  VACCINE: ['vaccine'],
};

/** Lower case, accents folded, anything but letters and digits a single space. */
function words(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return ` ${folded} `;
}

function namesTerm(text: string, term: string): boolean {
  const wanted = words(term);
  return wanted.trim() !== '' && text.includes(wanted);
}

function termsOf(code: string): readonly string[] {
  const terms = ALLERGEN_TERMS[code];
  if (terms) return terms;
  const name = ALLERGENS.find((allergen) => allergen.code === code)?.name;
  return name ? [name.replace(/\(.*$/, '')] : [];
}

/** What the checks need of a drug (a catalog item or a prescription line). */
export interface DrugIdentity {
  name: string;
  /** The generic name when the catalog keeps one apart from the name. */
  genericName?: string | null;
  /** Allergen codes the catalog item names (its ingredients or classes). */
  allergenCodes?: readonly string[];
}

/** The allergens a drug holds itself: named by the catalog or by its name, with parts. */
export function drugIngredients(drug: DrugIdentity): Set<string> {
  const text = words(`${drug.name} ${drug.genericName ?? ''}`);
  const codes = new Set<string>();
  for (const code of drug.allergenCodes ?? []) codes.add(code.trim().toUpperCase());
  for (const allergen of ALLERGENS) {
    if (termsOf(allergen.code).some((term) => namesTerm(text, term))) codes.add(allergen.code);
  }
  for (const code of [...codes]) {
    for (const part of DRUG_COMPONENTS[code] ?? []) codes.add(part);
  }
  return codes;
}

/**
 * Allergens that name a group of drugs rather than one ingredient: two vaccines, two
 * insulins or two statins on a visit are not the same drug twice.
 */
export const GROUP_ALLERGENS: ReadonlySet<string> = new Set([
  ...Object.keys(DRUG_CLASS_MEMBERS),
  'STATIN',
  'VACCINE',
  'INSULIN',
  'IODINE_CONTRAST',
]);

const DRUG_ALLERGEN_CODES = new Set(
  ALLERGENS.filter((allergen) => allergen.type === 'Drug').map((allergen) => allergen.code),
);

/** The single drug ingredients of a drug (no groups, no foods or other substances). */
function singleIngredients(drug: DrugIdentity): Set<string> {
  return new Set(
    [...drugIngredients(drug)].filter(
      (code) => DRUG_ALLERGEN_CODES.has(code) && !GROUP_ALLERGENS.has(code),
    ),
  );
}

/** The classes allergens belong to (a class belongs to itself). */
function classesOf(codes: ReadonlySet<string>): Set<string> {
  const classes = new Set<string>();
  for (const [drugClass, members] of Object.entries(DRUG_CLASS_MEMBERS)) {
    if (codes.has(drugClass) || members.some((member) => codes.has(member))) {
      classes.add(drugClass);
    }
  }
  return classes;
}

/** What the checks need of a recorded allergy (allergies.ts AllergyRecord has these). */
export interface RecordedAllergy {
  id: string;
  allergyDrugID: string;
  allergyDrugCode: string;
  allergyDrugName: string;
  allergyReaction: string;
  isVoided: boolean;
}

export interface AllergyMatch {
  allergyId: string;
  allergyDrugName: string;
  allergyReaction: string;
  /** 'drug': the drug is or holds the allergen; 'class': they share a drug class. */
  via: 'drug' | 'class';
  /** The class they share, for 'class' (its name in the allergy list). */
  drugClass: string | null;
}

/**
 * The patient's recorded allergies the drug matches: by the same allergen (or a part of a
 * combination), else by a shared drug class. Removed allergies are left out.
 */
export function drugAllergyMatches(
  drug: DrugIdentity,
  allergies: readonly RecordedAllergy[],
): AllergyMatch[] {
  const ingredients = drugIngredients(drug);
  const drugClasses = classesOf(ingredients);
  const text = words(`${drug.name} ${drug.genericName ?? ''}`);
  const matches: AllergyMatch[] = [];
  for (const allergy of allergies) {
    if (allergy.isVoided) continue;
    const code =
      allergenOf(allergy.allergyDrugID)?.code ?? allergy.allergyDrugCode.trim().toUpperCase();
    const known = ALLERGENS.some((allergen) => allergen.code === code);
    const base = {
      allergyId: allergy.id,
      allergyDrugName: allergy.allergyDrugName,
      allergyReaction: allergy.allergyReaction,
    };
    if (!known) {
      // An allergen outside the list: matched by its name only.
      if (namesTerm(text, allergy.allergyDrugName)) {
        matches.push({ ...base, via: 'drug', drugClass: null });
      }
      continue;
    }
    // The drug is or holds the allergen, or is of the class the allergy names.
    if (
      ingredients.has(code) ||
      (Object.hasOwn(DRUG_CLASS_MEMBERS, code) && drugClasses.has(code))
    ) {
      matches.push({ ...base, via: 'drug', drugClass: null });
      continue;
    }
    const parts = new Set([code, ...(DRUG_COMPONENTS[code] ?? [])]);
    const shared = [...classesOf(parts)].find((drugClass) => drugClasses.has(drugClass));
    if (shared !== undefined) {
      const className = ALLERGENS.find((allergen) => allergen.code === shared)?.name ?? shared;
      matches.push({ ...base, via: 'class', drugClass: className });
    }
  }
  return matches;
}

/** A line already on the visit, as the duplicate check reads it. */
export interface VisitDrugLine extends DrugIdentity {
  /** The line's id (null for one not saved yet). */
  id: string | null;
  catalogItemId: string;
}

export interface DuplicateMatch {
  lineId: string | null;
  name: string;
  /** 'item': the same catalog item; 'ingredient': another item with an ingredient in common. */
  via: 'item' | 'ingredient';
}

/** The visit's other lines that duplicate the drug (a line is never its own duplicate). */
export function duplicateDrugs(
  drug: DrugIdentity & { catalogItemId: string; lineId?: string | null },
  visitLines: readonly VisitDrugLine[],
): DuplicateMatch[] {
  const ingredients = singleIngredients(drug);
  const duplicates: DuplicateMatch[] = [];
  for (const line of visitLines) {
    if (drug.lineId != null && line.id === drug.lineId) continue;
    if (line.catalogItemId === drug.catalogItemId) {
      duplicates.push({ lineId: line.id, name: line.name, via: 'item' });
    } else if ([...singleIngredients(line)].some((code) => ingredients.has(code))) {
      duplicates.push({ lineId: line.id, name: line.name, via: 'ingredient' });
    }
  }
  return duplicates;
}

export type PrescriptionWarning =
  ({ kind: 'allergy' } & AllergyMatch) | ({ kind: 'duplicate' } & DuplicateMatch);

/** Every warning of a drug on a visit: the patient's allergies first, then duplicates. */
export function prescriptionWarnings(
  drug: DrugIdentity & { catalogItemId: string; lineId?: string | null },
  allergies: readonly RecordedAllergy[],
  visitLines: readonly VisitDrugLine[],
): PrescriptionWarning[] {
  return [
    ...drugAllergyMatches(drug, allergies).map((match) => ({ kind: 'allergy' as const, ...match })),
    ...duplicateDrugs(drug, visitLines).map((match) => ({ kind: 'duplicate' as const, ...match })),
  ];
}

/** The words of a warning, as the editor shows it (ours: the spec has none). */
export function prescriptionWarningText(warning: PrescriptionWarning): string {
  if (warning.kind === 'allergy') {
    return warning.via === 'drug'
      ? `The patient is recorded as allergic to ${warning.allergyDrugName}.`
      : `The patient is recorded as allergic to ${warning.allergyDrugName}, of the same drug class (${warning.drugClass ?? ''}).`;
  }
  return warning.via === 'item'
    ? `${warning.name} is already prescribed on this visit.`
    : `${warning.name} on this visit has an ingredient in common with this drug.`;
}

/**
 * The override reason rule: a line with a warning needs a reason that is not blank; a
 * reason is at most OVERRIDE_REASON_MAX characters. A line without warnings needs none.
 */
export function overrideReasonProblems(
  warnings: readonly PrescriptionWarning[],
  overrideReason: string | null | undefined,
): PrescriptionProblem<'overrideReason'>[] {
  const reason = overrideReason?.trim() ?? '';
  if (warnings.length > 0 && reason === '') {
    return [{ field: 'overrideReason', key: 'overrideReasonRequired' }];
  }
  if (reason.length > OVERRIDE_REASON_MAX) {
    return [{ field: 'overrideReason', key: 'overrideReasonTooLong' }];
  }
  return [];
}
