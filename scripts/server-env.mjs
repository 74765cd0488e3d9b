// What the production server's process is started with (scripts/start.mjs, and the benchmarks
// that measure it): V8's flags, and glibc's allocator settings, which only the environment of a
// process at its start can set (decisions 017 and 065).

/**
 * Node's flags: V8's young generation at 64 MB per semi-space instead of 16. The many short-lived
 * objects of each request (rows, response text) die young instead of being promoted, which takes
 * about 15 % off the CPU of a list request for about 50 MB more memory (decision 017).
 * NODE_OPTIONS can set another.
 */
export function serverNodeFlags(env = process.env) {
  return /--max-semi-space-size/.test(env.NODE_OPTIONS ?? '') ? [] : ['--max-semi-space-size=64'];
}

/**
 * glibc's malloc, for a long-running process that decodes large images (sharp's libvips, the OCR
 * engines) on several threads (decision 065). By default each thread may get an arena of its own
 * (up to 8 per core), each keeping what it freed; and a freed block of more than 128 kB raises the
 * size from which blocks are mapped on their own (up to 32 MB), so that the next image's buffers
 * are carved from the heap, which keeps them once freed. Two arenas, and every block of 128 kB or
 * more mapped on its own and given back to the system when freed. Set in the environment, either
 * wins.
 */
export function mallocEnv(env = process.env) {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  };
}
