import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * `no-restricted-imports` for a web feature (HOUSE-STYLE §6, decision 036): an import of any
 * folder of src/features but `allowed` is an error, by alias (`@/features/desk/…`) or by a
 * relative path naming `features/`. With `fixtures`, another feature's `test/` folder is allowed
 * too (the test fixtures, for tests only).
 */
function onlyFeatures(allowed, message, { fixtures = false } = {}) {
  const others = `(?!(${allowed.join('|')})(/|$))`;
  const regex = `(^|/)features/${others}${fixtures ? '(?![^/]+/test/)' : ''}`;
  return { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] };
}

/** The rules of one kind of feature folder: its code, then its tests and test fixtures. */
function featureLayer({ folders, ignores = [], allowed, message }) {
  const root = `apps/web/src/features/${folders}`;
  const tests = [`${root}/**/*.test.{ts,tsx}`, `${root}/test/**`];
  return [
    {
      files: [`${root}/**/*.{ts,tsx}`],
      ignores: [...ignores, ...tests],
      rules: onlyFeatures(allowed, message),
    },
    { files: tests, ignores, rules: onlyFeatures(allowed, message, { fixtures: true }) },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/data/**',
      'packages/shared/src/generated/**',
      'apps/server/drizzle/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  {
    // Only config/env.ts reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from config/env.ts' },
      ],
    },
  },
  // Server modules reach each other only through a module's public face, its index.ts
  // (docs/decisions/037-server-module-boundaries.md): `from '../travelers'`, never
  // `from '../travelers/travelers.repository'`. The pattern depends on how deep the importing file
  // sits, so there is one block per depth. app.ts (which wires the modules) and tests may import
  // any file.
  ...[1, 2, 3].map((depth) => ({
    files: [`apps/server/src/modules/*/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}(?!\\.\\.)[^/]+/`,
              message:
                "Another module is reached through its public face: import '../<module>' (its index.ts), not its files (decision 037).",
            },
            {
              regex: '(^|/)modules/[^/]+/',
              message:
                "Another module is reached through its public face: import '../<module>' (its index.ts), not its files (decision 037).",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Web features (HOUSE-STYLE §6, decision 036). Entity slices (features/traveler,
  // features/establishment) own their API calls, query keys and shared components; screen
  // features (every other folder) import entity slices but never each other, and src/app
  // composes them. An entity slice imports no screen feature; traveler may import establishment.
  // A test may also use another feature's test fixtures (its `test/` folder).
  ...featureLayer({
    folders: '*',
    ignores: ['apps/web/src/features/{traveler,establishment}/**'],
    allowed: ['traveler', 'establishment'],
    message:
      'A screen feature imports the entity slices (@/features/traveler, @/features/establishment), never another screen feature: src/app composes them',
  }),
  ...featureLayer({
    folders: 'traveler',
    allowed: ['traveler', 'establishment'],
    message: 'The traveler slice imports no screen feature (only @/features/establishment)',
  }),
  ...featureLayer({
    folders: 'establishment',
    allowed: ['establishment'],
    message: 'The establishment slice imports no other feature',
  }),
  {
    // The shared package has no I/O.
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'pg', '@electric-sql/*'],
              message: 'packages/shared is pure: no I/O',
            },
          ],
        },
      ],
    },
  },
);
