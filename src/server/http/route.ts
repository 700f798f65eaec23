import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionUser } from '../../shared/auth/contract';
import type { AnyEndpoint, RateRuleName } from '../../shared/http/endpoint';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { recordStaffAudit, staffConsoleAccess, TWO_FACTOR_REQUIRED } from './staff';
import { enforce, type RateRule } from '../plugins/rate-limit';
import { getSessionUser, requireUser } from '../plugins/session';
import { RATE_RULES } from '../rate-rules';

/** Every rule an endpoint may name exists (a rule renamed in rate-rules.ts fails here). */
const ENDPOINT_RATE_RULES: Record<RateRuleName, RateRule> = RATE_RULES;

type SchemasOf<E extends AnyEndpoint> = Awaited<ReturnType<E['schemas']>>;

/** The endpoint's schemas as Fastify names them, for the zod type provider's types. */
export type RouteSchemaOf<E extends AnyEndpoint> = {
  params: SchemasOf<E>['params'];
  querystring: SchemasOf<E>['query'];
  body: SchemasOf<E>['body'];
  response: SchemasOf<E>['response'];
};

type FastifyHandler<E extends AnyEndpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<E>,
  ZodTypeProvider
>;

/** What the handler is given about the caller: the session's user where one is required. */
export type CallerOf<E extends AnyEndpoint> = E['needs']['auth'] extends 'public'
  ? undefined
  : SessionUser;

/**
 * A route's handler: Fastify's request and reply, typed by the endpoint's schemas (the params,
 * query and body as parsed; the answer as its response schemas take it), and the signed-in user
 * when the endpoint needs one.
 */
export type EndpointHandler<E extends AnyEndpoint> = (
  request: Parameters<FastifyHandler<E>>[0],
  reply: Parameters<FastifyHandler<E>>[1],
  user: CallerOf<E>,
) => ReturnType<FastifyHandler<E>>;

/** Fastify's own route options that are the server's business, not the contract's. */
export type RouteOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'config'>;

/**
 * Registers `endpoint`'s route: its method and path, its schemas (validation, the answer's shape,
 * the OpenAPI document), and what it needs, applied before the handler runs:
 *
 * - `user`: the session's user (401 without one), read after the path, query and body are
 *   checked, as routes always did (a malformed id is a 404 signed out too, decision 0014);
 * - `staff`: a staff session with two-factor on, checked before anything else (404 to anyone who
 *   is not staff, whatever they send: the route is not there for them; 403 with the way to set
 *   it up to staff without it). Every staff request is written to the audit log (decision
 *   0055): a GET as a look before its handler runs, anything else as an action once its handler
 *   has succeeded, with the user it is about (`:userId`) and the reason given;
 * - `credits` or `model` (it asks the model for the user): 503 with the operator's message while
 *   replies are paused for maintenance (`ctx.site`, the site module's setting), after the session;
 * - `rate`: the rule counted (429 past it), keyed by the user's id, or the client's address on a
 *   public endpoint.
 *
 * Nothing else runs per request: the schemas are Fastify's as before (the response serializer
 * compiles each once), and the needs are the same calls the handlers made themselves.
 */
export async function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'sessions' | 'limiter' | 'config' | 'db' | 'site'>,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): Promise<void> {
  if (endpoint.servedBy) throw new Error(`${endpoint.path} is served by ${endpoint.servedBy}`);
  const schemas = await endpoint.schemas();
  const { auth, rate, credits, model } = endpoint.needs;
  const rule = rate ? ENDPOINT_RATE_RULES[rate] : undefined;
  // Maintenance (issue 48 part 6): what asks the model for a user answers 503 while replies are
  // paused, before its handler (no credit taken, no message stored); staff are not exempt.
  const asksModel = Boolean(credits || model);
  const call = handler as unknown as (
    request: FastifyRequest,
    reply: unknown,
    user: SessionUser | undefined,
  ) => unknown;

  let run: (request: FastifyRequest, reply: unknown) => unknown;
  if (auth === 'public') {
    run = rule
      ? async (request, reply) => {
          await enforce(ctx.limiter, rule, request.ip);
          return call(request, reply, undefined);
        }
      : (request, reply) => call(request, reply, undefined);
  } else if (auth === 'user') {
    run =
      rule || asksModel
        ? async (request, reply) => {
            const user = await requireUser(ctx.sessions, request);
            if (asksModel) await ctx.site.refuseWhilePaused();
            if (rule) await enforce(ctx.limiter, rule, user.id);
            return call(request, reply, user);
          }
        : async (request, reply) => call(request, reply, await requireUser(ctx.sessions, request));
  } else {
    // Staff: found in preValidation below, before the query or body is looked at.
    const action = `${endpoint.method} ${endpoint.path}`;
    const isLook = endpoint.method === 'GET';
    run = async (request, reply) => {
      const user = staffOf.get(request)!;
      if (rule) await enforce(ctx.limiter, rule, user.id);
      if (isLook) await recordStaffAudit(ctx.db, user, action, request);
      const answer = await call(request, reply, user);
      if (!isLook) await recordStaffAudit(ctx.db, user, action, request);
      return answer;
    };
  }
  const staffOf = new WeakMap<FastifyRequest, SessionUser>();

  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      // Only the parts it has: Fastify warns about a part named without a schema.
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body ? { body: schemas.body } : {}),
      response: schemas.response,
      // For the OpenAPI document (plugins/openapi.ts); Fastify compiles none of these.
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(auth === 'public' ? {} : { security: [{ session: [] }] }),
      'x-needs': {
        auth,
        ...(credits ? { credits: true } : {}),
        ...(model ? { model: true } : {}),
        ...(rule
          ? {
              rate: {
                rule: rate,
                limit: rule.limit,
                windowSeconds: rule.windowMs / 1000,
                per: auth === 'public' ? 'client address' : 'user',
              },
            }
          : {}),
      },
      ...(endpoint.kind === 'stream' ? { 'x-stream': 'text/event-stream with Accept' } : {}),
    },
    ...(auth === 'staff'
      ? {
          preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
            const user = await getSessionUser(ctx.sessions, request);
            const access = staffConsoleAccess(ctx, user);
            if (access === 'none') throw notFound();
            if (access === 'needs-two-factor') return reply.status(403).send(TWO_FACTOR_REQUIRED);
            staffOf.set(request, user!);
          },
        }
      : {}),
    handler: run as never,
  });
}
