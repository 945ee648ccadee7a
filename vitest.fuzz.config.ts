import { defineConfig } from 'vitest/config';

/** `npm run fuzz`: the property-based tests with many more runs (FUZZ_RUNS, default 20,000 per property). */
export default defineConfig({
  test: {
    include: ['test/fuzz.test.ts'],
    testTimeout: 0,
    pool: 'threads',
    env: { FUZZ_RUNS: process.env['FUZZ_RUNS'] ?? '20000' },
  },
});
