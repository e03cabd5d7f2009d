import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiContract } from '../api-contract.ts';
import { toFieldErrors } from './api.ts';
import { isCleanText, multiLineString, singleLineString } from './text.ts';

/** Every character the rule is about: C0, DEL, C1, line and paragraph separators. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, offset) => String.fromCharCode(0x7f + offset)),
  '\u2028',
  '\u2029',
];
const control = fc.constantFrom(...CONTROLS);

describe('the text rule', () => {
  it('refuses every control character anywhere in single-line text', () => {
    fc.assert(
      fc.property(fc.string(), control, fc.string(), (before, bad, after) => {
        expect(isCleanText(before + bad + after, 'single')).toBe(false);
        expect(singleLineString().safeParse(before + bad + after).success).toBe(false);
      }),
      { seed: 21 },
    );
  });

  it('keeps line feeds, and only those, in multi-line text', () => {
    fc.assert(
      // fc.string() is printable ASCII: the control character is the only one in the text.
      fc.property(fc.string(), control, fc.string(), (before, bad, after) => {
        const lineBreak = bad === '\n' || bad === '\r';
        expect(multiLineString().safeParse(before + bad + after).success).toBe(lineBreak);
      }),
      { seed: 21 },
    );
    expect(multiLineString().parse('First line\r\nsecond\rthird\nfourth')).toBe(
      'First line\nsecond\nthird\nfourth',
    );
    for (const bad of CONTROLS.filter((c) => c !== '\n' && c !== '\r')) {
      expect(multiLineString().safeParse(`one${bad}two`).success).toBe(false);
    }
  });

  it('accepts ordinary text of any script, with spaces and punctuation', () => {
    const samples = [
      'Tan Ah Kow',
      "O'Brien-Smith",
      'Nguyễn Thị Minh',
      '陈大文',
      'Clinic & Co. (Pte) #02-01',
    ];
    for (const text of samples) {
      expect(singleLineString().parse(text)).toBe(text);
      expect(multiLineString().parse(`${text}\n${text}`)).toBe(`${text}\n${text}`);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const clean = !CONTROLS.some((c) => text.includes(c));
        expect(singleLineString().safeParse(text).success).toBe(clean);
      }),
      { seed: 21 },
    );
  });
});

// ---------------------------------------------------------------------------------------
// Every text field of every request of the contract is held to the rule.

type Schema = z.core.$ZodType;
type Path = Array<string | number>;

/** Secrets are never shown, mailed or printed: a password may hold any character. */
const ANY_TEXT = new Set(['password', 'currentPassword', 'newPassword']);
/** Text typed in a text area: line breaks kept (a decision; see docs/architecture.md). */
const MULTI_LINE = [
  'medicalCertificates.create body.remark',
  'medicalCertificates.update body.remark',
  'allergies.create body.allergyRemark',
  'diagnoses.create body.model.remark',
  'documents.update body.remark',
  'queue.add body.remark',
  'queue.remark body.remark',
  'queue.remove body.voidedReason',
  'vitals.createFacts body.smokingAssessmentRemark',
  'vitals.updateFacts body.smokingAssessmentRemark',
  'vitals.saveNote body.history',
  'vitals.saveNote body.examination',
  'vitals.saveNote body.plan',
  'vitals.saveNote body.freeText',
  'catalogs.create body.defaultInstructions',
  'catalogs.update body.defaultInstructions',
  'credits.depositCreate body.remarks',
  'inventory.supplierCreate body.address',
  'inventory.supplierUpdate body.address',
  'prescriptions.create body.overrideReason',
  'prescriptions.update body.overrideReason',
  'prescriptions.repeatLast body.overrideReason',
  'purchasing.purchaseCreate body.remark',
  'purchasing.purchaseUpdate body.remark',
  'purchasing.purchaseReceive body.remark',
  'billing.invoiceUpdate body.billTo.address',
  'billing.invoiceUpdate body.remarks',
  'billing.paymentCreate body.remarks',
  // A company's address, the invoice's bill-to block (several lines).
  'companies.companyCreate body.address',
  'companies.companyUpdate body.address',
  // A printer footer's HTML (its paragraphs and line breaks).
  'printing.printerFooterUpdate body.content',
  // A referral's clinical texts and its letter (doc 2 section 2.5).
  'referrals.create body.diagnosisText',
  'referrals.create body.drugAllergies',
  'referrals.create body.fastTrackReason',
  'referrals.create body.medicalHistory',
  'referrals.create body.note',
  'referrals.create body.procedureContent',
  'referrals.create body.referralLetter',
  'referrals.create body.referralReason',
  'referrals.create body.reviewContent',
  'referrals.create body.treatments',
  'referrals.update body.diagnosisText',
  'referrals.update body.drugAllergies',
  'referrals.update body.fastTrackReason',
  'referrals.update body.medicalHistory',
  'referrals.update body.modifiedReason',
  'referrals.update body.note',
  'referrals.update body.procedureContent',
  'referrals.update body.referralLetter',
  'referrals.update body.referralReason',
  'referrals.update body.reviewContent',
  'referrals.update body.treatments',
].sort();

function defOf(schema: Schema): Record<string, unknown> & { type: string } {
  return schema._zod.def as unknown as Record<string, unknown> & { type: string };
}

/** The schema a caller's value meets first (the input side of pipes and wrappers). */
function inputSide(schema: Schema): Schema {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inputSide(def.innerType as Schema);
    case 'pipe': {
      const input = def.in as Schema;
      // A preprocess step (a transform first) hands the value on to `out`.
      return inputSide(defOf(input).type === 'transform' ? (def.out as Schema) : input);
    }
    default:
      return schema;
  }
}

/** A text read as an id, an email, ...: its format refuses anything else already. */
function isFormatted(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === 'pipe') {
    const out = def.out as Schema;
    // `.transform()` appends a transform: the format is on the way in.
    return isFormatted(defOf(out).type === 'transform' ? (def.in as Schema) : out);
  }
  if ('innerType' in def) return isFormatted(def.innerType as Schema);
  return def.type === 'string' && Boolean(def.format);
}

/** Paths of the free-text fields (strings without a format such as uuid or email). */
function textPaths(schema: Schema, path: Path = []): Path[] {
  if (isFormatted(schema)) return [];
  const inner = inputSide(schema);
  const def = defOf(inner);
  if (def.type === 'string') return def.format ? [] : [path];
  if (def.type === 'object') {
    const shape = def.shape as Record<string, Schema>;
    return Object.entries(shape).flatMap(([key, field]) => textPaths(field, [...path, key]));
  }
  if (def.type === 'array') return textPaths(def.element as Schema, [...path, 0]);
  if (def.type === 'union') return (def.options as Schema[]).flatMap((o) => textPaths(o, path));
  return [];
}

/** A value of the schema's input shape, good enough to reach each field's own rules. */
function sample(schema: Schema): unknown {
  const def = defOf(inputSide(schema));
  switch (def.type) {
    case 'string':
      return 'Sample';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sample(def.element as Schema)];
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, Schema>).map(([k, v]) => [k, sample(v)]),
      );
    case 'union':
      return sample((def.options as Schema[])[0]!);
    default:
      return undefined;
  }
}

function withValue(base: unknown, path: Path, value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withValue(copy[head!], rest, value);
  return copy;
}

/** The refusal the request gets on that field, as the API answers it. */
function refusalAt(schema: Schema, value: unknown, path: Path, part: string) {
  const result = (schema as z.ZodType).safeParse(value);
  if (result.success) return undefined;
  const field = [part, ...path].join('.');
  return toFieldErrors(result.error.issues, part).find((error) =>
    [field, path.join('.')].includes(error.field),
  );
}

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

function requestTextFields() {
  const fields: Array<{ name: string; schema: Schema; path: Path; part: string }> = [];
  for (const [feature, entries] of Object.entries(apiContract)) {
    for (const [route, entry] of Object.entries(entries as Record<string, object>)) {
      for (const [part] of PARTS) {
        const schema = (entry as Record<string, Schema | undefined>)[part];
        if (!schema) continue;
        for (const path of textPaths(schema)) {
          if (ANY_TEXT.has(String(path.at(-1)))) continue;
          fields.push({
            name: `${feature}.${route} ${[part, ...path].join('.')}`,
            schema,
            path,
            part,
          });
        }
      }
    }
  }
  return fields;
}

describe('every text field of every request', () => {
  const fields = requestTextFields();

  it('finds the text fields of the contract', () => {
    expect(fields.length).toBeGreaterThan(40);
    expect(fields.map((f) => f.name)).toContain('accounts.register body.clinic');
    expect(fields.map((f) => f.name)).toContain('patients.create body.name');
  });

  it.each(fields.map((f) => [f.name, f] as const))('%s refuses control characters', (_, f) => {
    const base = sample(f.schema);
    for (const bad of [
      '\u0007',
      '\u0000',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u2028',
      '\u2029',
      '\t',
    ]) {
      const refusal = refusalAt(f.schema, withValue(base, f.path, `Sam${bad}ple`), f.path, f.part);
      expect(refusal?.code, JSON.stringify(bad)).toMatch(/^field\.(singleLine|controlCharacters)$/);
      // The message names the field.
      expect(refusal?.message).toContain(String(f.path.at(-1)));
    }
  });

  it('keeps line breaks only in the multi-line fields, and refuses them everywhere else', () => {
    const multi = fields
      .filter((f) => {
        const base = sample(f.schema);
        const refusal = refusalAt(f.schema, withValue(base, f.path, 'Sam\nple'), f.path, f.part);
        return refusal?.code !== 'field.singleLine';
      })
      .map((f) => f.name)
      .sort();
    expect(multi).toEqual(MULTI_LINE);
  });
});
