import type { z } from 'zod';

/**
 * The API contract. Each feature declares, per route, its schemas (`*.contract.ts`, which
 * builds zod objects) and its method and path (`*.endpoints.ts`, zod-free, typed from those
 * schemas by a type-only import). The server registers every route from the joined entry;
 * the web calls endpoints, so pages get the types without zod in their JavaScript.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What one route accepts and answers. */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The whole success body (`{ data }`); absent when the route never answers with data. */
  answer?: z.ZodType;
  /** The success status: 200 unless said. */
  status?: 200 | 201;
}

/** A route's method and path; `schemas` is never set, it carries their types to callers. */
export interface Endpoint<
  S extends RouteSchemas = RouteSchemas,
  M extends HttpMethod = HttpMethod,
  P extends string = string,
> {
  readonly method: M;
  readonly path: P;
  readonly schemas?: S;
}

/** A contract entry: method, path and the zod schemas themselves (the server's view). */
export type ContractEntry<
  S extends RouteSchemas = RouteSchemas,
  M extends HttpMethod = HttpMethod,
  P extends string = string,
> = { readonly method: M; readonly path: P } & S;

type EndpointTable<S> = { readonly [K in keyof S]: readonly [HttpMethod, string] };

/**
 * The method and path of every route of a feature, keyed like its schemas: a key missing
 * on either side, or an extra one, fails the type check.
 * `endpoints<typeof queueSchemas>()({ list: ['GET', '/queue'] })`.
 */
export function endpoints<S extends Record<string, RouteSchemas>>() {
  return <const T extends EndpointTable<S>>(
    table: T & Record<Exclude<keyof T, keyof S>, never>,
  ): { readonly [K in keyof S]: Endpoint<S[K], T[K][0], T[K][1]> } => {
    const entries = Object.entries(table).map(([key, [method, path]]) => [key, { method, path }]);
    return Object.fromEntries(entries) as { [K in keyof S]: Endpoint<S[K], T[K][0], T[K][1]> };
  };
}

/** Joins a feature's endpoints and schemas into its contract entries. */
export function joinContract<
  S extends Record<string, RouteSchemas>,
  E extends { readonly [K in keyof S]: Endpoint<S[K]> },
>(
  routes: E,
  schemas: S,
): { readonly [K in keyof S]: ContractEntry<S[K], E[K]['method'], E[K]['path']> } {
  const entries = Object.keys(schemas).map((key) => [key, { ...routes[key], ...schemas[key] }]);
  return Object.fromEntries(entries) as {
    [K in keyof S]: ContractEntry<S[K], E[K]['method'], E[K]['path']>;
  };
}

type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;
/** A part the schemas name is sent (optional when every field of it is); others never are. */
type InputOf<S, K extends 'params' | 'query' | 'body'> = S extends {
  [P in K]: infer T extends z.ZodType;
}
  ? object extends z.input<T>
    ? { [P in K]?: z.input<T> }
    : { [P in K]: z.input<T> }
  : { [P in K]?: never };

/** What a call of the endpoint sends: path parameters, query and body, as its schemas say. */
export type CallInput<E extends Endpoint> = InputOf<SchemasOf<E>, 'params'> &
  InputOf<SchemasOf<E>, 'query'> &
  InputOf<SchemasOf<E>, 'body'>;

/** The `data` of the endpoint's success answer. */
export type CallAnswer<E extends Endpoint> =
  SchemasOf<E> extends { answer: infer A extends z.ZodType }
    ? z.output<A> extends { data: infer D }
      ? D
      : never
    : never;

/** The path with its `:name` parameters filled in (encoded). */
export function fillPath(path: string, params: unknown): string {
  const values = new Map<string, unknown>(
    typeof params === 'object' && params !== null ? Object.entries(params) : [],
  );
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values.get(name);
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`${path}: no value for :${name}`);
    }
    return encodeURIComponent(value);
  });
}
