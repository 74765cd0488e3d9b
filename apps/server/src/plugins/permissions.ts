import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS, type Permission } from '@hospes/shared/team';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { createTeamRepository } from '../modules/team/team.repository';

/**
 * Who may call a route (decision 058), declared once on the route as `config: { permission }`:
 * - a Permission: a member whose role grants it there (the platform admin: always);
 * - 'self': any signed-in user, about their own account or what the service itself checks;
 * - 'admin': the platform admin (the route's onRequest is requireAdmin);
 * - 'public': no session.
 */
export type RouteAccess = Permission | 'self' | 'admin' | 'public';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api with who may call it, as declared (for the route-table test). */
    routeAccess: Array<{ method: string; url: string; access: RouteAccess }>;
    /** The routes under /api an API key may call (decision 068), for the route-table test. */
    apiKeyRoutes: Array<{ method: string; url: string; access: RouteAccess }>;
  }
  interface FastifyContextConfig {
    /** Who may call the route: see plugins/permissions.ts. Every route under /api declares it. */
    permission?: RouteAccess;
    /**
     * Whether an API key may call the route (decision 068), when not as its permission says:
     * `true` opens a 'self' route to keys, `false` keeps a permission's route to sessions.
     */
    apiKey?: boolean;
  }
}

const PERMISSION_SET = new Set<string>(PERMISSIONS);
export const isPermission = (access: unknown): access is Permission =>
  typeof access === 'string' && PERMISSION_SET.has(access);

/** The one permission no API key has: the team, its roles and the keys themselves. */
const SESSION_ONLY_PERMISSIONS = new Set<Permission>(['team.manage']);

/**
 * Whether an API key may call a route (decision 068): the routes that declare a permission, but
 * the team's (members, roles, keys) and those marked `apiKey: false`, plus the 'self' routes
 * marked `apiKey: true`. Never 'admin' nor the other 'self' routes: passwords, e-mail, sessions,
 * one's account are a person's. ('public' routes authenticate nobody.)
 */
export function apiKeyAccess(config: { permission?: RouteAccess; apiKey?: boolean }): boolean {
  const access = config.permission;
  if (config.apiKey === false || access === 'admin') return false;
  if (isPermission(access)) return !SESSION_ONLY_PERMISSIONS.has(access);
  return access === 'self' && config.apiKey === true;
}

export const apiKeyMayCall = (request: FastifyRequest): boolean =>
  apiKeyAccess(request.routeOptions.config);

/** Routes under this prefix must declare who may call them. */
const API_PREFIX = '/api';

/**
 * The establishment a request names, when it names one: the `:id` of a route under
 * /api/establishments/:id, an `:establishmentId` in the path, or `establishmentId` in the query or
 * the JSON body.
 */
export function targetEstablishment(request: FastifyRequest): string | undefined {
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (typeof params.establishmentId === 'string') return params.establishmentId;
  const url = request.routeOptions.url ?? '';
  if (url.startsWith(`${API_PREFIX}/establishments/:id`) && typeof params.id === 'string')
    return params.id;
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof query.establishmentId === 'string') return query.establishmentId;
  const body = request.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    const value = (body as Record<string, unknown>).establishmentId;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * One check for every route with a permission, after its authentication (its onRequest) and
 * before its input is validated (a refused caller learns nothing of the input's rules):
 * - a member of the establishment the request names whose role there lacks the permission: 403
 *   FORBIDDEN (not a member: the scope answers 404 as for any other tenant's data);
 * - a request that names none, by a member whose role nowhere grants it: 403 FORBIDDEN;
 * - else the actor carries the permission, and the tenant scope (db/scope.ts) reaches only the
 *   establishments where the role grants it: another establishment's record answers 404.
 * A route under /api that declares nothing stops the app from starting.
 */
export const permissionsPlugin = fp<{ db: Db }>(async (app, { db }) => {
  const team = createTeamRepository(db);
  const declared: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', declared);
  const forKeys: FastifyInstance['apiKeyRoutes'] = [];
  app.decorate('apiKeyRoutes', forKeys);

  app.addHook('onRoute', (route) => {
    if (route.url !== API_PREFIX && !route.url.startsWith(`${API_PREFIX}/`)) return;
    const access = (route.config as { permission?: unknown } | undefined)?.permission;
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    if (access === 'self' || access === 'admin' || access === 'public' || isPermission(access)) {
      declared.push({ method, url: route.url, access });
      if (apiKeyAccess(route.config as { permission?: RouteAccess; apiKey?: boolean }))
        forKeys.push({ method, url: route.url, access });
      return;
    }
    throw new Error(
      `${method} ${route.url} declares no permission: add config: { permission } (plugins/permissions.ts)`,
    );
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.permission;
    if (access === 'admin' && request.actor?.role !== 'admin') throw new AppError('FORBIDDEN');
    if (!isPermission(access)) return;
    const actor = request.actor;
    if (!actor) throw new AppError('UNAUTHENTICATED');
    if (actor.role !== 'admin') {
      const memberships = await team.membershipsOf(actor.id);
      const target = targetEstablishment(request);
      const refused = target
        ? memberships.some((m) => m.establishmentId === target && !m.permissions.includes(access))
        : memberships.length > 0 && !memberships.some((m) => m.permissions.includes(access));
      if (refused) throw new AppError('FORBIDDEN');
    }
    request.actor = { ...actor, permission: access };
  });
});
