import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  // Fixed so that the build lands in web/dist whichever folder the command runs from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app, so they get their own long-cached files.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group)/,
              priority: 2,
            },
            { name: 'vendor', test: /node_modules/, priority: 1 },
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
    },
  },
});
