import fs from 'node:fs/promises';
import { TestimonialSchema, type PublicConfig, type Testimonial } from '@hospes/shared/contact';
import { z } from '@hospes/shared/zod';
import type { ContactLog } from './contact.service';

/** At most this many quotes are shown; the file may hold more. */
export const MAX_TESTIMONIALS = 12;

const TestimonialsFileSchema = z.union([
  z.array(TestimonialSchema),
  z.object({ testimonials: z.array(TestimonialSchema) }).transform((v) => v.testimonials),
]);

type Operator = {
  name?: string;
  address?: string;
  nif?: string;
  email?: string;
  registry?: string;
};

export interface PublicConfigDeps {
  /** A function when the administrator may change it while the server runs (decision 062). */
  operator: Operator | (() => Promise<Operator>);
  /** JSON: `[{ "quote", "author", "place"?, "lang"? }]` or `{ "testimonials": [...] }`. */
  testimonialsFile: string;
  log: ContactLog;
  /** How long a session lasts now (it may change while the server runs, decision 062). */
  sessionHours: () => Promise<number>;
}

/**
 * What the public pages may only show when the operator has said it: testimonials (real quotes,
 * never made up) and the operator's identity for the legal pages. Unset means null / none.
 * The testimonials file is read again when it changes, so no restart is needed.
 */
export function createPublicConfigService(deps: PublicConfigDeps) {
  const { testimonialsFile, log } = deps;
  const given = deps.operator;
  const operatorOf = typeof given === 'function' ? given : async () => given;
  let cache: { mtimeMs: number; size: number; testimonials: Testimonial[] } | undefined;

  async function testimonials(): Promise<Testimonial[]> {
    let stat;
    try {
      stat = await fs.stat(testimonialsFile);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        log.warn({ err, file: testimonialsFile }, 'cannot read the testimonials file: none shown');
      }
      cache = undefined;
      return [];
    }
    if (cache && cache.mtimeMs === stat.mtimeMs && cache.size === stat.size)
      return cache.testimonials;
    let list: Testimonial[] = [];
    try {
      const parsed = TestimonialsFileSchema.safeParse(
        JSON.parse(await fs.readFile(testimonialsFile, 'utf8')),
      );
      if (parsed.success) list = parsed.data.slice(0, MAX_TESTIMONIALS);
      else
        log.warn(
          { file: testimonialsFile, issues: parsed.error.issues.slice(0, 5) },
          'the testimonials file is not valid: none shown',
        );
    } catch (err) {
      log.warn(
        { err, file: testimonialsFile },
        'the testimonials file is not valid JSON: none shown',
      );
    }
    cache = { mtimeMs: stat.mtimeMs, size: stat.size, testimonials: list };
    return list;
  }

  return {
    async get(): Promise<PublicConfig> {
      const [list, operator, sessionHours] = await Promise.all([
        testimonials(),
        operatorOf(),
        deps.sessionHours(),
      ]);
      return {
        testimonials: list,
        operator: {
          name: operator.name ?? null,
          address: operator.address ?? null,
          nif: operator.nif ?? null,
          email: operator.email ?? null,
          registry: operator.registry ?? null,
        },
        contact: { email: operator.email ?? null },
        sessionHours,
      };
    },
  };
}
export type PublicConfigService = ReturnType<typeof createPublicConfigService>;
