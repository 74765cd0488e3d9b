/** Every server test: an unexpected console.error fails it. */
import { afterEach, vi } from 'vitest';

let errors: unknown[][] = [];
const original = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length)
    throw new Error(
      `console.error was called: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
});
