// Lint for the service, its tests, scripts and benchmark (typescript-eslint, type-aware where it
// pays: promises nobody awaits are how an append's failure goes unnoticed). Formatting is Prettier's
// alone (eslint-config-prettier turns off the rules that would disagree with it).
import js from '@eslint/js';
import { builtinModules } from 'node:module';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'coverage/', '.data/', 'bench/results/', 'client/dist/', 'console/dist/', 'client/src/generated/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // Response DTOs' static from() mappers are passed to map(); they use no `this`.
      '@typescript-eslint/unbound-method': ['error', { ignoreStatic: true }],
      // Unused parameters named with a leading underscore are deliberate (an interface's shape).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Nest and class-validator hand us `any` at their edges; we narrow it where we use it.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify and Nest call our async hooks and pipes for their promise, awaited inside or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // CommonJS on purpose (a `node --require` preload).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: {
      // supertest's expect() chains and Jest's matchers are promises by design.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The client runs in browsers, Deno, Bun and Workers too: web platform APIs only (fetch, WebSocket,
    // Web Crypto, TextEncoder), never Node's modules or globals. Its tsconfig has no Node types either.
    files: ['client/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: 'The client must not use Node built-ins: use web platform APIs.' })),
          patterns: [{ group: ['node:*'], message: 'The client must not use Node built-ins: use web platform APIs.' }],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'global', 'require', 'module', '__dirname', '__filename', 'setImmediate', 'clearImmediate'].map(
          (name) => ({
            name,
            message: 'The client must not use Node globals: use web platform APIs.',
          }),
        ),
      ],
    },
  },
  prettier,
);
