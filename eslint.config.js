import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Features stay apart, as in bulletproof-react: a feature of the server or the web imports no other
 * feature (shared code lives in lib/, components/, db/ or common/, and app/ composes the features).
 * The zones are read from the folders, so a new feature is covered without touching this file.
 */
const featureZones = ['server/src/features', 'web/src/features'].flatMap((root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: `./${root}/${entry.name}`,
      from: `./${root}`,
      except: [`./${entry.name}`],
      message: 'A feature imports no other feature: move what both need to lib/, components/ or common/.',
    })),
);

/**
 * The server's layers (ARCHITECTURE.md, 'The layers'): app → features → plugins → domain → mail → lib → db, each
 * importing only those after it. What two layers share lives in the lower one.
 */
const serverLayers = ['features', 'plugins', 'domain', 'mail', 'lib', 'db'];
const layerZones = serverLayers.slice(1).map((layer, index) => ({
  target: `./server/src/${layer}`,
  from: serverLayers.slice(0, index + 1).map((above) => `./server/src/${above}`),
  message: `server/src/${layer}/ imports no layer above it: move what both need down, or let server/src/app.ts hand it in.`,
}));

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'server/drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['common/**/*.ts', 'server/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...layerZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The borders of decisions.md section 1: common/ imports neither side; the web never imports the server.
    files: ['common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // The parents' public site (issue 40) is a bundle of its own: nothing of the staff app, nor zod's schemas.
    files: ['web/inschrijven/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/src/**', '../src/**', '@tanstack/*', 'react-bootstrap', 'react-router'],
              message: 'The public site loads no staff code.',
            },
            {
              group: ['zod', '@common/schemas/*', '@common/contract/*'],
              allowTypeImports: true,
              message: 'The public site imports only types of the schemas.',
            },
          ],
        },
      ],
    },
  },
);
