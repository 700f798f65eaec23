import type { z } from 'zod';

/**
 * One endpoint as one object (issue 43): its method and path, what it needs (a session, staff,
 * credits, a rate rule) and its zod schemas. The server registers its route from it
 * (`src/server/http/route.ts`), the OpenAPI document describes it from the same schemas
 * (`GET /api/openapi.json`), and the web app calls it (`call` in `src/web/lib/api.ts`) with types
 * that are `z.input`/`z.output` of those schemas: no path strings, no casts.
 *
 * The schemas are loaded on demand (`schemas()`, a dynamic import of the feature's contract):
 * this module and every `endpoints.ts` are zod-free at run time, so the web app imports them
 * without zod entering its first load (decision 0014: zod stays out of the landing and chat
 * downloads; the chunk holding the contract is built but never fetched by a call).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The rate rules an endpoint may name (keys of `RATE_RULES` in src/server/rate-rules.ts; the
 * server checks that each exists). The rule is counted on every request, keyed by the signed-in
 * user's id, or by the client's address where the endpoint is public.
 */
export type RateRuleName =
  | 'contactPerClient'
  | 'avatarUploadsPerUser'
  | 'characterCardReadsPerUser'
  | 'lorebookImportsPerUser'
  | 'imageGenerationsPerUser'
  | 'transcriptionsPerUser'
  | 'speechPerUser'
  | 'voiceSamplesPerUser'
  | 'picturesPerUser'
  | 'characterGenerationsPerUser'
  | 'messagesPerUser'
  | 'replyEventsPerUser'
  | 'storyCallsPerUser'
  | 'billingSessionsPerUser'
  | 'feedbackPerUser'
  | 'reportsPerUser'
  | 'themeSavesPerUser'
  | 'memoryWritesPerUser'
  | 'notificationWritesPerUser'
  | 'readMarksPerUser'
  | 'personaWritesPerUser'
  | 'conversationEditsPerUser'
  | 'conversationStartsPerUser'
  | 'characterWritesPerUser'
  | 'messageEditsPerUser'
  | 'accountDeletionsPerUser'
  | 'accountExportsPerUser'
  | 'creditGrantsPerStaff';

/** What a request must bring before its handler runs. */
export interface EndpointNeeds {
  /**
   * `public`: anyone (the handler may still read an optional session); `user`: a session, else
   * 401 (checked after the path, query and body are); `staff`: a staff session, else 404 (checked
   * before anything else: to others the route is not there).
   */
  auth: 'public' | 'user' | 'staff';
  /** It spends the user's credits (403 with none left); the service takes them. */
  credits?: true;
  /**
   * It asks the model for the user without spending credits (story calls, generation): like
   * `credits`, refused with 503 while replies are paused for maintenance.
   */
  model?: true;
  /** Counted against this rate rule before the handler runs (429 past it). */
  rate?: RateRuleName;
}

/** Per-status response schemas: `{ 200: schema }`, `{ 201: schema, 409: schema }`… */
export type ResponseSchemas = { [status: number]: z.ZodType };

export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: ResponseSchemas;
}

/** How the answer is sent when it is not one JSON document. */
export type EndpointKind =
  /** JSON in, JSON out (the default): called with `call`. */
  | 'json'
  /** JSON, or Server-Sent Events with `Accept: text/event-stream` (the replies): `urlOf`. */
  | 'stream'
  /** A multipart upload of one file: `upload` (src/web/lib/upload.ts). */
  | 'upload'
  /** A file to download (an attachment): `urlOf` as a link, or fetched where a refusal must be read. */
  | 'download';

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends EndpointSchemas = EndpointSchemas,
  N extends EndpointNeeds = EndpointNeeds,
> {
  readonly method: M;
  readonly path: P;
  readonly needs: N;
  readonly kind: EndpointKind;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** The feature it belongs to (the OpenAPI tag). */
  readonly tag: string;
  /**
   * Served by a library's own handler rather than a route of ours: better-auth's endpoints under
   * /api/auth, which the server mounts as one catch-all (auth.routes.ts) and the OpenAPI document
   * lists there. `route()` refuses these.
   */
  readonly servedBy?: 'better-auth';
  /** Its zod schemas, loaded on first use (the server at start-up; never the web app). */
  schemas(): Promise<S>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<HttpMethod, string, any, EndpointNeeds>;

export interface EndpointDeclaration<
  Contract,
  M extends HttpMethod,
  P extends string,
  S extends EndpointSchemas,
  N extends EndpointNeeds,
> {
  method: M;
  path: P;
  needs: N;
  kind?: EndpointKind;
  summary: string;
  servedBy?: 'better-auth';
  /** The endpoint's schemas, picked from the feature's contract. */
  schemas: (contract: Contract) => S;
}

/**
 * A feature's endpoint maker: `load` imports its contract (dynamically, so that zod loads only
 * where schemas are used), and each endpoint picks its schemas from it.
 *
 *   const endpoint = endpointsOf('Characters', () => import('./contract'));
 *   export const getCharacter = endpoint({
 *     method: 'GET', path: '/api/characters/:id', needs: { auth: 'user' },
 *     summary: 'One of the user’s characters',
 *     schemas: (c) => ({ params: c.characterParams, response: { 200: c.characterSchema } }),
 *   });
 */
export function endpointsOf<Contract>(tag: string, load: () => Promise<Contract>) {
  let loading: Promise<Contract> | undefined;
  return <
    const M extends HttpMethod,
    const P extends string,
    S extends EndpointSchemas,
    const N extends EndpointNeeds,
  >(
    declaration: EndpointDeclaration<Contract, M, P, S, N>,
  ): Endpoint<M, P, S, N> => ({
    method: declaration.method,
    path: declaration.path,
    needs: declaration.needs,
    kind: declaration.kind ?? 'json',
    summary: declaration.summary,
    tag,
    ...(declaration.servedBy ? { servedBy: declaration.servedBy } : {}),
    schemas: async () => declaration.schemas(await (loading ??= load())),
  });
}

// ——— Types of a call ———

type SchemasOf<E extends AnyEndpoint> = Awaited<ReturnType<E['schemas']>>;

/** `'/api/characters/:id/memories'` → `'id'` */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path's parameters: each `:name` as a number or a string. */
export type ParamsOf<E extends AnyEndpoint> = { [K in ParamNames<E['path']>]: number | string };

/** What the client sends as the query (zod's input: defaults and coercions need not be filled). */
export type QueryOf<E extends AnyEndpoint> =
  SchemasOf<E> extends { query: z.ZodType } ? z.input<SchemasOf<E>['query']> : never;

/** What the client sends as the JSON body. */
export type BodyOf<E extends AnyEndpoint> =
  SchemasOf<E> extends { body: z.ZodType } ? z.input<SchemasOf<E>['body']> : never;

type SuccessStatus = 200 | 201 | 202 | 204;

/** What the server answers on success: the union of its 2xx schemas' outputs. */
export type ResponseOf<E extends AnyEndpoint> = {
  [K in keyof SchemasOf<E>['response'] & SuccessStatus]: z.output<SchemasOf<E>['response'][K]>;
}[keyof SchemasOf<E>['response'] & SuccessStatus];

/** The input of a call: `params` when the path has any, `query` and `body` when it takes them. */
export type InputOf<E extends AnyEndpoint> = ([ParamNames<E['path']>] extends [never]
  ? unknown
  : { params: ParamsOf<E> }) &
  ([QueryOf<E>] extends [never] ? unknown : { query?: QueryOf<E> }) &
  ([BodyOf<E>] extends [never] ? unknown : { body: BodyOf<E> });

/** True when a call needs no input at all. */
export type NeedsNoInput<E extends AnyEndpoint> = [ParamNames<E['path']>] extends [never]
  ? [BodyOf<E>] extends [never]
    ? true
    : false
  : false;

/** A query's values: each written as text, `undefined` and `null` left out. */
export type QueryValues = Record<string, string | number | boolean | null | undefined>;

/** The endpoint's address: the path with its parameters filled in, then the query if any. */
export function urlOf<E extends AnyEndpoint>(
  endpoint: E,
  ...[params, query]: [ParamNames<E['path']>] extends [never]
    ? [params?: null, query?: QueryValues | null]
    : [params: ParamsOf<E>, query?: QueryValues | null]
): string {
  return addressOf(endpoint.path, params, query);
}

/** `path` with its `:name` parameters filled in from `params`, then `query` (keys in order). */
export function addressOf(
  path: string,
  params?: Record<string, string | number> | null,
  query?: QueryValues | null,
): string {
  const url = params
    ? path.replace(/:(\w+)/g, (whole, name: string) =>
        name in params ? encodeURIComponent(params[name]!) : whole,
      )
    : path;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    }
  }
  return pairs.length ? `${url}?${pairs.join('&')}` : url;
}
