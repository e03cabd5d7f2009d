import {
  PROCUREMENTS,
  type CatalogItemCreateBody,
  type Procurement,
  type VaccineDoseInput,
} from '@clinic/domain';
import { withTenant } from '../db/tenant-db.ts';
import {
  createItem,
  setBranchTerms,
  type CatalogScope,
} from '../features/catalogs/catalogs.service.ts';
import { createPlan } from '../features/catalogs/vaccine-plans.service.ts';
import type { TenantRunner } from '../platform/access.ts';
import type { AppContext } from '../platform/app-context.ts';

/**
 * The demo clinic's starter catalog, typed by us: common GP medicines with strengths,
 * dispensing units and default doses, priced per dispensing unit in cents at plausible
 * Singapore GP prices (GST 9%); services, a few vaccines and investigations, one combo.
 * Units, consume methods and frequencies are codes of the seeded prescription settings.
 */

/** GST registered: 9% on everything. */
const GST = 900;

/**
 * One medicine a line, `|`-separated: code | name | category | strength (`500 mg`, or -)
 * | dispensing unit | default dose (`2 tab`) | consume method | frequency | days (or -)
 * | price in cents | cost in cents | procurement | instructions.
 */
const MEDICINES = [
  // Analgesics and anti-inflammatories
  'PARA500 | Paracetamol 500 mg tablet | Analgesics | 500 mg | tab | 2 tab | TAKE | QDS | 3 | 10 | 3 | Private | Take 2 tablets four times a day when needed for pain or fever. No more than 8 tablets in 24 hours.',
  'PARA120S | Paracetamol 120 mg/5 ml syrup (60 ml) | Analgesics | 120 mg | bottle | 5 ml | TAKE | QDS | 3 | 450 | 150 | Private | Take 5 ml four times a day when needed for fever.',
  'IBU400 | Ibuprofen 400 mg tablet | NSAIDs | 400 mg | tab | 1 tab | TAKE | TDS | 3 | 20 | 6 | Private | Take 1 tablet three times a day after food.',
  'NAPRO275 | Naproxen sodium 275 mg tablet | NSAIDs | 275 mg | tab | 1 tab | TAKE | BD | 5 | 30 | 8 | Private | Take 1 tablet twice a day after food.',
  'DICLO50 | Diclofenac sodium 50 mg tablet | NSAIDs | 50 mg | tab | 1 tab | TAKE | TDS | 3 | 15 | 4 | Private | Take 1 tablet three times a day after food.',
  'MEFEN250 | Mefenamic acid 250 mg capsule | NSAIDs | 250 mg | cap | 2 cap | TAKE | TDS | 3 | 20 | 5 | Private | Take 2 capsules three times a day after food.',
  'CELE200 | Celecoxib 200 mg capsule | NSAIDs | 200 mg | cap | 1 cap | TAKE | OD | 7 | 90 | 35 | Private | Take 1 capsule once a day after food.',
  'TRAM50 | Tramadol 50 mg capsule | Analgesics | 50 mg | cap | 1 cap | TAKE | TDS | 3 | 40 | 12 | Private | Take 1 capsule three times a day when needed for severe pain. May cause drowsiness.',
  // Antibiotics
  'AMOX500 | Amoxicillin 500 mg capsule | Antibiotics | 500 mg | cap | 1 cap | TAKE | TDS | 5 | 25 | 8 | Private | Take 1 capsule three times a day. Complete the whole course.',
  'AMC625 | Amoxicillin/clavulanic acid 625 mg tablet | Antibiotics | 625 mg | tab | 1 tab | TAKE | BD | 5 | 120 | 45 | Private | Take 1 tablet twice a day after food. Complete the whole course.',
  'AZI250 | Azithromycin 250 mg tablet | Antibiotics | 250 mg | tab | 2 tab | TAKE | OD | 3 | 150 | 50 | Private | Take 2 tablets once a day. Complete the whole course.',
  'CLARI500 | Clarithromycin 500 mg tablet | Antibiotics | 500 mg | tab | 1 tab | TAKE | BD | 7 | 150 | 55 | Private | Take 1 tablet twice a day. Complete the whole course.',
  'CEPHA500 | Cefalexin 500 mg capsule | Antibiotics | 500 mg | cap | 1 cap | TAKE | TDS | 5 | 40 | 12 | Private | Take 1 capsule three times a day. Complete the whole course.',
  'DOXY100 | Doxycycline 100 mg capsule | Antibiotics | 100 mg | cap | 1 cap | TAKE | BD | 7 | 30 | 8 | Private | Take 1 capsule twice a day with plenty of water; do not lie down for 30 minutes.',
  'CIPRO500 | Ciprofloxacin 500 mg tablet | Antibiotics | 500 mg | tab | 1 tab | TAKE | BD | 3 | 60 | 18 | Private | Take 1 tablet twice a day. Do not take with antacids or milk.',
  'METRO400 | Metronidazole 400 mg tablet | Antibiotics | 400 mg | tab | 1 tab | TAKE | TDS | 7 | 20 | 5 | Private | Take 1 tablet three times a day after food. Avoid alcohol.',
  'NITRO100 | Nitrofurantoin 100 mg modified-release capsule | Antibiotics | 100 mg | cap | 1 cap | TAKE | BD | 5 | 80 | 30 | Private | Take 1 capsule twice a day with food. May discolour urine.',
  // Antihistamines, cough and cold
  'LORA10 | Loratadine 10 mg tablet | Antihistamines | 10 mg | tab | 1 tab | TAKE | OD | 5 | 20 | 5 | Private | Take 1 tablet once a day.',
  'CETI10 | Cetirizine 10 mg tablet | Antihistamines | 10 mg | tab | 1 tab | TAKE | ON | 5 | 15 | 4 | Private | Take 1 tablet at night. May cause drowsiness.',
  'FEXO180 | Fexofenadine 180 mg tablet | Antihistamines | 180 mg | tab | 1 tab | TAKE | OD | 7 | 80 | 30 | Private | Take 1 tablet once a day.',
  'CPM4 | Chlorphenamine 4 mg tablet | Antihistamines | 4 mg | tab | 1 tab | TAKE | TDS | 5 | 5 | 2 | Private | Take 1 tablet three times a day. May cause drowsiness.',
  'DXM15S | Dextromethorphan 15 mg/5 ml cough syrup (90 ml) | Cough and cold | 15 mg | bottle | 10 ml | TAKE | TDS | 5 | 650 | 200 | Private | Take 10 ml three times a day for dry cough.',
  'GUAI100S | Guaifenesin 100 mg/5 ml syrup (100 ml) | Cough and cold | 100 mg | bottle | 10 ml | TAKE | TDS | 5 | 600 | 180 | Private | Take 10 ml three times a day for chesty cough.',
  'BROM8 | Bromhexine 8 mg tablet | Cough and cold | 8 mg | tab | 1 tab | TAKE | TDS | 5 | 10 | 3 | Private | Take 1 tablet three times a day.',
  'PSE60 | Pseudoephedrine 60 mg tablet | Cough and cold | 60 mg | tab | 1 tab | TAKE | TDS | 5 | 15 | 4 | Private | Take 1 tablet three times a day for blocked nose.',
  'BENZY015 | Benzydamine 0.15% throat spray (30 ml) | Cough and cold | 0.15 % | bottle | 4 puff | SPRAY | TDS | 5 | 1200 | 500 | Private | Spray 4 puffs onto the sore area three times a day.',
  'LOZ24 | Amylmetacresol/dichlorobenzyl alcohol lozenges (24) | Cough and cold | - | box | 1 loz | SUCK | Q4H | 3 | 850 | 350 | Private | Suck 1 lozenge slowly every 4 hours when needed.',
  // Gastrointestinal
  'OMEP20 | Omeprazole 20 mg capsule | Gastrointestinal | 20 mg | cap | 1 cap | TAKE | OD | 14 | 30 | 8 | Private | Take 1 capsule once a day before breakfast.',
  'FAMO20 | Famotidine 20 mg tablet | Gastrointestinal | 20 mg | tab | 1 tab | TAKE | BD | 7 | 20 | 5 | Private | Take 1 tablet twice a day.',
  'MMT200 | Magnesium trisilicate mixture (200 ml) | Gastrointestinal | - | bottle | 10 ml | TAKE | TDS | 7 | 500 | 150 | Private | Shake well. Take 10 ml three times a day after food.',
  'METOC10 | Metoclopramide 10 mg tablet | Gastrointestinal | 10 mg | tab | 1 tab | TAKE | TDS | 3 | 10 | 3 | Private | Take 1 tablet three times a day before food for nausea.',
  'DOMP10 | Domperidone 10 mg tablet | Gastrointestinal | 10 mg | tab | 1 tab | TAKE | TDS | 3 | 15 | 4 | Private | Take 1 tablet three times a day before food.',
  'HYOS10 | Hyoscine butylbromide 10 mg tablet | Gastrointestinal | 10 mg | tab | 1 tab | TAKE | TDS | 3 | 20 | 6 | Private | Take 1 tablet three times a day when needed for abdominal cramps.',
  'LOPE2 | Loperamide 2 mg capsule | Gastrointestinal | 2 mg | cap | 1 cap | TAKE | PRN | - | 15 | 4 | Private | Take 2 capsules at first, then 1 after each loose stool. No more than 8 in 24 hours.',
  'ORS | Oral rehydration salts sachet | Gastrointestinal | - | sachet | 1 sachet | DISSOLVE | PRN | - | 80 | 25 | Private | Dissolve 1 sachet in 200 ml of water; drink after each loose stool.',
  'LACTU | Lactulose 3.35 g/5 ml solution (100 ml) | Gastrointestinal | 3.35 g | bottle | 15 ml | TAKE | OD | 7 | 700 | 250 | Private | Take 15 ml once a day.',
  'BISA5 | Bisacodyl 5 mg tablet | Gastrointestinal | 5 mg | tab | 2 tab | TAKE | ON | 3 | 10 | 3 | Private | Take 2 tablets at night when needed for constipation.',
  // Chronic conditions
  'AMLO5 | Amlodipine 5 mg tablet | Cardiovascular | 5 mg | tab | 1 tab | TAKE | OM | 30 | 15 | 4 | Alps | Take 1 tablet every morning.',
  'LOSA50 | Losartan 50 mg tablet | Cardiovascular | 50 mg | tab | 1 tab | TAKE | OM | 30 | 30 | 9 | Alps | Take 1 tablet every morning.',
  'ATEN50 | Atenolol 50 mg tablet | Cardiovascular | 50 mg | tab | 1 tab | TAKE | OM | 30 | 10 | 3 | Alps | Take 1 tablet every morning.',
  'SIMVA20 | Simvastatin 20 mg tablet | Cardiovascular | 20 mg | tab | 1 tab | TAKE | ON | 30 | 20 | 5 | Alps | Take 1 tablet at night.',
  'ATOR20 | Atorvastatin 20 mg tablet | Cardiovascular | 20 mg | tab | 1 tab | TAKE | ON | 30 | 40 | 12 | Alps | Take 1 tablet at night.',
  'METF500 | Metformin 500 mg tablet | Diabetes | 500 mg | tab | 1 tab | TAKE | BD | 30 | 10 | 3 | Alps | Take 1 tablet twice a day after food.',
  'GLIC80 | Gliclazide 80 mg tablet | Diabetes | 80 mg | tab | 1 tab | TAKE | BD | 30 | 12 | 4 | Alps | Take 1 tablet twice a day with breakfast and dinner.',
  'SALB100 | Salbutamol 100 mcg inhaler (200 doses) | Respiratory | 100 mcg | inhaler | 2 puff | INHALE | PRN | - | 900 | 350 | Maf | Inhale 2 puffs when needed for breathlessness or wheezing.',
  'PRED5 | Prednisolone 5 mg tablet | Corticosteroids | 5 mg | tab | 6 tab | TAKE | OM | 5 | 8 | 2 | Private | Take 6 tablets every morning after food.',
  // Skin, eye and ear
  'HC1CR | Hydrocortisone 1% cream (15 g) | Dermatology | 1 % | tube | 1 appl | APPLY | BD | 7 | 450 | 150 | Private | Apply thinly to the affected skin twice a day.',
  'CLOT1CR | Clotrimazole 1% cream (15 g) | Dermatology | 1 % | tube | 1 appl | APPLY | BD | 14 | 500 | 180 | Private | Apply to the affected skin twice a day; continue 2 weeks after it clears.',
  'CALAM | Calamine lotion (100 ml) | Dermatology | - | bottle | 1 appl | APPLY | TDS | 7 | 400 | 120 | Private | Shake well. Apply to itchy skin three times a day. For external use only.',
  'CHLORED | Chloramphenicol 0.5% eye drops (10 ml) | Eye and ear | 0.5 % | bottle | 1 drop | INSTIL | QDS | 5 | 600 | 200 | Private | Instil 1 drop into the affected eye four times a day.',
];

/** code | name | category | price in cents. */
const SERVICES = [
  'CONSULT | Consultation (standard) | Consultation | 3500',
  'CONSULTL | Consultation (long) | Consultation | 5500',
  'REVIEW | Follow-up review | Consultation | 2500',
  'DRESS-S | Wound dressing (small) | Procedures | 1500',
  'DRESS-L | Wound dressing (large) | Procedures | 3000',
  'SUTURE | Suturing of simple laceration | Procedures | 12000',
  'TOS | Removal of stitches | Procedures | 2000',
  'NEBUL | Nebulisation | Procedures | 2500',
  'ECG | Electrocardiogram (ECG) | Procedures | 4000',
  'EARSYR | Ear syringing | Procedures | 3000',
];

/** code | name | vaccine type code (doc 3 section 3.7) | price in cents. */
const VACCINES = [
  'VFLU | Influenza vaccine (quadrivalent) 0.5 ml | A-INF | 3500',
  'VPCV | Pneumococcal conjugate vaccine 0.5 ml | A-PNC | 15000',
  'VHEPB | Hepatitis B vaccine (adult) 1 ml | A-HEPB | 4500',
  'VTDAP | Tetanus, diphtheria and pertussis vaccine (Tdap) 0.5 ml | A-TDAP | 5500',
  'VHPV | Human papillomavirus vaccine (9-valent) 0.5 ml | A-HPV | 28000',
];

/** code | name | category | price in cents. */
const INVESTIGATIONS = [
  'FBC | Full blood count | Haematology | 2500',
  'HBA1C | HbA1c | Chemistry | 2800',
  'LIPID | Lipid panel | Chemistry | 3000',
  'FPG | Fasting plasma glucose | Chemistry | 1200',
  'RENAL | Renal panel | Chemistry | 3500',
  'UFEME | Urine FEME | Urine | 1500',
];

/** A line's fields; throws naming the line when one is missing (the data is ours). */
function fields(line: string, count: number): string[] {
  const parts = line.split('|').map((part) => part.trim());
  if (parts.length !== count)
    throw new Error(`Demo catalog line has ${parts.length} fields: ${line}`);
  return parts;
}

/** `500 mg` as [500, 'mg']; `-` as nulls. */
function amount(text: string): [number | null, string | null] {
  if (text === '-') return [null, null];
  const [value = '', unit = ''] = text.split(' ');
  return [Number(value), unit];
}

const whole = (text: string) => (text === '-' ? null : Number(text));

function procurementOf(text: string): Procurement {
  const found = PROCUREMENTS.find((procurement) => procurement === text);
  if (!found) throw new Error(`Unknown procurement ${text}`);
  return found;
}

/** An item with every optional field at its default. */
function blank(): Omit<CatalogItemCreateBody, 'type' | 'code' | 'name' | 'sellingPriceCents'> {
  return {
    category: null,
    strength: null,
    strengthUnit: null,
    dispensingUnit: null,
    defaultDose: null,
    defaultDoseUnit: null,
    defaultConsumeMethod: null,
    defaultFrequency: null,
    defaultDurationDays: null,
    defaultInstructions: null,
    costCents: null,
    procurement: null,
    taxBasisPoints: GST,
    whitelistDrugId: null,
    isActive: true,
    components: [],
    upcCodes: [],
  };
}

function medicine(line: string): CatalogItemCreateBody {
  const [
    code = '',
    name = '',
    category = '',
    strength = '-',
    unit = '',
    dose = '-',
    method = '',
    frequency = '',
    days = '-',
    price = '',
    cost = '',
    procurement = '',
    instructions = '',
  ] = fields(line, 13);
  const [strengthValue, strengthUnit] = amount(strength);
  const [doseValue, doseUnit] = amount(dose);
  return {
    ...blank(),
    type: 'Med',
    code,
    name,
    category,
    strength: strengthValue,
    strengthUnit,
    dispensingUnit: unit,
    defaultDose: doseValue,
    defaultDoseUnit: doseUnit,
    defaultConsumeMethod: method,
    defaultFrequency: frequency,
    defaultDurationDays: whole(days),
    defaultInstructions: instructions,
    sellingPriceCents: Number(price),
    costCents: Number(cost),
    procurement: procurementOf(procurement),
  };
}

function priced(
  type: 'Service' | 'Investigation' | 'Vaccine',
  line: string,
): CatalogItemCreateBody {
  const [code = '', name = '', category = '', price = ''] = fields(line, 4);
  const item: CatalogItemCreateBody = {
    ...blank(),
    type,
    code,
    name,
    category,
    sellingPriceCents: Number(price),
  };
  if (type !== 'Vaccine') return item;
  return {
    ...item,
    dispensingUnit: 'dose',
    defaultDose: 1,
    defaultDoseUnit: 'dose',
    defaultConsumeMethod: 'INJECT',
    defaultFrequency: 'STAT',
    costCents: Math.round(Number(price) * 0.55),
    procurement: 'Private',
  };
}

/** Every item of the starter catalog but the combo, in the order they are created. */
const first = (name: string): VaccineDoseInput => ({
  name,
  intervalValue: null,
  intervalUnit: null,
  ageMonths: null,
});
const after = (name: string, months: number): VaccineDoseInput => ({
  ...first(name),
  intervalValue: months,
  intervalUnit: 'month',
});
const atAge = (name: string, ageMonths: number): VaccineDoseInput => ({
  ...first(name),
  ageMonths,
});

/** The demo's vaccine plans, by the code of their vaccine (usual Singapore schedules). */
const VACCINE_PLANS: ReadonlyArray<{ code: string; name: string; doses: VaccineDoseInput[] }> = [
  {
    code: 'VHEPB',
    name: 'Hepatitis B (adult), 3 doses at 0, 1 and 6 months',
    doses: [first('Dose 1'), after('Dose 2', 1), after('Dose 3', 5)],
  },
  {
    code: 'VHPV',
    name: 'HPV 9-valent (from age 15), 3 doses at 0, 2 and 6 months',
    doses: [first('Dose 1'), after('Dose 2', 2), after('Dose 3', 4)],
  },
  {
    code: 'VPCV',
    name: 'Pneumococcal conjugate (childhood), 2 + 1 doses',
    doses: [atAge('Dose 1', 2), atAge('Dose 2', 4), atAge('Booster', 12)],
  },
];

/** The demo's vaccine plans, once (also in a demo clinic whose catalog predates them). */
async function seedDemoVaccinePlans(scope: CatalogScope): Promise<void> {
  const vaccines = await scope.run(async (tx) => ({
    anyPlan: await tx.db.selectFrom('vaccinePlans').select('id').limit(1).executeTakeFirst(),
    items: await tx.db
      .selectFrom('catalogItems')
      .select(['id', 'code'])
      .where('type', '=', 'Vaccine')
      .where('deletedAt', 'is', null)
      .execute(),
  }));
  if (vaccines.anyPlan) return;
  for (const plan of VACCINE_PLANS) {
    const item = vaccines.items.find((vaccine) => vaccine.code === plan.code);
    if (!item) continue;
    await createPlan(scope, {
      name: plan.name,
      itemId: item.id,
      isActive: true,
      doses: plan.doses,
    });
  }
}

export function demoCatalogItems(): CatalogItemCreateBody[] {
  return [
    ...MEDICINES.map(medicine),
    ...SERVICES.map((line) => priced('Service', line)),
    ...VACCINES.map((line) => priced('Vaccine', line)),
    ...INVESTIGATIONS.map((line) => priced('Investigation', line)),
  ];
}

/**
 * Creates the starter catalog once (when the demo clinic has none), as the demo
 * administrator: medicines, services, vaccines, investigations, a cold-and-flu combo, the
 * second branch's own consultation price and three vaccine plans (those also later, in a
 * demo clinic whose catalog came before plans).
 */
export async function seedDemoCatalog(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  branchCodes: readonly string[],
): Promise<void> {
  const run: TenantRunner = (work) => withTenant(ctx.db, tenantId, work);
  const found = await run(async (tx) => ({
    any: await tx.db.selectFrom('catalogItems').select('id').limit(1).executeTakeFirst(),
    admin: await tx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo.admin')
      .executeTakeFirst(),
    branches: await tx.db
      .selectFrom('branches')
      .select(['id', 'code'])
      .where('code', 'in', [...branchCodes])
      .execute(),
  }));
  if (!found.admin) return;
  const scope = { userId: found.admin.id, branchId: null, run };
  if (found.any) return seedDemoVaccinePlans(scope);
  const ids = new Map<string, string>();
  for (const body of demoCatalogItems()) {
    ids.set(body.code, (await createItem(scope, body)).id);
  }
  const id = (code: string) => {
    const itemId = ids.get(code);
    if (!itemId) throw new Error(`The demo catalog has no ${code}`);
    return itemId;
  };
  await createItem(scope, {
    ...blank(),
    type: 'Combo',
    code: 'URTI-PKG',
    name: 'Cold and flu package',
    category: 'Packages',
    sellingPriceCents: 6800,
    components: [
      { itemId: id('CONSULT'), quantity: 1 },
      { itemId: id('PARA500'), quantity: 20 },
      { itemId: id('CPM4'), quantity: 15 },
      { itemId: id('DXM15S'), quantity: 1 },
    ],
  });
  const second = found.branches.find((branch) => branch.code === branchCodes[1]);
  if (second) {
    await setBranchTerms({ ...scope, branchId: second.id }, id('CONSULT'), {
      sellingPriceCents: 3800,
      isActive: true,
      version: 0,
    });
  }
  await seedDemoVaccinePlans(scope);
}
