import { STORAGE_KEYS } from '@/config/constants';
import { local } from '@/lib/storage';

export type Theme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';

export function storedTheme(): Theme | null {
  const value = local.get(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : null;
}

export function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.(QUERY).matches ? 'dark' : 'light';
}

/** The saved choice, else the system preference (spec §4). */
export function initialTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
}

export function saveTheme(theme: Theme): void {
  local.set(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
}

/** Until the user picks a theme, follow the system when it changes. Returns the unsubscribe. */
export function followSystemTheme(onChange: (theme: Theme) => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const media = window.matchMedia(QUERY);
  const listener = () => {
    if (storedTheme()) return;
    const theme = systemTheme();
    applyTheme(theme);
    onChange(theme);
  };
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}
