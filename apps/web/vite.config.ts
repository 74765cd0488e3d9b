import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';
import { prerenderLanding } from './build/prerender';
import { selfCheckinRenderer } from './build/self-checkin-renderer';
import { weightBudget } from './build/weight-budget';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Where `vite dev` sends /api: the API server of `npm run dev -w @hospes/server`. */
const apiTarget = process.env.HOSPES_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    prerenderLanding(root),
    selfCheckinRenderer(root),
    weightBudget(root),
    // Installable, and the app's code kept for offline use (decision 059). The service worker is
    // registered for signed-in users only (lib/service-worker.ts): a pilgrim on the self check-in
    // does not download the whole app in the background.
    // Not in the unit tests: nothing there registers it, and it slows the first module loads.
    !process.env.VITEST &&
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          name: 'Hospes',
          short_name: 'Hospes',
          description: 'Registro de viajeros para alojamientos en España',
          lang: 'es',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#0f5b78',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            {
              src: '/icons/icon-maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        workbox: {
          // The app shell and every part of the app a signed-in user opens, the languages' bundles
          // included; not the public site's texts (marketing, legal, contact pages).
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          // The prerendered landing pages (build/prerender.ts) are the server's, for visitors.
          globIgnores: ['assets/locale-*-public-*.js', 'weight.json', 'landing/**'],
          navigateFallback: 'index.html',
          navigateFallbackDenylist: [/^\/api(?:\/|$)/],
          cleanupOutdatedCaches: true,
          // The INE municipalities are the largest part (about 160 KB before compression).
          maximumFileSizeToCacheInBytes: 1024 * 1024,
          runtimeCaching: [
            {
              // Personal data: the API is never cached by the service worker.
              urlPattern: ({ url }) => url.pathname.startsWith('/api/'),
              handler: 'NetworkOnly',
            },
          ],
        },
      }),
  ],
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
    rolldownOptions: {
      output: {
        // What the entry imports statically (every page's first render) in two files, the
        // libraries and the app's frame, instead of the dozen shared chunks Rolldown splits it
        // into: Brotli compresses a file as a whole, and across the frame's modules it finds
        // more to share (decision 082: the desk's first render 5 KB lighter with the libraries
        // alone, 8 KB with the frame). Nothing else is moved: a route's own chunks stay as
        // they are, and the libraries kept apart change less often than the app's code.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'frame', tags: ['$initial'], priority: 1 },
          ],
        },
        // The language files are named after their language and namespace, so the service worker
        // can leave the public site's texts out of what it keeps (see workbox.globIgnores above).
        chunkFileNames(chunk) {
          // One chunk per language and namespace (decision 073): the web's own and the shared
          // package's (validation, errors, ses); the public site's are `locale-<lng>-public-<ns>`.
          // A shared file the server's code also imports statically (packages/shared's
          // messages.ts) is no facade, only the chunk's one module.
          const id =
            chunk.facadeModuleId ?? (chunk.moduleIds.length === 1 ? chunk.moduleIds[0] : '');
          const locale = /\/src\/locales\/([a-z]{2})\/([a-z]+)\.json$/.exec(id ?? '');
          if (!locale) return 'assets/[name]-[hash].js';
          const [, lng, ns] = locale;
          return ['marketing', 'legal', 'contact'].includes(ns!)
            ? `assets/locale-${lng}-public-${ns}-[hash].js`
            : `assets/locale-${lng}-${ns}-[hash].js`;
        },
      },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    // Vitest's default in a run is one worker less than the cores: one on this 2-core machine.
    // Two files at a time take the web suite from about 5 to 3.5 minutes.
    maxWorkers: 2,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
