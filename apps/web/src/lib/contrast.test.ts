import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * WCAG AA in both themes: 4.5:1 for text on its backgrounds, 3:1 for control borders and the
 * focus ring. The colours are read from src/index.css, so a palette change is checked here.
 */
const css = readFileSync(join(import.meta.dirname, '..', 'index.css'), 'utf8');

function palette(selector: string): Record<string, string> {
  const block = new RegExp(`${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1]!, m[2]!]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT_PAIRS: Array<[string, string]> = [
  ['fg', 'canvas'],
  ['fg', 'surface'],
  ['fg', 'surface-muted'],
  ['muted', 'canvas'],
  ['muted', 'surface'],
  ['muted', 'surface-muted'],
  ['primary', 'surface'],
  ['primary', 'canvas'],
  ['primary', 'surface-muted'],
  ['primary-fg', 'primary'],
  ['primary-fg', 'primary-hover'],
  ['danger', 'surface'],
  ['danger', 'canvas'],
  ['fg', 'danger-soft'],
  ['fg', 'success-soft'],
  ['fg', 'info-soft'],
  ['fg', 'warn-soft'],
  ['muted', 'info-soft'],
];
const UI_PAIRS: Array<[string, string]> = [
  ['control', 'surface'],
  ['control', 'canvas'],
  ['focus', 'surface'],
  ['focus', 'canvas'],
  ['danger', 'surface'],
  ['primary', 'surface'],
  ['warn', 'surface'],
  ['warn', 'warn-soft'],
];

describe.each([':root', '.dark'])('colour contrast in %s', (selector) => {
  const colours = palette(selector);

  it.each(TEXT_PAIRS)('text %s on %s is at least 4.5:1', (fg, bg) => {
    expect(ratio(colours[fg]!, colours[bg]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(UI_PAIRS)('control colour %s on %s is at least 3:1', (fg, bg) => {
    expect(ratio(colours[fg]!, colours[bg]!)).toBeGreaterThanOrEqual(3);
  });
});
