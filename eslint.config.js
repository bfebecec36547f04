import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const clientsNeverImportServer = {
  group: ['@linkhive/server', '@linkhive/server/*', '**/server/**'],
  message: 'The clients never import server code: call the API through @linkhive/shared/api.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.output/**',
      '**/.wxt/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'shared/src/ui/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Boundaries: which part may import which. A file gets the no-restricted-imports setting of the
  // last block that matches it, so the blocks below never overlap. scripts/eslint.config.test.ts
  // shows each one failing on a bad import.
  {
    // Shared code has no host: no router, no browser extension APIs, no server, no app.
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-router', 'react-router/*', 'wxt', 'wxt/*', 'express'],
              message: 'Shared code has no host: the web app or the extension passes this in as props.',
            },
            {
              group: [
                '@linkhive/server',
                '@linkhive/server/*',
                '@linkhive/web',
                '@linkhive/web/*',
                '@linkhive/extension',
                '@linkhive/extension/*',
                '**/server/**',
                '**/web/**',
                '**/extension/**',
              ],
              message: 'shared/ never imports an app (server, web, extension): the apps import shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientsNeverImportServer] }] },
  },
  {
    // The web app by feature (docs/architecture.md): a feature's folder holds its pages, components
    // and hooks; the routes, App and the public site's pages sit above the features and import them.
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientsNeverImportServer,
            {
              group: ['**/site', '**/site/**', '**/routes', '**/routes.*', '**/App', '**/App.*'],
              caseSensitive: true,
              message:
                'A web feature never imports the app shell (routes, App) or the public site pages: they import the features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features', '**/features/**'],
              message: 'http/ sits below the features and knows none: take what it needs as a small interface here.',
            },
          ],
        },
      ],
    },
  },
  {
    // An old migration must run the same way forever: nothing it imports may change under it.
    files: ['migrations/**/*.ts'],
    ignores: ['migrations/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!kysely(/|$)|\\./[^/]+$)',
              message:
                'A migration imports only kysely and files beside it: copy (freeze) any app code it needs into the migration.',
            },
          ],
        },
      ],
    },
  },
);
