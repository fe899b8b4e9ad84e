// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(path.join(featuresDir, f)).isDirectory())
  : [];

// House rule 6: a web feature never imports another feature; shared pieces (components, lib)
// never import features. Features are composed in app/.
const featureZones = features.map((f) => ({
  target: `./${featuresDir}/${f}`,
  from: `./${featuresDir}`,
  except: [`./${f}`],
  message:
    'Features never import each other: compose them in app/ or move the piece to components/ or lib/.',
}));
const sharedZones = ['components', 'lib'].map((dir) => ({
  target: `./apps/web/src/${dir}`,
  from: ['./apps/web/src/features', './apps/web/src/app'],
  message: `${dir}/ is shared and must not depend on features or app/.`,
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/*.tsbuildinfo'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': {
        typescript: {
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
        node: true,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 12, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...sharedZones] }],
    },
  },
  {
    // The server's queue is transport only: it never reaches up into modules (ARCHITECTURE rule 4).
    files: ['apps/server/src/queue/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'queue/ must not import modules/.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'scripts/**/*.mjs', '**/bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
