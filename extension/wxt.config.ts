import { defineConfig } from 'wxt';

// The extension grows in its own issue; for now it is an empty MV3 project that builds.
export default defineConfig({
  manifest: {
    name: 'Linkhive',
    description: 'Save the page you are on to Linkhive in one click.',
  },
});
