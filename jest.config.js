// Jest runs the TypeScript sources as native ES modules (ts-jest's ESM preset), as
// actions/typescript-action does; `npm test` sets --experimental-vm-modules for that.
/** @type {import('jest').Config} */
const shared = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs'],
  // Sources import siblings as './x.js' (NodeNext); under Jest they resolve to './x.ts'.
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1'
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }]
  },
  testEnvironment: 'node'
}

export default {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts'] },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
      // They run dist/, so they refuse a dist/ built from other sources (a src/ change not
      // bundled yet would pass them untested): scripts/bundle-sources.mjs.
      globalSetup: '<rootDir>/__tests__/e2e/fresh-bundle.mjs'
    }
  ],
  testTimeout: 60_000
}
