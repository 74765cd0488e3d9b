/**
 * The settings a platform administrator changes while the server runs (decision 062): each is its
 * environment variable's value (or built-in default) until the admin screen stores another in
 * `platform_settings`. The code that uses a setting asks `current()` when it needs it: the stored
 * values are read from the database and kept `cacheMs` (SESSION_CACHE_SECONDS), so with several
 * server processes on one PostgreSQL a change shows everywhere within that time; in the process
 * that made it, at once.
 */
import {
  PLATFORM_SETTING_KEYS,
  PlatformSettingsSchema,
  type PlatformSettingKey,
  type PlatformSettings,
  type PlatformSettingsView,
  type SettingsChange,
  type UpdatePlatformSettingsInput,
} from '@hospes/shared/admin';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { AuditContext, AuditRepository } from '../audit';
import type { SettingsRepository } from './settings.repository';

/** What the admin screen shows of the environment beside the settings (no secret's value). */
export type SettingsEnvironment = PlatformSettingsView['environment'];

export interface SettingsLog {
  warn(obj: object, msg: string): void;
}

export interface SettingsServiceDeps {
  db: Db;
  settings: SettingsRepository;
  audit: AuditRepository;
  /** The environment's values: what every setting is while the database holds none. */
  defaults: PlatformSettings;
  environment: SettingsEnvironment;
  /** How long the stored values are kept in memory (0: read on every use). */
  cacheMs: number;
  log: SettingsLog;
  now?: () => number;
}

/** The environment's values of the settings (unset texts: empty). */
export function settingsDefaults(config: Config): PlatformSettings {
  return {
    supportEmail: config.supportEmail ?? '',
    operatorName: config.operator.name ?? '',
    operatorAddress: config.operator.address ?? '',
    operatorNif: config.operator.nif ?? '',
    operatorEmail: config.operator.email ?? '',
    operatorRegistry: config.operator.registry ?? '',
    contactMessagesPerHour: config.contactMessagesPerHour,
    loginLockFailures: config.loginLockFailures,
    sessionHours: config.sessionHours,
  };
}

/** How many changes the admin screen lists. */
export const SETTINGS_HISTORY_LIMIT = 20;

type Stored = Partial<PlatformSettings>;

export function createSettingsService(deps: SettingsServiceDeps) {
  const { db, settings, audit, defaults, environment, cacheMs, log } = deps;
  const now = deps.now ?? Date.now;
  let cache: { stored: Stored; until: number } | undefined;
  // A read that started before a change must not be kept (the same rule as the session cache).
  let generation = 0;
  let reading: Promise<Stored> | undefined;

  /** The stored rows as settings; a row the schema refuses (written by hand) is ignored, logged. */
  function parse(rows: { key: string; value: unknown }[]): Stored {
    const stored: Record<string, unknown> = {};
    for (const { key, value } of rows) {
      if (!(PLATFORM_SETTING_KEYS as string[]).includes(key)) continue;
      const schema = PlatformSettingsSchema.shape[key as PlatformSettingKey];
      const parsed = schema.safeParse(value);
      if (parsed.success) stored[key] = parsed.data;
      else log.warn({ key }, 'a stored setting is not valid: its environment value is used');
    }
    return stored as Stored;
  }

  /**
   * The stored values, from the cache or the database. Inside a transaction (`tx`) the read goes
   * through it: PGlite has one connection, which the transaction holds.
   */
  async function stored(tx?: Db): Promise<Stored> {
    if (cache && cache.until > now()) return cache.stored;
    const started = generation;
    if (tx) {
      const value = parse(await settings.all(tx));
      if (started === generation && cacheMs > 0) cache = { stored: value, until: now() + cacheMs };
      return value;
    }
    if (reading) return reading;
    reading = settings
      .all()
      .then((rows) => {
        const value = parse(rows);
        if (started === generation && cacheMs > 0)
          cache = { stored: value, until: now() + cacheMs };
        return value;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  function invalidate() {
    generation += 1;
    cache = undefined;
    reading = undefined;
  }

  async function view(): Promise<PlatformSettingsView> {
    const [rows, history] = await Promise.all([
      settings.all(),
      settings.history(SETTINGS_HISTORY_LIMIT),
    ]);
    const saved = parse(rows);
    const entries = PLATFORM_SETTING_KEYS.map((key) => {
      const own = saved[key];
      return [
        key,
        {
          value: own ?? defaults[key],
          source: own === undefined ? ('environment' as const) : ('database' as const),
          environmentValue: defaults[key],
        },
      ];
    });
    return {
      settings: Object.fromEntries(entries) as PlatformSettingsView['settings'],
      environment,
      history: history.map((row): SettingsChange => ({
        at: row.at.toISOString(),
        actor:
          row.actorId && row.actorName !== null && row.actorEmail !== null
            ? { id: row.actorId, name: row.actorName, email: row.actorEmail }
            : null,
        changes: (row.details as { changes?: SettingsChange['changes'] } | null)?.changes ?? [],
      })),
    };
  }

  return {
    /**
     * Every setting as it holds now: the stored value, else the environment's. `tx`: the
     * transaction the caller is in, if any.
     */
    async current(tx?: Db): Promise<PlatformSettings> {
      return { ...defaults, ...(await stored(tx)) };
    },

    view,

    /**
     * Stores the given settings (`null`: back to the environment's value) and audits what
     * changed, from what to what, by whom, in one transaction; a value equal to the one in force
     * changes nothing and is not audited.
     */
    async update(
      input: UpdatePlatformSettingsInput,
      context: AuditContext,
    ): Promise<PlatformSettingsView> {
      await db.transaction(async (tx) => {
        const before = parse(await settings.lockAll(tx));
        const changes: SettingsChange['changes'] = [];
        const reset: string[] = [];
        for (const key of PLATFORM_SETTING_KEYS) {
          const next = input[key];
          if (next === undefined) continue;
          const from = before[key] ?? defaults[key];
          if (next === null) {
            if (before[key] === undefined) continue;
            reset.push(key);
            if (from !== defaults[key]) changes.push({ key, from, to: defaults[key] });
            continue;
          }
          await settings.put(key, next, context.actorId, tx);
          if (from !== next) changes.push({ key, from, to: next });
        }
        await settings.remove(reset, tx);
        if (changes.length > 0)
          await audit.record(
            context,
            {
              action: 'platform.settings_changed',
              entityType: 'platform',
              entityId: null,
              establishmentId: null,
              details: { changes },
            },
            tx,
          );
      });
      invalidate();
      return view();
    },

    /** Forgets the kept values (tests; a change made here does it itself). */
    invalidate,
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
/** What the code that uses a setting needs: the settings in force now. */
export type SettingsReader = Pick<SettingsService, 'current'>;
