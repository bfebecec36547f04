import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaImagesPlugin } from './build/pwaImages.js';
import { shareTarget } from './src/pwa/shareTarget.js';

const apiServer = 'http://localhost:3000';

// Paths the server answers itself: the service worker must let these navigations through.
const serverPaths = [/^\/api\//, /^\/files\//, /^\/promo\//, /^\/share-target$/];

export default defineConfig({
  // Fixed so that the build lands in web/dist whichever folder the command runs from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    pwaImagesPlugin(),
    VitePWA({
      registerType: 'prompt',
      // Registered from src/pwa after the page has loaded; the CSP forbids the inline register script.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Linkhive',
        short_name: 'Linkhive',
        description: 'Save links into categories, keep favourites, search everything and share with your team.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1976d2',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        share_target: shareTarget,
      },
      workbox: {
        // The app shell and every route's code, so that a signed-in user can open any page offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Shared on other sites only; no reason to keep it on the device.
        globIgnores: ['icons/og-image.png'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: serverPaths,
        cleanupOutdatedCaches: true,
        // No runtime routes at all: /api, /files and /promo requests never pass through a cache.
        runtimeCaching: [],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Shared modules have no import-time effects (zod schemas, message tables), so a page that
      // uses none of a module's exports does not carry it: the landing page carries no zod.
      treeshake: { moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Libraries change less often than the app, so the ones every page needs get long-cached
          // files of their own. '$initial' keeps what only lazy pages use (the QR encoder, dialogs,
          // form controls) out of those files and in the pages' own chunks.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group|@babel[\\/]runtime)/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/files': apiServer,
      // Promo pages are rendered by the server; the '^/promo/' pattern keeps /promote on the client.
      '^/promo/': apiServer,
      '/share-target': apiServer,
    },
  },
});
