import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';
import { positionsFromSky } from './exposure/positionsFromSky.js';
import type { SkyHoldingsRead } from './exposure/readSkyHoldings.js';
import { SKY_MARKETS } from './names.js';

/**
 * The demo evm wallet's Sky holding (demo data, mode mock: no real account), as the chain would
 * answer it and valued by the same code as a live scan: 20,000 sUSDS at a chi of 1.0837 (synthetic)
 * is 21,674.25 USDS, earning an SSR of 4.5 % (the per-second ray spells-mainnet src/test/rates.sol
 * lists for 450 bps). sky-demo-1 lowers it to 4 %: about $108 a year less.
 */
export const DEMO_SKY_READ: SkyHoldingsRead = {
  usds: 0n,
  dai: 0n,
  sUsds: 20_000n * 10n ** 18n,
  sUsdsChi: 1_083_712_345_678_901_234_567_890_123n,
  ssr: 1_000_000_001_395_766_281_313_196_627n,
  sDai: 0n,
  sDaiChi: 1_170_000_000_000_000_000_000_000_000n,
  dsr: 1_000_000_001_243_680_656_318_820_312n,
};

const positions = (wallet: Wallet): ExposurePosition[] => positionsFromSky(DEMO_SKY_READ, wallet);

export const demo: DemoComponent = {
  positions,
  proposals: (now) => {
    const at = demoClock(now);
    return [
      demoProposal({
        id: 'sky-demo-1',
        protocol: 'sky',
        title: 'Executive spell: lower the Sky Savings Rate to 4 %',
        summary: 'A spell lifted to the hat and plotted in the pause sets the SSR 4.5 % → 4 %; it can be cast once the 48-hour GSM delay has passed.',
        body: 'Spell after-state (config.sol): SSR 400 bps, was 450 bps. DSPause plot eta: 48 hours after scheduling.',
        status: 'passed',
        timeline: { created: at(-1, -6), start: at(-1, -6), end: at(1, -6) },
        changeType: 'parameter',
        changes: [{ protocol: 'sky', market: SKY_MARKETS.susds, asset: 'sUSDS', parameter: 'ssr', from: 0.045, to: 0.04, unit: 'fraction', evidence: 'demo: spell after-state SSR', verified: true }],
      }),
    ];
  },
};
