import type { ContractEntry } from '@clinic/domain';

type Part<E, K extends string> = E extends { [P in K]: infer S } ? S : undefined;
type Responses<E> = E extends { answer: infer A }
  ? { [S in E extends { status: infer N extends number } ? N : 200]: A }
  : undefined;

/** The Fastify schema of a contract entry (`tag` groups it in the API reference). */
export interface ContractSchema<E> {
  tags: string[];
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  body: Part<E, 'body'>;
  response: Responses<E>;
}

/**
 * Method, path and schemas of a route, all from its contract entry in `@clinic/domain`:
 * `app.route({ ...routeOf(queueContract.list, 'queue'), config, handler })`.
 */
export function routeOf<E extends ContractEntry>(entry: E, tag: string) {
  const schema: Record<string, unknown> = { tags: [tag] };
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  if (entry.answer) schema.response = { [entry.status ?? 200]: entry.answer };
  return { method: entry.method, url: entry.path, schema: schema as unknown as ContractSchema<E> };
}
