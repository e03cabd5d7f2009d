import { sql, type Kysely } from 'kysely';
import { runStatements } from '../migration-helpers.ts';

/**
 * SNOMED CT descriptions for the diagnosis search (`GET /snomed-ct?filter=`).
 *
 * GLOBAL reference data, not tenant-owned: the terminology is the same for every clinic,
 * read-only to the API role (`SELECT` only), written by migrations and by the RF2 loader
 * (`npm run snomed:load`), which log in as the schema owner.
 *
 * - `snomed_descriptions`: one row per description of an RF2 description file (id,
 *   effective time, active, module, concept, language, type, term). The starter list below
 *   has module `starter` and ids `starter-<conceptId>`; loading a release removes the
 *   starter rows of every concept the release holds.
 * - `snomed_words`: each distinct word of each active description, with the description's
 *   rank (synonyms before fully specified names, then shorter terms first), kept by a
 *   trigger. The search takes, for the filter's longest word, the index range
 *   `word LIKE 'prefix%'` in rank order (index `(word, rank, description_id)`, "C"
 *   collation so a prefix is a range), or within the word's first two letters `head` in
 *   rank order (index `(head, rank, word, description_id)`: a 2-letter filter reads only
 *   the rows it answers), and checks the other words by
 *   `(description_id, word)`: every word of the filter must start some word of the term.
 */

/** Fully specified name; other descriptions (synonyms) rank before it. */
const FSN = '900000000000003001';
const SYNONYM = '900000000000013009';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE snomed_descriptions (
       description_id text PRIMARY KEY,
       effective_time text NOT NULL,
       active boolean NOT NULL,
       module_id text NOT NULL,
       concept_id text NOT NULL,
       language_code text NOT NULL,
       type_id text NOT NULL,
       term text NOT NULL,
       case_significance_id text NOT NULL
     )`,
    `CREATE INDEX snomed_descriptions_concept ON snomed_descriptions (concept_id)`,
    `CREATE TABLE snomed_words (
       word text COLLATE "C" NOT NULL,
       description_id text NOT NULL REFERENCES snomed_descriptions (description_id) ON DELETE CASCADE,
       rank integer NOT NULL,
       head text COLLATE "C" GENERATED ALWAYS AS (left(word, 2)) STORED,
       PRIMARY KEY (description_id, word)
     )`,
    `CREATE INDEX snomed_words_prefix ON snomed_words (word, rank, description_id)`,
    // A short (common) prefix is read in rank order within its first two letters: the
    // first rows are the answer, where the range of the index above sorts them all first.
    `CREATE INDEX snomed_words_head ON snomed_words (head, rank, word, description_id)`,
    `CREATE FUNCTION snomed_rank(p_type_id text, p_term text) RETURNS integer
       LANGUAGE sql IMMUTABLE AS
       $$ SELECT (CASE WHEN p_type_id = '${FSN}' THEN 100000 ELSE 0 END) + length(p_term) $$`,
    `CREATE FUNCTION snomed_words_sync() RETURNS trigger LANGUAGE plpgsql AS
       $$
       BEGIN
         IF TG_OP = 'UPDATE' THEN
           IF NEW.term IS NOT DISTINCT FROM OLD.term AND NEW.active = OLD.active
              AND NEW.type_id IS NOT DISTINCT FROM OLD.type_id THEN
             RETURN NEW;
           END IF;
           DELETE FROM snomed_words WHERE description_id = NEW.description_id;
         END IF;
         IF NEW.active THEN
           INSERT INTO snomed_words (word, description_id, rank)
             SELECT DISTINCT w, NEW.description_id, snomed_rank(NEW.type_id, NEW.term)
               FROM regexp_split_to_table(lower(NEW.term), '[^[:alnum:]]+') AS w
              WHERE w <> '';
         END IF;
         RETURN NEW;
       END
       $$`,
    `CREATE TRIGGER snomed_words_sync AFTER INSERT OR UPDATE ON snomed_descriptions
       FOR EACH ROW EXECUTE FUNCTION snomed_words_sync()`,
    `GRANT SELECT ON snomed_descriptions, snomed_words TO clinic_app`,
  ]);
  await sql`
    INSERT INTO snomed_descriptions
      (description_id, effective_time, active, module_id, concept_id, language_code, type_id,
       term, case_significance_id)
    SELECT 'starter-' || s.concept_id, '20260101', true, 'starter', s.concept_id, 'en',
           ${SYNONYM}, s.term, '900000000000448009'
      FROM jsonb_to_recordset(${JSON.stringify(
        STARTER.map(([conceptId, term]) => ({ concept_id: conceptId, term })),
      )}::jsonb) AS s(concept_id text, term text)`.execute(db);
}

/**
 * A starter list of common primary-care diagnoses: SNOMED CT concept id and a term of the
 * concept (its preferred term or an acceptable synonym), typed by us from the International
 * Edition. A clinic with a licence loads the full release (`npm run snomed:load`).
 */
const STARTER: [string, string][] = [
  ['38341003', 'Hypertension'],
  ['59621000', 'Essential hypertension'],
  ['48194001', 'Pregnancy-induced hypertension'],
  ['398254007', 'Pre-eclampsia'],
  ['44054006', 'Type 2 diabetes mellitus'],
  ['46635009', 'Type 1 diabetes mellitus'],
  ['73211009', 'Diabetes mellitus'],
  ['11687002', 'Gestational diabetes mellitus'],
  ['714628002', 'Prediabetes'],
  ['4855003', 'Diabetic retinopathy'],
  ['230572002', 'Diabetic neuropathy'],
  ['127013003', 'Diabetic renal disease'],
  ['302866003', 'Hypoglycaemia'],
  ['80394007', 'Hyperglycaemia'],
  ['55822004', 'Hyperlipidaemia'],
  ['13644009', 'Hypercholesterolaemia'],
  ['237602007', 'Metabolic syndrome X'],
  ['414916001', 'Obesity'],
  ['238131007', 'Overweight'],
  ['248342006', 'Underweight'],
  ['40930008', 'Hypothyroidism'],
  ['34486009', 'Hyperthyroidism'],
  ['34713006', 'Vitamin D deficiency'],
  ['90560007', 'Gout'],
  ['271737000', 'Anaemia'],
  ['87522002', 'Iron deficiency anaemia'],
  ['54150009', 'Upper respiratory infection'],
  ['82272006', 'Common cold'],
  ['195662009', 'Acute viral pharyngitis'],
  ['363746003', 'Acute pharyngitis'],
  ['43878008', 'Streptococcal sore throat'],
  ['17741008', 'Acute tonsillitis'],
  ['162397003', 'Pain in throat'],
  ['15805002', 'Acute sinusitis'],
  ['36971009', 'Sinusitis'],
  ['40055000', 'Chronic sinusitis'],
  ['70076002', 'Rhinitis'],
  ['61582004', 'Allergic rhinitis'],
  ['367498001', 'Seasonal allergic rhinitis'],
  ['21719001', 'Hay fever'],
  ['68235000', 'Nasal congestion'],
  ['64531003', 'Nasal discharge'],
  ['76067001', 'Sneezing'],
  ['249366005', 'Bleeding from nose'],
  ['65363002', 'Otitis media'],
  ['3110003', 'Acute otitis media'],
  ['3135009', 'Otitis externa'],
  ['60862001', 'Tinnitus'],
  ['15188001', 'Hearing loss'],
  ['10509002', 'Acute bronchitis'],
  ['32398004', 'Bronchitis'],
  ['233604007', 'Pneumonia'],
  ['195967001', 'Asthma'],
  ['13645005', 'Chronic obstructive lung disease'],
  ['6142004', 'Influenza'],
  ['840539006', 'COVID-19'],
  ['56717001', 'Tuberculosis'],
  ['49727002', 'Cough'],
  ['56018004', 'Wheezing'],
  ['267036007', 'Dyspnoea'],
  ['386661006', 'Fever'],
  ['84229001', 'Fatigue'],
  ['25064002', 'Headache'],
  ['37796009', 'Migraine'],
  ['398057008', 'Tension-type headache'],
  ['404640003', 'Dizziness'],
  ['386705008', 'Lightheadedness'],
  ['399153001', 'Vertigo'],
  ['271594007', 'Syncope'],
  ['84757009', 'Epilepsy'],
  ['128613002', 'Seizure disorder'],
  ['91175000', 'Seizure'],
  ['193093009', "Bell's palsy"],
  ['31681005', 'Trigeminal neuralgia'],
  ['49049000', "Parkinson's disease"],
  ['26929004', "Alzheimer's disease"],
  ['52448006', 'Dementia'],
  ['24700007', 'Multiple sclerosis'],
  ['230690007', 'Cerebrovascular accident'],
  ['266257000', 'Transient ischaemic attack'],
  ['29857009', 'Chest pain'],
  ['80313002', 'Palpitations'],
  ['56265001', 'Heart disease'],
  ['414545008', 'Ischaemic heart disease'],
  ['53741008', 'Coronary arteriosclerosis'],
  ['194828000', 'Angina'],
  ['22298006', 'Myocardial infarction'],
  ['399211009', 'History of myocardial infarction'],
  ['49436004', 'Atrial fibrillation'],
  ['5370000', 'Atrial flutter'],
  ['84114007', 'Heart failure'],
  ['42343007', 'Congestive heart failure'],
  ['400047006', 'Peripheral vascular disease'],
  ['128053003', 'Deep venous thrombosis'],
  ['59282003', 'Pulmonary embolism'],
  ['267038008', 'Oedema'],
  ['102572006', 'Oedema of lower extremity'],
  ['235595009', 'Gastro-oesophageal reflux disease'],
  ['4556007', 'Gastritis'],
  ['25374005', 'Gastroenteritis'],
  ['62315008', 'Diarrhoea'],
  ['14760008', 'Constipation'],
  ['422587007', 'Nausea'],
  ['422400008', 'Vomiting'],
  ['21522001', 'Abdominal pain'],
  ['79922009', 'Epigastric pain'],
  ['271681002', 'Stomach ache'],
  ['116289008', 'Abdominal bloating'],
  ['79890006', 'Loss of appetite'],
  ['397825006', 'Gastric ulcer'],
  ['51868009', 'Duodenal ulcer'],
  ['10743008', 'Irritable bowel syndrome'],
  ['34000006', "Crohn's disease"],
  ['64766004', 'Ulcerative colitis'],
  ['70153002', 'Haemorrhoids'],
  ['74400008', 'Appendicitis'],
  ['84089009', 'Hiatal hernia'],
  ['396232000', 'Inguinal hernia'],
  ['197321007', 'Steatosis of liver'],
  ['19943007', 'Cirrhosis of liver'],
  ['18165001', 'Jaundice'],
  ['40468003', 'Viral hepatitis type A'],
  ['66071002', 'Viral hepatitis type B'],
  ['50711007', 'Viral hepatitis type C'],
  ['68566005', 'Urinary tract infectious disease'],
  ['38822007', 'Cystitis'],
  ['45816000', 'Pyelonephritis'],
  ['49650001', 'Dysuria'],
  ['162116003', 'Increased frequency of urination'],
  ['165232002', 'Urinary incontinence'],
  ['34436003', 'Blood in urine'],
  ['29738008', 'Proteinuria'],
  ['95570007', 'Kidney stone'],
  ['90708001', 'Kidney disease'],
  ['709044004', 'Chronic kidney disease'],
  ['42399005', 'Renal failure syndrome'],
  ['14669001', 'Acute renal failure syndrome'],
  ['266569009', 'Benign prostatic hyperplasia'],
  ['266599000', 'Dysmenorrhoea'],
  ['386692008', 'Menorrhagia'],
  ['14302001', 'Amenorrhoea'],
  ['69878008', 'Polycystic ovaries'],
  ['72892002', 'Normal pregnancy'],
  ['78048006', 'Candidiasis'],
  ['271807003', 'Eruption of skin'],
  ['95324001', 'Skin lesion'],
  ['418290006', 'Itching'],
  ['24079001', 'Atopic dermatitis'],
  ['43116000', 'Eczema'],
  ['40275004', 'Contact dermatitis'],
  ['126485001', 'Urticaria'],
  ['9014002', 'Psoriasis'],
  ['11381005', 'Acne'],
  ['128045006', 'Cellulitis'],
  ['47382004', 'Dermatophytosis'],
  ['6020002', 'Tinea pedis'],
  ['38907003', 'Varicella'],
  ['4740000', 'Herpes zoster'],
  ['14189004', 'Measles'],
  ['36989005', 'Mumps'],
  ['36653000', 'Rubella'],
  ['27836007', 'Pertussis'],
  ['76902006', 'Tetanus'],
  ['38362002', 'Dengue'],
  ['61462000', 'Malaria'],
  ['4834000', 'Typhoid fever'],
  ['86406008', 'Human immunodeficiency virus infection'],
  ['76272004', 'Syphilis'],
  ['15628003', 'Gonorrhoea'],
  ['34014006', 'Viral disease'],
  ['87628006', 'Bacterial infectious disease'],
  ['40733004', 'Infectious disease'],
  ['9826008', 'Conjunctivitis'],
  ['193570009', 'Cataract'],
  ['23986001', 'Glaucoma'],
  ['161891005', 'Backache'],
  ['279039007', 'Low back pain'],
  ['81680005', 'Neck pain'],
  ['39848009', 'Whiplash injury to neck'],
  ['57676002', 'Joint pain'],
  ['68962001', 'Muscle pain'],
  ['203082005', 'Fibromyalgia'],
  ['396275006', 'Osteoarthritis'],
  ['239873007', 'Osteoarthritis of knee'],
  ['69896004', 'Rheumatoid arthritis'],
  ['64859006', 'Osteoporosis'],
  ['202855006', 'Lateral epicondylitis'],
  ['57406009', 'Carpal tunnel syndrome'],
  ['384709000', 'Sprain'],
  ['44465007', 'Sprain of ankle'],
  ['125667009', 'Contusion'],
  ['125605004', 'Fracture of bone'],
  ['71620000', 'Fracture of femur'],
  ['312608009', 'Laceration'],
  ['399963005', 'Abrasion'],
  ['125643001', 'Open wound'],
  ['48333001', 'Burn injury'],
  ['417746004', 'Traumatic injury'],
  ['22253000', 'Pain'],
  ['82423001', 'Chronic pain'],
  ['35489007', 'Depressive disorder'],
  ['370143000', 'Major depressive disorder'],
  ['48694002', 'Anxiety'],
  ['197480006', 'Anxiety disorder'],
  ['21897009', 'Generalized anxiety disorder'],
  ['371631005', 'Panic disorder'],
  ['47505003', 'Posttraumatic stress disorder'],
  ['191736004', 'Obsessive-compulsive disorder'],
  ['193462001', 'Insomnia'],
  ['73595000', 'Stress'],
  ['13746004', 'Bipolar disorder'],
  ['58214004', 'Schizophrenia'],
  ['69322001', 'Psychotic disorder'],
  ['406506008', 'Attention deficit hyperactivity disorder'],
  ['408856003', 'Autistic disorder'],
  ['74732009', 'Mental disorder'],
  ['7200002', 'Alcoholism'],
  ['66214007', 'Substance abuse'],
  ['55680006', 'Drug overdose'],
  ['75478009', 'Poisoning'],
  ['77176002', 'Smoker'],
  ['8517006', 'Ex-smoker'],
  ['73430006', 'Sleep apnoea'],
  ['78275009', 'Obstructive sleep apnoea syndrome'],
  ['89362005', 'Weight loss'],
  ['8943002', 'Weight gain'],
  ['39579001', 'Anaphylaxis'],
  ['416098002', 'Drug allergy'],
  ['91936005', 'Allergy to penicillin'],
  ['414285001', 'Food allergy'],
  ['91935009', 'Allergy to peanuts'],
  ['300913006', 'Shellfish allergy'],
  ['300916003', 'Latex allergy'],
  ['363346000', 'Malignant neoplastic disease'],
  ['254837009', 'Malignant neoplasm of breast'],
  ['363406005', 'Malignant tumour of colon'],
  ['363358000', 'Malignant tumour of lung'],
  ['399068003', 'Malignant tumour of prostate'],
];
