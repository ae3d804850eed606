import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.mjs';

const nodeBuiltins = ['fs', 'path', 'os', 'http', 'https', 'net', 'crypto', 'child_process', 'worker_threads', 'url', 'util', 'stream', 'zlib'];

export default ts.config(
  { ignores: ['src/shared/i18n/paraglide/**', 'out/**', 'out-*/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...ts.configs.strict,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'], svelteConfig } },
    rules: {
      // Flags every Map/Set, including local temporaries; reactive state here is always $state.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
  {
    // The renderer is a web page: no Node, no Electron, no main-process code.
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', ...nodeBuiltins],
          patterns: [
            { group: ['node:*'], message: 'The renderer never imports Node.' },
            { group: ['**/main/**', '**/preload/**'], message: 'The renderer talks to main only through the bridge.' },
          ],
        },
      ],
    },
  },
  {
    // Only the Electron shell (src/main/index.ts and src/main/electron) and the preload import electron.
    files: ['src/main/**', 'src/shared/**', 'test/**'],
    ignores: ['src/main/index.ts', 'src/main/electron/**', 'test/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only the Electron shell imports electron.' }] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['electron', ...nodeBuiltins], patterns: [{ group: ['node:*'], message: 'src/shared has no runtime dependencies.' }] },
      ],
    },
  },
);
