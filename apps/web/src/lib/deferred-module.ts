import { useEffect, useState } from 'react';

/** A module a component renders with once loaded, after the page's first render (decision 082). */
export interface DeferredModule<T> {
  /** Starts loading it (once); a failed load is tried again by the next call. */
  load(): Promise<T>;
  /** The module once loaded, else null (and loads it after the render). */
  useModule(): T | null;
}

/**
 * Code a page does not need for its first render, loaded right after it (not on the tap that
 * needs it: on a desk the chunk is there before anyone taps, and the service worker keeps it for
 * offline use). Without React's Suspense: once loaded, every render has it at once, the same
 * render as with a static import (a unit test that loads it first tests that render), and until
 * then the component shows what it shows without it.
 */
export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const load = () => {
    loading ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function useModule(): T | null {
    const [module, setModule] = useState(loaded);
    useEffect(() => {
      if (module) return;
      let live = true;
      load().then(
        (value) => live && setModule(() => value),
        () => {},
      );
      return () => {
        live = false;
      };
    }, [module]);
    return module;
  }
  return { load, useModule };
}

/**
 * Loads `modules` once the page has rendered and the browser is idle (at once where it has no
 * idle callback), so that the tap that needs one does not wait on the network.
 */
export function useLoadWhenIdle(...modules: readonly DeferredModule<unknown>[]): void {
  useEffect(() => {
    const loadAll = () => {
      for (const module of modules) module.load().catch(() => {});
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(loadAll, 0);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(loadAll, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
    // The modules are module-level constants: loaded once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
