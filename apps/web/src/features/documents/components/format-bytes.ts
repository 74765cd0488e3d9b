import { bcp47Of } from '@hospes/shared/languages';

/** A byte count for people: 512 B, 12.3 KB, 4.5 MB (in the interface language's digits). */
export function formatBytes(bytes: number, lng: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(bcp47Of(lng), { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
