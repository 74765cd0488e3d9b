import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@hospes/shared/api-keys';
import { PERMISSIONS, type Permission } from '@hospes/shared/team';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/crypto';
import type { LimiterStore } from '../../lib/rate-limiter';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';
import { permissionsInForce } from './maker';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ApiKeysServiceDeps {
  db: Db;
  keys: ApiKeysRepository;
  audit: AuditRepository;
  limiters: LimiterStore;
  /** Requests a key may make per minute (API_KEY_REQUESTS_PER_MINUTE). */
  requestsPerMinute: number;
  /** Whether the establishment is in the actor's scope (with the route's permission). */
  establishmentInScope: (id: string, actor: Actor) => Promise<{ name: string } | null>;
  /** What the actor's role grants in the establishment (a key never gets more than its maker). */
  permissionsIn: (actor: Actor, establishmentId: string) => Promise<readonly Permission[]>;
  /**
   * Refuses when the establishment's plan does not include the API, or its account is suspended
   * (decision 070); checked when a key is made and at each of its requests.
   */
  checkPlan?: (establishmentId: string) => Promise<void>;
  now?: () => Date;
}

/** The key as the API shows it: never its hash, never its secret. */
export function apiKeyOf(row: ApiKeyRow, at: Date): ApiKey {
  const status = row.revokedAt
    ? 'revoked'
    : row.expiresAt && row.expiresAt <= at
      ? 'expired'
      : 'active';
  const permissions = row.permissions.filter((p): p is Permission =>
    (PERMISSIONS as readonly string[]).includes(p),
  );
  return {
    id: row.id,
    establishmentId: row.establishmentId,
    name: row.name,
    prefix: row.prefix,
    permissions,
    // A key just made holds what its maker was checked to hold.
    permissionsInForce:
      'maker' in row ? permissionsInForce(permissions, row.maker ?? null) : permissions,
    status,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * API keys of an establishment (decision 068): made by a member with `team.manage` with some of
 * their own permissions, shown once, kept as the SHA-256 of a 256-bit random token, revoked at
 * once; and the authentication of a request that presents one.
 */
export function createApiKeysService(deps: ApiKeysServiceDeps) {
  const { db, keys, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const perKey = deps.limiters.create({
    name: 'api-key-requests',
    max: deps.requestsPerMinute,
    windowMs: 60_000,
  });

  async function reach(actor: Actor, establishmentId: string) {
    const found = isUuid(establishmentId)
      ? await deps.establishmentInScope(establishmentId, actor)
      : null;
    if (!found) throw new AppError('ESTABLISHMENT_NOT_FOUND');
  }

  return {
    async create(
      actor: Actor,
      establishmentId: string,
      input: CreateApiKeyInput,
      context: AuditContext,
    ): Promise<CreatedApiKey> {
      await reach(actor, establishmentId);
      await deps.checkPlan?.(establishmentId);
      const permissions = [...new Set(input.permissions)] as Permission[];
      // A key may do what its maker may do there, no more.
      const own = await deps.permissionsIn(actor, establishmentId);
      const beyond = permissions.filter((p) => !own.includes(p));
      if (beyond.length > 0)
        throw new AppError('FORBIDDEN', {
          details: beyond.map((p) => ({ field: 'permissions', message: p })),
        });
      const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
      const expiresAt = input.expiresInDays
        ? new Date(now().getTime() + input.expiresInDays * DAY_MS)
        : null;
      const row = await db.transaction(async (tx) => {
        const created = await keys.insert(
          {
            establishmentId,
            name: input.name.trim(),
            prefix: secret.slice(0, API_KEY_PREFIX.length + 4),
            tokenHash: hashToken(secret),
            permissions,
            createdBy: actor.id,
            expiresAt,
            principalEmail: `api-key.${randomBytes(12).toString('hex')}@keys.hospes.invalid`,
            // Not an Argon2 hash: no password verifies against it.
            unusablePassword: `!api-key!${randomBytes(16).toString('hex')}`,
          },
          tx,
        );
        await audit.record(
          context,
          {
            action: 'api_key.created',
            entityType: 'api_key',
            entityId: created.id,
            establishmentId,
            details: { name: created.name, permissions, expiresAt: expiresAt?.toISOString() },
          },
          tx,
        );
        return { ...created, createdByName: actor.name };
      });
      return { key: apiKeyOf(row, now()), secret };
    },

    /** The key making the request (GET /api/api-keys/current); a person's session has none. */
    async current(actor: Actor): Promise<ApiKey> {
      const key = actor.apiKey;
      if (!key) throw new AppError('API_KEY_NOT_FOUND');
      const found = (await keys.list(key.establishmentId)).find((k) => k.id === key.id);
      if (!found) throw new AppError('API_KEY_NOT_FOUND');
      return apiKeyOf(found, now());
    },

    async list(actor: Actor, establishmentId: string): Promise<ApiKey[]> {
      await reach(actor, establishmentId);
      const at = now();
      return (await keys.list(establishmentId)).map((row) => apiKeyOf(row, at));
    },

    /** Revokes a key: the next request that presents it is refused (401 API_KEY_INVALID). */
    async revoke(
      actor: Actor,
      establishmentId: string,
      id: string,
      context: AuditContext,
    ): Promise<ApiKey> {
      await reach(actor, establishmentId);
      if (!isUuid(id)) throw new AppError('API_KEY_NOT_FOUND');
      await db.transaction(async (tx) => {
        const revoked = await keys.revoke(establishmentId, id, tx);
        if (!revoked) return;
        await audit.record(
          context,
          {
            action: 'api_key.revoked',
            entityType: 'api_key',
            entityId: revoked.id,
            establishmentId,
            details: { name: revoked.name },
          },
          tx,
        );
      });
      // Revoked already: answered as it stands, nothing changed; unknown: 404.
      const found = (await keys.list(establishmentId)).find((k) => k.id === id);
      if (!found) throw new AppError('API_KEY_NOT_FOUND');
      return apiKeyOf(found, now());
    },

    /**
     * The actor of a request that presents `secret`: the key's principal, named as the key, with
     * the key's establishment. 401 API_KEY_INVALID for a key unknown, revoked or expired; 429
     * when the key has made its requests of the minute. Read from the database every time.
     * `routeAllowed`: whether keys may call the route at all (else 403 API_KEY_NOT_ALLOWED).
     */
    async authenticate(secret: string, routeAllowed: boolean): Promise<Actor> {
      const found = await keys.findLive(hashToken(secret));
      if (!found) throw new AppError('API_KEY_INVALID');
      if (!routeAllowed) throw new AppError('API_KEY_NOT_ALLOWED');
      await deps.checkPlan?.(found.establishmentId);
      const wait = await perKey.take(found.id);
      if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter: wait } });
      await keys.touch(found.id);
      return {
        id: found.userId,
        sessionId: found.id,
        role: 'user',
        name: found.name,
        email: found.email,
        apiKey: { id: found.id, establishmentId: found.establishmentId, name: found.name },
      };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
