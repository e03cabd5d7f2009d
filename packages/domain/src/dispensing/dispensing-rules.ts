/**
 * Dispensing a visit's prescription and its medication labels (issue 12 'Dispensing and
 * inventory'; doc 2 section 2.14, doc 3 sections 2.1, 3.2, 7.1). Zod-free: the web reads
 * these without the schemas.
 */
import type { CycleUnit } from '../prescriptions/prescription-line.ts';

/** Doc 2 section 2.14: the dispense dialog's question, in the spec's words. */
export const DISPENSE_CONFIRM = 'Are your sure dispense all the medications belongs payment?';
/** Doc 2 section 2.14: the dispense dialog's button. */
export const DISPENSE_CONFIRM_YES = 'Yes';

/** Most lines one dispensing or one label print names. */
export const DISPENSE_PRESCRIPTIONS_MAX = 50;
/** Most labels of one line in one print (doc 3 2.1: 'repeated by the count chosen'). */
export const MEDICATION_LABEL_COPIES_MAX = 99;

export const DISPENSING_MESSAGES = {
  lineUnknown: 'This line is not on the prescription of this visit.',
  lineTwice: 'Each prescription line may be named only once.',
  lineNotDispensable:
    'This line names no catalog item kept in stock, so it cannot be dispensed here.',
  nothingToDispense: 'Every line of this prescription has been dispensed already.',
  lineLocked: 'This line has been dispensed: it can no longer be changed or removed.',
  labelsOfOneVisit: 'Medication labels are printed for the lines of one visit at a time.',
  labelIdsRequired: 'Please choose the prescription lines to print labels for.',
  labelIdsInvalid: 'ids must be prescription ids separated by commas.',
} as const;
export type DispensingMessageKey = keyof typeof DISPENSING_MESSAGES;

/** Refusals whose words name values. */
export const DISPENSING_REFUSAL_FORMATS = {
  'dispensing.alreadyDispensed': (itemName: string) =>
    `${itemName} has already been dispensed on this visit.`,
} as const;

// --- Dose instructions in words -----------------------------------------------------------

/** A line's dosing as the prescription keeps it: codes of the clinic's lists. */
export interface InstructionLine {
  /** What is taken each time, in `consumeUm`. */
  consumeQuantity: number;
  consumeUm: string;
  consumeMethod: string | null;
  frequency: string;
  duration: number;
  cycle: CycleUnit;
  /** A code of the indication list, or the doctor's own words. */
  indication: string | null;
  /** A code of the precaution list, or the doctor's own words. */
  precaution: string | null;
}

/** The clinic's prescription settings lists: code to description. */
export interface InstructionLists {
  units: Readonly<Record<string, string>>;
  methods: Readonly<Record<string, string>>;
  frequencies: Readonly<Record<string, string>>;
  indications: Readonly<Record<string, string>>;
  precautions: Readonly<Record<string, string>>;
}

/** Unit words that take no plural 's'. */
const UNCOUNTED = new Set(['percent']);

function describe(list: Readonly<Record<string, string>>, code: string): string {
  return (Object.hasOwn(list, code) ? list[code] : undefined)?.trim() || code;
}

/** '2', '0.5', '1.25': at most three decimals, no trailing zeros. */
function quantityText(quantity: number): string {
  return String(Math.round(quantity * 1000) / 1000);
}

function plural(word: string, count: number): string {
  if (count === 1 || UNCOUNTED.has(word.toLowerCase()) || !/[a-z]$/i.test(word)) return word;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** 'Three times a day' mid-sentence: lower-case first letter unless it is an abbreviation. */
function midSentence(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function capitalised(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return /[.!?]$/.test(trimmed) ? capitalised(trimmed) : `${capitalised(trimmed)}.`;
}

/**
 * A line's dose instructions in words, for the medication label and the desk: 'Take 2
 * tablets by mouth three times a day for 5 days. For pain. Take after food.' Built from
 * the descriptions of the clinic's lists: the consume method's first word is the verb,
 * its other words follow the quantity ('Dissolve 1 tablet in water and drink'). A STAT
 * line (once, now) has no duration. A code not in its list is shown as it is.
 */
export function medicationInstructions(line: InstructionLine, lists: InstructionLists): string {
  const method = line.consumeMethod ? describe(lists.methods, line.consumeMethod) : '';
  const [verb = '', ...rest] = method.split(/\s+/).filter(Boolean);
  const unit = plural(describe(lists.units, line.consumeUm), line.consumeQuantity);
  const frequency = midSentence(describe(lists.frequencies, line.frequency));
  const once = line.frequency.toUpperCase() === 'STAT';
  const duration = once ? '' : `for ${line.duration} ${plural(line.cycle, line.duration)}`;
  const dose = [verb, quantityText(line.consumeQuantity), unit, rest.join(' '), frequency, duration]
    .filter(Boolean)
    .join(' ');
  const notes = [
    line.indication ? describe(lists.indications, line.indication) : '',
    line.precaution ? describe(lists.precautions, line.precaution) : '',
  ];
  return [dose, ...notes].map(sentence).filter(Boolean).join(' ');
}

/** The lists as the instructions read them, from the settings rows of each list. */
export function instructionLists(settings: {
  units: ReadonlyArray<{ code: string; description: string }>;
  methods: ReadonlyArray<{ code: string; description: string }>;
  frequencies: ReadonlyArray<{ code: string; description: string }>;
  indications: ReadonlyArray<{ code: string; description: string }>;
  precautions: ReadonlyArray<{ code: string; description: string }>;
}): InstructionLists {
  const byCode = (rows: ReadonlyArray<{ code: string; description: string }>) =>
    Object.fromEntries(rows.map((row) => [row.code, row.description]));
  return {
    units: byCode(settings.units),
    methods: byCode(settings.methods),
    frequencies: byCode(settings.frequencies),
    indications: byCode(settings.indications),
    precautions: byCode(settings.precautions),
  };
}
