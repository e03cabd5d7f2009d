import {
  compareHttp,
  authHeaders,
  rotation,
  type HttpResult,
  type KeywordTiming,
  type ScenarioContext,
  type Target,
} from './scenario.ts';

export type SearchField = 'name' | 'nric' | 'phone';

const FILTERS: Record<SearchField, { filter: string; label: string }> = {
  name: { filter: 'patient_name', label: 'Patient search by name fragment' },
  nric: { filter: 'nric', label: 'Patient search by partial NRIC' },
  phone: { filter: 'contact_no', label: 'Patient search by phone' },
};

const searchPath = (filter: string, keyword: string) =>
  `/api/v1/patients/option?keyword=${encodeURIComponent(keyword)}&filter=${filter}`;

const TIMES_PER_KEYWORD = 3;

/** One request at a time per keyword (the median of three), to show which ones are slow. */
async function timeKeywords(
  context: ScenarioContext,
  filter: string,
  keywords: readonly string[],
): Promise<KeywordTiming[]> {
  const time = async (target: Target, keyword: string) => {
    const durations: number[] = [];
    for (let n = 0; n < TIMES_PER_KEYWORD; n += 1) {
      const started = performance.now();
      const response = await fetch(`${context[target].url}${searchPath(filter, keyword)}`, {
        headers: authHeaders(context),
      });
      await response.arrayBuffer();
      durations.push(performance.now() - started);
    }
    return durations.sort((a, b) => a - b)[Math.floor(TIMES_PER_KEYWORD / 2)]!;
  };
  const timings: KeywordTiming[] = [];
  for (const keyword of keywords) {
    timings.push({
      keyword,
      api: await time('api', keyword),
      baseline: await time('baseline', keyword),
    });
  }
  return timings.sort((a, b) => b.api - a.api);
}

/**
 * GET /patients/option on the 1M-patient tenant, a different keyword each request; for
 * names, also each keyword alone.
 */
export async function patientSearch(
  context: ScenarioContext,
  field: SearchField,
): Promise<HttpResult> {
  const { filter, label } = FILTERS[field];
  const keywords = context.fixtures.keywords[field];
  const result = await compareHttp(
    context,
    {
      id: `search-${field}`,
      single: true,
      name: label,
      call: `GET /api/v1/patients/option?keyword=…&filter=${filter} (${keywords.length} keywords in turn)`,
    },
    () => {
      const keyword = rotation(keywords);
      return {
        method: 'GET',
        headers: authHeaders(context),
        next: () => ({ path: searchPath(filter, keyword()) }),
      };
    },
  );
  if (field === 'name') result.byKeyword = await timeKeywords(context, filter, keywords);
  return result;
}
