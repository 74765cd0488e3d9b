import { describe, expect, it } from 'vitest';
import { prerenderedDocument } from '../src/prerender/document';
import { SELF_CHECKIN_SAMPLE, SSR_DIR } from './self-checkin-renderer';
import { blockingFilesOf, PAGE_BUDGETS, weighPages, type BuiltChunk } from './weight-budget';

const chunk = (fileName: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  module: null,
  isEntry: false,
  imports: [],
  css: [],
  ...more,
});

describe('the weight a page needs before its first render', () => {
  const chunks = [
    chunk('index.js', { isEntry: true, imports: ['react.js'], css: ['index.css'] }),
    chunk('react.js'),
    chunk('checkin.js', {
      module: 'src/app/routes/self-registration.tsx',
      imports: ['form.js', 'react.js'],
    }),
    chunk('form.js', { css: ['form.css'] }),
    // Loaded on demand (a dynamic import): not counted.
    chunk('ine.js', { module: 'src/features/ine.ts' }),
    chunk('es.js', { module: 'src/locales/es/index.ts' }),
  ];
  const sizes: Record<string, number> = {
    'index.js': 100,
    'index.css': 10,
    'react.js': 1000,
    'checkin.js': 50,
    'form.js': 20,
    'form.css': 5,
    'ine.js': 5000,
    'es.js': 30,
  };
  const budgets = {
    checkin: {
      route: 'src/app/routes/self-registration.tsx',
      waitsFor: ['src/locales/es/index.ts'],
      budget: 1200,
      target: 1000,
    },
  };

  it('counts the entry, the route and its language with their static imports and CSS, each once', () => {
    const [page] = weighPages(chunks, (file) => sizes[file]!, budgets);
    expect(page?.files).toEqual([
      'checkin.js',
      'es.js',
      'form.css',
      'form.js',
      'index.css',
      'index.js',
      'react.js',
    ]);
    expect(page?.bytes).toBe(1215);
  });

  it('fails when a route or language file is missing from the build', () => {
    expect(() =>
      weighPages(
        chunks.filter((one) => one.fileName !== 'es.js'),
        (file) => sizes[file]!,
        budgets,
      ),
    ).toThrow(/src\/locales\/es\/index.ts/);
  });

  it('counts a prerendered page as its document and what it loads before showing, not the app', () => {
    const html = [
      '<html><head>',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
      '<link rel="icon" href="/favicon.svg">',
      '<script type="module" src="/assets/index.js"></script>',
      '<script src="/assets/blocking.js"></script>',
      '</head><body><script>addEventListener("load", function () {})</script></body></html>',
    ].join('');
    expect(blockingFilesOf(html)).toEqual(['assets/index.css', 'assets/blocking.js']);
    const [page] = weighPages(
      chunks,
      (file) => ({ 'landing/es.html': 7, 'index.css': 10 })[file]!,
      { landing: { document: 'landing/es.html', budget: 20, target: 20 } },
      () => ['index.css'],
    );
    expect(page?.files).toEqual(['index.css', 'landing/es.html']);
    expect(page?.bytes).toBe(17);
  });

  it("weighs the self check-in as the server renders it: a sample page's HTML and its CSS (decision 079)", () => {
    const page = PAGE_BUDGETS['self check-in'];
    expect(page?.route).toBeUndefined();
    expect(page?.document).toBe(`../${SSR_DIR}/${SELF_CHECKIN_SAMPLE}`);
    expect(page!.budget).toBeLessThanOrEqual(page!.target);
    // The document the server sends loads its stylesheet before showing, and no script.
    const template = [
      '<!doctype html><html lang="es"><head><title>Hospes</title>',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-def.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">',
      '</head><body><div id="root"><div class="boot"></div></div></body></html>',
    ].join('\n');
    const html = prerenderedDocument(template, {
      html: '<form><label>Nombre<input name="firstName"/></label></form>',
      lang: 'es',
      dir: 'ltr',
      lng: 'es',
      data: { id: 'hospes-checkin', value: { token: 't' } },
    });
    expect(blockingFilesOf(html)).toEqual(['assets/index-ghi.css']);
  });
});
