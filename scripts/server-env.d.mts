export function serverNodeFlags(env?: NodeJS.ProcessEnv): string[];
export function mallocEnv(env?: NodeJS.ProcessEnv): {
  MALLOC_ARENA_MAX: string;
  MALLOC_MMAP_THRESHOLD_: string;
};
