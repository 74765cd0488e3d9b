import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { format } from 'node:util';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import toast from 'react-hot-toast';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { baseOptions } from '@/lib/i18n';
import en from '@/locales/en';
import es from '@/locales/es';
import { fakeMediaQueryList } from './media';
import { withPublicNamespaces } from './public-locales';

// jsdom has no matchMedia (the theme and the toaster read prefers-* media queries).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList => fakeMediaQueryList(query, false),
  });
}

// jsdom does not scroll (React Router's ScrollRestoration calls it).
window.scrollTo = () => {};

/**
 * An unexpected console.error fails the test (house style §7): it throws where it happens and,
 * in case that throw is swallowed, the test fails afterwards too. A test that expects one
 * replaces the spy with `vi.spyOn(console, 'error').mockImplementation(() => {})`.
 */
let consoleErrors: string[] = [];

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    ...baseOptions,
    lng: 'en',
    resources: withPublicNamespaces({ en, es }),
    // A key missing from the resources is a bug: report it (and so fail the test).
    saveMissing: true,
    missingKeyHandler: (lngs: readonly string[], ns: string, key: string) =>
      console.error(`Missing i18n key ${ns}:${key} (${lngs.join(',')})`),
  });
});

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const message = format(...args);
    consoleErrors.push(message);
    throw new Error(`console.error was called: ${message}`);
  });
});

afterEach(async () => {
  cleanup();
  toast.remove();
  authStore.reset();
  resetApiClientForTests();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  });
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) throw new Error(`Unexpected console.error:\n${errors.join('\n')}`);
});
