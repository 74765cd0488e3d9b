import { useEffect } from 'react';

/**
 * "This page holds input that is not saved yet": a registry that forms report to, read outside
 * React. Today one reader uses it: a session that ends while a form holds unsaved input is renewed
 * in place with a login dialog instead of leaving for /login, which would lose the input (see
 * app/session-expiry.ts).
 *
 * A form reports with `useUnsavedInput(formState.isDirty)` (or anything else that says its
 * values differ from what is saved: a scan's prefill, a signature). The report ends when the
 * value turns false or the form unmounts (saved and gone, cancelled), so nothing has to be undone
 * by hand. Several forms may report at once; the page holds unsaved input while any of them does.
 */
const holders = new Set<symbol>();

/** True while at least one mounted form reports unsaved input. */
export function hasUnsavedInput(): boolean {
  return holders.size > 0;
}

/** Reports, while `unsaved` is true and the calling component is mounted, that it holds input. */
export function useUnsavedInput(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const holder = Symbol('unsaved-input');
    holders.add(holder);
    return () => {
      holders.delete(holder);
    };
  }, [unsaved]);
}

/** For tests: forget every report (a test that unmounts its forms needs none of this). */
export function resetUnsavedInputForTests(): void {
  holders.clear();
}
