import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores here: two workers keep the suite fast without starving the servers it starts.
    maxWorkers: 2,
  },
});
