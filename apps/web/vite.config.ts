import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Where `vite dev` sends /api: the API server of `npm run dev -w @hospes/server`. */
const apiTarget = process.env.HOSPES_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    // Vitest's default in a run is one worker less than the cores: one on this 2-core machine.
    // Two files at a time take the web suite from about 5 to 3.5 minutes.
    maxWorkers: 2,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
