import { type Abi, encodeFunctionData, getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { comptrollerAbi } from '../../../shared/modules/compound/abi.js';
import { COMPTROLLER, CTOKENS } from '../../../shared/modules/compound/addresses.js';
import { decodeActions } from '../../../shared/modules/compound/decodeActions.js';
import { compoundExposure } from '../../../shared/modules/compound/exposure/compoundExposure.js';
import { ETHEREUM_COMETS } from '../../../shared/modules/compound/exposure/markets.js';
import { perBlockToApr, positionsFromV2, suppliedUnderlying, v2LendingAccount } from '../../../shared/modules/compound/exposure/positionsFromV2.js';
import { readV2Account, type V2MarketRead } from '../../../shared/modules/compound/exposure/readV2Account.js';
import { comptrollerViewsAbi, cTokenViewsAbi, v2OracleAbi } from '../../../shared/modules/compound/exposure/v2Abi.js';
import { ethereumReader } from '../../../shared/upstream/clients/ethereumReader.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { syntheticChain, type SyntheticState } from '../../exposure/syntheticChain.js';
import { ABIS, CETH, CUSDC, HOLDER, holderState, V2_ORACLE } from '../../exposure/syntheticEvmWallet.js';
import { TEST_POLICY } from '../../upstream/replayHarness.js';
import { proposal } from '../../simulate/fixtures.js';
import { simulateProposal } from '../../support/simulator.js';

const wallet: Wallet = { kind: 'evm', address: HOLDER };

/** Hand-made v2 reads: 100 cETH at an exchange rate of 0.02 ETH (2 ETH) at $3,000, CF 0.825; 1,000 USDC borrowed at $1. */
const cEth: V2MarketRead = {
  cToken: CETH,
  market: CTOKENS[CETH.toLowerCase()]!,
  entered: true,
  cTokenBalance: 100n * 10n ** 8n,
  borrowBalance: 0n,
  // 0.02 ETH per cETH: 0.02 × 1e18 (wei per ETH) / 1e8 (cETH units) × 1e18 (mantissa) = 2e26.
  exchangeRate: 2n * 10n ** 26n,
  collateralFactor: 825n * 10n ** 15n,
  price: 3000n * 10n ** 18n,
  supplyRatePerBlock: 5_000_000_000n,
  borrowRatePerBlock: 20_000_000_000n,
};
const cUsdc: V2MarketRead = {
  ...cEth,
  cToken: CUSDC,
  market: CTOKENS[CUSDC.toLowerCase()]!,
  entered: true,
  cTokenBalance: 0n,
  borrowBalance: 1_000n * 10n ** 6n,
  exchangeRate: 2n * 10n ** 14n,
  collateralFactor: 855n * 10n ** 15n,
  price: 10n ** 30n,
};

describe('positionsFromV2 (pure)', () => {
  it('redeems a cToken balance at the exchange rate: cTokens × rate / 1e18', () => {
    // 100e8 × 2e26 / 1e18 = 2e18 wei = 2 ETH.
    expect(suppliedUnderlying(cEth)).toBe(2n * 10n ** 18n);
  });

  it('values each market with the oracle’s price scaled by 1e(36 − decimals)', () => {
    const rows = positionsFromV2([cEth, cUsdc], wallet);
    // 2e18 × 3000e18 / 1e36 = 6,000; 1,000e6 × 1e30 / 1e36 = 1,000.
    expect(rows.map(({ position }) => [position.id, position.amount, position.valueUsd])).toEqual([
      ['compound-v2-ceth-supply', '2', 6000],
      ['compound-v2-cusdc-borrow', '1000', 1000],
    ]);
  });

  it('gives HF = Σ supplied value × CF / debt over entered markets, CF as both LTV and threshold', () => {
    const account = v2LendingAccount([cEth, cUsdc])!;
    // 6,000 × 0.825 / 1,000 = 4.95.
    expect(account).toEqual({ market: 'compound-v2', healthFactor: 4.95, debtUsd: 1000, collateral: [{ asset: 'ETH', valueUsd: 6000, liquidationThreshold: 8250, ltv: 8250 }] });
  });

  it('leaves a supply outside assetsIn out of the account: it is not collateral', () => {
    const rows = positionsFromV2([{ ...cEth, entered: false }, cUsdc], wallet);
    expect(rows[1]!.inputs.account).toEqual({ market: 'compound-v2', healthFactor: 0, debtUsd: 1000, collateral: [] });
    expect(rows[0]!.position).not.toHaveProperty('collateral');
    expect(rows[0]!.inputs).not.toHaveProperty('account');
  });

  it('keeps an account without a health factor for entered collateral and no debt', () => {
    const account = v2LendingAccount([cEth]);
    expect(account).toEqual({ market: 'compound-v2', debtUsd: 0, collateral: [{ asset: 'ETH', valueUsd: 6000, liquidationThreshold: 8250, ltv: 8250 }] });
  });

  it('states no account and no value where the oracle gave no price, as the Comptroller fails then', () => {
    const [supply] = positionsFromV2([{ ...cEth, price: undefined }, cUsdc], wallet);
    expect(supply!.position).not.toHaveProperty('valueUsd');
    expect(v2LendingAccount([{ ...cEth, price: undefined }, cUsdc])).toBeUndefined();
  });

  it('turns a per-block rate into a yearly one over 2,628,000 twelve-second blocks', () => {
    // 5e9 / 1e18 × 2,628,000 = 0.01314.
    expect(perBlockToApr(5_000_000_000n)).toBeCloseTo(0.01314, 15);
    const [supply] = positionsFromV2([cEth], wallet);
    expect(supply!.inputs.apr).toBeCloseTo(0.01314, 15);
  });

  it('names the market and asset as decodeActions names a Comptroller collateral-factor change', () => {
    const cut = encodeFunctionData({ abi: comptrollerAbi, functionName: '_setCollateralFactor', args: [CETH, 0n] });
    const [change] = decodeActions([{ target: COMPTROLLER, value: 0n, signature: '', calldata: cut }]);
    const [supply] = positionsFromV2([cEth, cUsdc], wallet);
    expect([change!.market, change!.asset]).toEqual([supply!.inputs.market, supply!.position.asset]);
  });
});

/* ---- reads over the synthetic chain (test/exposure/syntheticEvmWallet.ts): request counts ---- */

function onChain(state: SyntheticState) {
  const chain = syntheticChain(ABIS, state);
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} });
  return { chain, upstreams, reader: ethereumReader(upstreams.ethereum), requests: () => upstreams.counter.snapshot().ethereum.requests };
}
const signal = () => new AbortController().signal;
const NOBODY = getAddress('0x3333333333333333333333333333333333333333');

describe('readV2Account on the synthetic chain', () => {
  it('adds nothing for a wallet without a v2 balance, after one request', async () => {
    const empty: SyntheticState = {
      ...holderState,
      answer(target, functionName, args, block) {
        if (functionName === 'getAssetsIn') return { abi: comptrollerViewsAbi as unknown as Abi, result: [] };
        if (functionName === 'getAccountSnapshot') return { abi: cTokenViewsAbi as unknown as Abi, result: [0n, 0n, 0n, 2n * 10n ** 26n] };
        return holderState.answer(target, functionName, args, block);
      },
    };
    const { reader, requests } = onChain(empty);
    expect(await readV2Account(reader, NOBODY, signal())).toEqual([]);
    expect(requests()).toBe(1);
  });

  it('asks the prices at round one’s block on a first scan, and inside round one once the oracle is known', async () => {
    const { reader, requests } = onChain(holderState);
    const first = await readV2Account(reader, HOLDER, signal());
    expect(requests()).toBe(2);
    const second = await readV2Account(reader, HOLDER, signal());
    expect(requests()).toBe(3);
    expect(second).toEqual(first);
    expect(first.map((read) => [read.market.cSymbol, read.price])).toEqual([
      ['cETH', 3000n * 10n ** 18n],
      ['cUSDC', 10n ** 30n],
    ]);
  });

  it('reads the prices again from the new oracle when governance replaced it, never from the old one', async () => {
    const NEW_ORACLE = getAddress('0x4444444444444444444444444444444444444444');
    let oracle = V2_ORACLE;
    const moving: SyntheticState = {
      ...holderState,
      answer(target, functionName, args, block) {
        if (functionName === 'oracle') return { abi: comptrollerViewsAbi as unknown as Abi, result: oracle };
        // The old oracle would answer 1 USD for ETH: a read from it would show.
        if (functionName === 'getUnderlyingPrice' && target.toLowerCase() === V2_ORACLE.toLowerCase() && oracle !== V2_ORACLE) return { abi: v2OracleAbi as unknown as Abi, result: 10n ** 18n };
        if (functionName === 'getUnderlyingPrice' && target.toLowerCase() === NEW_ORACLE.toLowerCase()) return holderState.answer(V2_ORACLE, functionName, args, block);
        return holderState.answer(target, functionName, args, block);
      },
    };
    const { reader, requests } = onChain(moving);
    await readV2Account(reader, HOLDER, signal());
    oracle = NEW_ORACLE;
    const after = await readV2Account(reader, HOLDER, signal());
    expect(requests()).toBe(4);
    expect(after[0]!.price).toBe(3000n * 10n ** 18n);
  });
});

describe('the compound exposure with v2 beside the Comets', () => {
  it('reads the holder’s Comet and v2 positions in two requests, then one', async () => {
    const { upstreams, requests } = onChain(holderState);
    const exposure = compoundExposure({ markets: ETHEREUM_COMETS });
    const context = { signal: signal(), now: new Date('2026-11-22T12:00:00Z'), upstreams };
    const positions = await exposure.readPositions(wallet, context);
    expect(requests()).toBe(2);
    await exposure.readPositions(wallet, context);
    expect(requests()).toBe(3);
    expect(positions.map(({ position }) => position.id)).toEqual(['comet-usdc-usdc-supply', 'compound-v2-ceth-supply', 'compound-v2-cusdc-borrow']);
    // The synthetic holder: 2 ETH at $3,000 at CF 0.825 against 1,000 USDC → 4.95.
    expect(positions.find(({ position }) => position.id === 'compound-v2-cusdc-borrow')!.position.healthFactor).toBeCloseTo(4.95, 12);
  });
});

describe('a v2 rate curve change', () => {
  // JumpRateModelV2 (compound-protocol BaseJumpRateModelV2.updateJumpRateModelInternal) stores
  // multiplierPerYear / (blocksPerYear · kink) but jumpMultiplierPerYear / blocksPerYear: neither the
  // lending pools' form nor Comet's. The exposure reads the rates, not the model, so such a change
  // must stay unpriced rather than be priced in another market's form.
  it('is matched to the position but never priced: the positions carry no curve', () => {
    const positions = positionsFromV2([cEth, cUsdc], wallet);
    expect(positions.every(({ inputs }) => inputs.rateModel === undefined && inputs.cometRates === undefined)).toBe(true);
    const slope = { protocol: 'compound', market: 'compound-v2', asset: 'USDC', parameter: 'slope2', to: 3, unit: 'fraction', evidence: 'test', verified: true } as const;
    const impact = simulateProposal(proposal([slope], { protocol: 'compound' }), positions)!;
    expect(impact).toMatchObject({ analysisStatus: 'awaiting_analysis' });
    expect(impact.estimatedImpactUsd).toBeUndefined();
  });
});
