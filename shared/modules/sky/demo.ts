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
 * answer it and valued by the same code as a live scan: 10,000 sUSDS at a chi of 1.0837 (synthetic)
 * is 10,837.12 USDS, earning an SSR of 4.5 % (the per-second ray spells-mainnet src/test/rates.sol
 * lists for 450 bps). sky-demo-1 lowers it to 4 %: about $54.19 a year less (low: under $100 and 1 %).
 */
export const DEMO_SKY_READ: SkyHoldingsRead = {
  usds: 0n,
  dai: 0n,
  sUsds: 10_000n * 10n ** 18n,
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
        summary: 'A spell on the chief sets the SSR 4.5 % → 4 %; once it is the hat it is plotted in the pause and can be cast 48 hours later (the GSM delay).',
        body: 'Spell after-state (config.sol): SSR 400 bps, was 450 bps. Once lifted to the hat: DSPause plot with eta 48 hours on, then cast.',
        status: 'active',
        // Executive spells expire 30 days after they are proposed (spells-mainnet: expiration).
        timeline: { created: at(-12, -6), start: at(-12, -6), end: at(18, -6) },
        changeType: 'parameter',
        changes: [{ protocol: 'sky', market: SKY_MARKETS.susds, asset: 'sUSDS', parameter: 'ssr', from: 0.045, to: 0.04, unit: 'fraction', evidence: 'demo: spell after-state SSR', verified: true }],
      }),
    ];
  },
};
