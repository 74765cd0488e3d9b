import { vi } from 'vitest';

/** A MediaQueryList that answers `matches` and never changes (jsdom has none). */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/** A screen as wide as `matching` (a tablet or a computer): only that media query matches. */
export function wideScreen(matching: string) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query === matching),
  );
}
