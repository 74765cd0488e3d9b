import { describe, expect, it } from 'vitest';

/**
 * Arabic is written right to left: a side named left or right in a class (ml-2, text-left,
 * border-l-4, file:mr-3) stays on that side and puts lists, table headers, alert bars and gaps on
 * the wrong one. The logical classes (ms-, me-, ps-, pe-, inset-s-, inset-e-, text-start, text-end,
 * border-s, border-e, rounded-s, rounded-e, float-start, clear-start) follow the text's direction.
 */
const sources = import.meta.glob<string>(['../**/*.tsx', '../**/*.ts', '!../**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const PHYSICAL =
  /(?<![\w-])(?:[a-z0-9-]+:)*-?(?:(?:m[lr]|p[lr]|left|right|border-[lr]|rounded-(?:[lr]|[tb][lr])|scroll-[mp][lr])-(?!to-)[\w[\].%/-]+|text-(?:left|right)|(?:float|clear)-(?:left|right)|border-[lr]|rounded-(?:[lr]|[tb][lr]))(?![\w-])/g;

/** Physical on purpose: they do not mean the start or end of the text. */
const ALLOWED = new Set([
  // The spinner's gap turns round and round: it has no side.
  'components/ui/spinner.tsx border-r-transparent',
]);

describe('right-to-left layout', () => {
  it('uses logical sides, not left and right, in class names', () => {
    const found: string[] = [];
    for (const [path, text] of Object.entries(sources)) {
      const file = path.replace(/^\.\.\//, '');
      for (const line of text.split('\n')) {
        const code = line.trim();
        // Comments speak of left and right in words.
        if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) continue;
        for (const [match] of code.matchAll(PHYSICAL)) {
          const entry = `${file} ${match}`;
          if (!ALLOWED.has(entry)) found.push(entry);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
