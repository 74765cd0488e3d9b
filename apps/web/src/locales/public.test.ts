import { describe, expect, it } from 'vitest';
import { loadPublicNamespace, PUBLIC_NAMESPACES } from './public';

function keysOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => keysOf(v, `${prefix}[${i}]`))];
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keysOf(inner, prefix ? `${prefix}.${key}` : key),
  );
}

function placeholders(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)]
    .map((m) => m[1] ?? m[2]!)
    .sort();
}

describe('public-site texts', () => {
  it.each(PUBLIC_NAMESPACES)(
    '%s has the same keys, list lengths and placeholders in es and en',
    async (ns) => {
      const es = await loadPublicNamespace('es', ns);
      const en = await loadPublicNamespace('en', ns);
      expect(es).not.toBeNull();
      expect(keysOf(es).sort()).toEqual(keysOf(en).sort());
      expect(placeholders(es)).toEqual(placeholders(en));
    },
  );

  it('has no texts for a language without files', async () => {
    expect(await loadPublicNamespace('xx', 'marketing')).toBeNull();
  });
});
