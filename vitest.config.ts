import { defineConfig } from 'vitest/config';
import { ENDPOINTS } from './shared/upstream/endpoints.js';

// Tests never call a public endpoint: every upstream a test does not point elsewhere (the replay
// server) is a closed port on this machine, so a forgotten wiring fails at once instead of going out.
const CLOSED = '127.0.0.1:9';
const NO_PUBLIC_UPSTREAMS = Object.fromEntries(
  Object.values(ENDPOINTS).map((spec) => [spec.envVar, `${spec.protocol === 'websocket' ? 'ws' : 'http'}://${CLOSED}`]),
);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores here: two workers keep the suite fast without starving the servers it starts.
    maxWorkers: 2,
    env: NO_PUBLIC_UPSTREAMS,
    // One anvil for the run, with the protocols' own Solidity compiled (cached per machine) and deployed: the oracle tests (test/oracles/) eth_call it.
    globalSetup: ['test/oracles/support/globalSetup.ts'],
  },
});
