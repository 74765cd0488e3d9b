/**
 * Web Storage that never throws: storage can be disabled (privacy settings, some embedded
 * browsers) and the app must keep working, only without remembering things.
 */
type Kind = 'localStorage' | 'sessionStorage';

function store(kind: Kind): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function wrap(kind: Kind) {
  return {
    get(key: string): string | null {
      try {
        return store(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        store(kind)?.setItem(key, value);
      } catch {
        /* storage full or disabled: nothing to remember */
      }
    },
    remove(key: string): void {
      try {
        store(kind)?.removeItem(key);
      } catch {
        /* disabled: nothing stored either */
      }
    },
  };
}

export const local = wrap('localStorage');
export const session = wrap('sessionStorage');
