import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The runtime ships to every visitor: no eval, no Function constructor, no dependencies.
    files: ['packages/runtime/src/**/*.ts'],
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-imports': ['error', { patterns: ['zod', 'esbuild', '@tagwell/schema', '@tagwell/compiler', 'node:*'] }],
    },
  },
  {
    // Custom code: function bodies compiled by the compiler, run with the rule's event and `this`
    // as the event's element, beside the page-facing _satellite.
    files: ['properties/*/code/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      parserOptions: { ecmaFeatures: { globalReturn: true } },
      globals: { ...globals.browser, _satellite: 'readonly', event: 'readonly' },
    },
    rules: { '@typescript-eslint/no-this-alias': 'off' },
  },
);
