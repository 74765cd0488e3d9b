import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import {
  isChunkLoadError,
  RELOAD_GUARD_MS,
  reloadForNewVersion,
  wireChunkReload,
} from './chunk-load';
import { resetUnsavedInputForTests, useUnsavedInput } from './unsaved-input';

const NOW = Date.UTC(2026, 10, 20, 10, 0, 0);

describe('a part of the app that did not load', () => {
  it('is told from other errors by what the browsers and Vite say', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://hospes.example/assets/clients-B1x2.js',
      'error loading dynamically imported module: https://hospes.example/assets/clients-B1x2.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/clients-B1x2.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
    expect(isChunkLoadError(new Error('Cannot read the traveler list'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloading for a new version', () => {
  let reload: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetUnsavedInputForTests();
    sessionStorage.clear();
  });

  it('reloads once, and not again within the guard time (no loop)', () => {
    expect(reloadForNewVersion(NOW)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STORAGE_KEYS.reloadedForUpdate)).toBe(String(NOW));

    // The same tab after the reload: the chunk fails again, so it is not a new version.
    expect(reloadForNewVersion(NOW + 5_000)).toBe(false);
    expect(reloadForNewVersion(NOW + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // Another deploy, later on: once more.
    expect(reloadForNewVersion(NOW + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads over a form with unsaved input', () => {
    const form = renderHook(() => useUnsavedInput(true));
    expect(reloadForNewVersion(NOW)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Nothing was kept: once the input is saved or gone, a failure may reload.
    expect(sessionStorage.getItem(STORAGE_KEYS.reloadedForUpdate)).toBeNull();
    form.unmount();
    expect(reloadForNewVersion(NOW)).toBe(true);
  });

  it('does not reload offline, nor where the time of the reload cannot be kept', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(reloadForNewVersion(NOW)).toBe(false);
    vi.restoreAllMocks();

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(reloadForNewVersion(NOW)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('listens to Vite’s preload errors, without cancelling them (the page shows the load error meanwhile)', () => {
    const unwire = wireChunkReload();
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(false);

    unwire();
    sessionStorage.clear();
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
