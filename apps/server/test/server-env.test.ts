import { describe, expect, it } from 'vitest';
import { mallocEnv, serverNodeFlags } from '../../../scripts/server-env.mjs';

describe('How npm start starts the server (scripts/server-env.mjs)', () => {
  it("bounds glibc's allocator: two arenas, blocks of 128 kB or more mapped and given back (decision 065)", () => {
    expect(mallocEnv({})).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
  });

  it('lets the environment choose another allocator setting', () => {
    expect(mallocEnv({ MALLOC_ARENA_MAX: '4' })).toEqual({
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '131072',
    });
  });

  it('gives V8 a young generation of 64 MB per semi-space unless NODE_OPTIONS sets one (decision 017)', () => {
    expect(serverNodeFlags({})).toEqual(['--max-semi-space-size=64']);
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-semi-space-size=16' })).toEqual([]);
  });
});
