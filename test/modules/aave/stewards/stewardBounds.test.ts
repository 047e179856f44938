import fc from 'fast-check';
import { encodeAbiParameters, encodeFunctionResult, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ExposurePosition } from '../../../../shared/domain/position.js';
import { envelopesOf } from '../../../../shared/envelopes/envelopesOf.js';
import type { NoVoteBounds, ParameterBound } from '../../../../shared/envelopes/noVoteBounds.js';
import { AAVE_NO_VOTE_BOUNDS } from '../../../../shared/modules/aave/stewardBounds.js';
import { aaveNoVoteBounds } from '../../../../shared/modules/aave/stewards/boundsOnChain.js';
import { decodeEModeTimelock, decodeRiskConfig, decodeTimelock } from '../../../../shared/modules/aave/stewards/riskStewardWords.js';
import { registered } from '../../../../shared/modules/registry.js';
import { COUNTING_POLICY, useReplay } from '../../../upstream/replayHarness.js';
import { BOUNDS_ACCOUNT, BOUNDS_NOW, CONFIG_37, CORE_RISK_STEWARD, DEBOUNCE_37, debounce, deployedConfig, USDC_ACCOUNT, WETH_LT_CHANGED_AT } from './stewardBoundsScenario.js';

const DAY = 86_400;
const uint40 = fc.integer({ min: 0, max: 2 ** 40 - 1 });
const percent = fc.integer({ min: 0, max: 1_000_000 }).map(BigInt);
const riskParam = fc.record({ minDelay: uint40, maxPercentChange: percent });
const addressBookAbi = async (name: string) => ((await import(`@aave-dao/aave-address-book/abis/${name}`)) as Record<string, readonly unknown[]>)[`${name}_ABI`]!;

describe('the RiskSteward views, word by word', () => {
  it('reads the deployed default config of the 3.7 stewards (DeployStewards.s.sol): LT 50 bps, eMode LT 10, caps 100 %, every one 3 days', () => {
    const config = decodeRiskConfig(deployedConfig());
    expect(config.get('liquidationThreshold')).toEqual({ minDelaySeconds: 3 * DAY, maxPercentChange: 50 });
    expect(config.get('eModeLiquidationThreshold')).toEqual({ minDelaySeconds: 3 * DAY, maxPercentChange: 10 });
    expect(config.get('supplyCap')).toEqual({ minDelaySeconds: 3 * DAY, maxPercentChange: 10_000 });
    expect(config.get('slope2')).toEqual({ minDelaySeconds: 3 * DAY, maxPercentChange: 2_000 });
  });

  it('decodes any 3.7 Config as IRiskSteward.sol @ab49968 lays it out (300 cases)', () => {
    fc.assert(
      fc.property(fc.array(riskParam, { minLength: 15, maxLength: 15 }), (params) => {
        const [ltv, lt, lb, eLtv, eLt, eLb, base, s1, s2, opt, supply, borrow, lst, stable, pendle] = params;
        const data = encodeAbiParameters([CONFIG_37], [
          {
            collateralConfig: { ltv: ltv!, liquidationThreshold: lt!, liquidationBonus: lb! },
            eModeConfig: { ltv: eLtv!, liquidationThreshold: eLt!, liquidationBonus: eLb! },
            rateConfig: { baseVariableBorrowRate: base!, variableRateSlope1: s1!, variableRateSlope2: s2!, optimalUsageRatio: opt! },
            capConfig: { supplyCap: supply!, borrowCap: borrow! },
            priceCapConfig: { priceCapLst: lst!, priceCapStable: stable!, discountRatePendle: pendle! },
          },
        ]);
        const config = decodeRiskConfig(data);
        const as = (param: { minDelay: number; maxPercentChange: bigint }) => ({ minDelaySeconds: param.minDelay, maxPercentChange: Number(param.maxPercentChange) });
        expect(config.get('liquidationThreshold')).toEqual(as(lt!));
        expect(config.get('eModeLiquidationThreshold')).toEqual(as(eLt!));
        expect(config.get('ltv')).toEqual(as(ltv!));
        expect(config.get('borrowCap')).toEqual(as(borrow!));
        expect(config.get('optimalUsage')).toEqual(as(opt!));
      }),
      { numRuns: 300 },
    );
  });

  it('decodes the first stewards’ flat Config and Debounce as the address book’s published ABI encodes them (no eMode there) (200 cases)', async () => {
    const abi = await addressBookAbi('IRiskSteward');
    fc.assert(
      fc.property(fc.array(riskParam, { minLength: 12, maxLength: 12 }), fc.array(uint40, { minLength: 11, maxLength: 11 }), (params, last) => {
        const names = ['ltv', 'liquidationThreshold', 'liquidationBonus', 'supplyCap', 'borrowCap', 'debtCeiling', 'baseVariableBorrowRate', 'variableRateSlope1', 'variableRateSlope2', 'optimalUsageRatio', 'priceCapLst', 'priceCapStable'];
        const config = decodeRiskConfig(encodeFunctionResult({ abi, functionName: 'getRiskConfig', result: Object.fromEntries(names.map((name, index) => [name, params[index]])) } as never));
        expect(config.get('liquidationThreshold')).toEqual({ minDelaySeconds: params[1]!.minDelay, maxPercentChange: Number(params[1]!.maxPercentChange) });
        expect(config.get('supplyCap')).toEqual({ minDelaySeconds: params[3]!.minDelay, maxPercentChange: Number(params[3]!.maxPercentChange) });
        expect(config.has('eModeLiquidationThreshold')).toBe(false);
        const fields = ['supplyCap', 'borrowCap', 'ltv', 'liquidationBonus', 'liquidationThreshold', 'debtCeiling', 'baseVariableRate', 'variableRateSlope1', 'variableRateSlope2', 'optimalUsageRatio', 'priceCap'];
        const timelock = decodeTimelock(encodeFunctionResult({ abi, functionName: 'getTimelock', result: Object.fromEntries(fields.map((name, index) => [`${name}LastUpdated`, last[index]])) } as never));
        expect(timelock.get('liquidationThreshold')).toBe(last[4]);
        expect(timelock.get('baseRate')).toBe(last[6]);
      }),
      { numRuns: 200 },
    );
  });

  it('reads the 3.7 Debounce (no debt ceiling) and the eMode debounce by position', () => {
    expect(decodeTimelock(debounce({ liquidationThreshold: 1234, variableRateSlope1: 99 })).get('liquidationThreshold')).toBe(1234);
    expect(decodeTimelock(debounce({ variableRateSlope1: 99 })).get('slope1')).toBe(99);
    expect(decodeEModeTimelock(encodeAbiParameters([{ type: 'uint40' }, { type: 'uint40' }, { type: 'uint40' }], [1, 2, 3])).get('eModeLiquidationThreshold')).toBe(3);
    expect(DEBOUNCE_37).toHaveLength(10);
  });

  it('refuses a length no layout has, and a field wider than its type', () => {
    expect(() => decodeRiskConfig(`0x${'00'.repeat(32 * 28)}`)).toThrow(/28 words/);
    expect(() => decodeRiskConfig('0x1234')).toThrow(/whole words/);
    const wide = `0x${'ff'.repeat(32)}${'00'.repeat(32 * 29)}` as Hex;
    expect(() => decodeRiskConfig(wide)).toThrow(/does not fit/);
  });
});

const lending = (): ExposurePosition => ({
  position: { id: 'p', protocol: 'aave', asset: 'WETH', amount: '1', user_address: '0x0', market: BOUNDS_ACCOUNT.market },
  inputs: { market: BOUNDS_ACCOUNT.market, role: 'supply', account: BOUNDS_ACCOUNT },
});
const coreLt = (bounds: NoVoteBounds) => bounds.bounds.filter((bound) => bound.parameter === 'liquidationThreshold' && bound.markets?.includes(BOUNDS_ACCOUNT.market));
const envelopeOf = async (bounds: NoVoteBounds) => envelopesOf({ positions: [lending()], bounds: new Map([['aave', bounds]]), registered: await registered(), now: new Date(BOUNDS_NOW * 1000) })[0]!;

describe('Aave’s bounds read from chain at scan time (Ethereum Core, the recording aave-steward-bounds.json)', () => {
  const replay = useReplay();
  const read = (timeoutMs = 3_000) => aaveNoVoteBounds({ upstreams: replay.upstreams({ retries: 0, deadlineMs: 1_000 }), signal: AbortSignal.timeout(timeoutMs), accounts: [BOUNDS_ACCOUNT] });

  it('takes the steward’s own config and WETH’s last LT change, for Core only; every other market keeps its declared defaults', async () => {
    const bounds = await read();
    const [lt] = coreLt(bounds);
    expect(coreLt(bounds)).toHaveLength(1);
    expect(lt).toMatchObject({ origin: 'chain', markets: ['aave-v3-ethereum'], largestStep: { kind: 'absolute', bps: 50 }, minDelaySeconds: 3 * DAY, lastChangedAt: { weth: WETH_LT_CHANGED_AT } });
    expect(lt!.source).toContain(CORE_RISK_STEWARD);
    expect(lt!.sourceUrl).toBe(`https://etherscan.io/address/${CORE_RISK_STEWARD}#readContract`);
    const arbitrum = bounds.bounds.find((bound) => bound.parameter === 'liquidationThreshold' && bound.markets?.includes('aave-v3-arbitrum'));
    expect(arbitrum).toMatchObject({ origin: 'declared' });
    expect(arbitrum!.markets).not.toContain('aave-v3-ethereum');
  });

  it('makes the first step wait for the rest of WETH’s delay (2 steps in 7 days, not 3); WBTC, never changed, starts at once', async () => {
    const envelope = await envelopeOf(await read());
    const weth = envelope.assumptions.find((assumption) => assumption.subject.startsWith('WETH'))!;
    const wbtc = envelope.assumptions.find((assumption) => assumption.subject.startsWith('WBTC'))!;
    expect(weth).toMatchObject({ readFrom: 'chain', steps: 2, from: 8300, to: 8200, lastChangedAt: '2026-11-20T12:00:00Z', firstStepAt: '2026-11-23T12:00:00Z' });
    expect(weth.words).toContain('the first not before 2026-11-23 12:00');
    expect(weth.words).toContain('read from the contract');
    expect(wbtc).toMatchObject({ readFrom: 'chain', steps: 3, from: 7800, to: 7650 });
    expect(wbtc.lastChangedAt).toBeUndefined();
    // The declared defaults assume WETH's first step at once: three steps, a lower worst case.
    const declared = await envelopeOf(AAVE_NO_VOTE_BOUNDS);
    expect(declared.assumptions.find((assumption) => assumption.subject.startsWith('WETH'))).toMatchObject({ readFrom: 'declared', steps: 3, to: 8150 });
    expect(envelope.healthFactor!.worst).toBeGreaterThan(declared.healthFactor!.worst);
    expect(envelope.healthFactor!.worst).toBeLessThan(envelope.healthFactor!.now);
  });

  it('shares one read among the scans of the same upstreams (at once and after), in one request', async () => {
    const upstreams = replay.upstreams({ retries: 0, deadlineMs: 1_000 });
    const scan = () => aaveNoVoteBounds({ upstreams, signal: AbortSignal.timeout(3_000), accounts: [BOUNDS_ACCOUNT] });
    const [first, second] = await Promise.all([scan(), scan()]);
    const third = await scan();
    expect(coreLt(first)[0]).toMatchObject({ origin: 'chain' });
    expect([second, third]).toEqual([first, first]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(1);
  });

  it('reads one scan’s views in one request: its eth_chainId and one aggregate3 round of the shared EVM reader', async () => {
    const upstreams = replay.upstreams(COUNTING_POLICY);
    const bounds = await aaveNoVoteBounds({ upstreams, signal: AbortSignal.timeout(3_000), accounts: [BOUNDS_ACCOUNT] });
    expect(coreLt(bounds)[0]).toMatchObject({ origin: 'chain' });
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 1, calls: 2 });
  });

  it('sends two wallets’ views scanned at once in one aggregate3 round of the shared reader (two requests when each had its own client)', async () => {
    const upstreams = replay.upstreams(COUNTING_POLICY);
    const scan = (account: typeof BOUNDS_ACCOUNT) => aaveNoVoteBounds({ upstreams, signal: AbortSignal.timeout(3_000), accounts: [account] });
    const [weth, usdc] = await Promise.all([scan(BOUNDS_ACCOUNT), scan(USDC_ACCOUNT)]);
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 1, calls: 2 });
    expect(coreLt(weth)[0]).toMatchObject({ origin: 'chain', lastChangedAt: { weth: WETH_LT_CHANGED_AT } });
    expect(coreLt(usdc)[0]).toMatchObject({ origin: 'chain', minDelaySeconds: 3 * DAY });
    expect(coreLt(usdc)[0]!.lastChangedAt).toBeUndefined();
  });

  it('costs a wallet new to the process no request when other wallets asked its views within the minute', async () => {
    const upstreams = replay.upstreams({ retries: 0, deadlineMs: 1_000 });
    const scan = (account: typeof BOUNDS_ACCOUNT) => aaveNoVoteBounds({ upstreams, signal: AbortSignal.timeout(3_000), accounts: [account] });
    await scan(BOUNDS_ACCOUNT);
    // Another wallet in the same market with WETH alone: the market's config and WETH's views were asked a moment ago.
    const wethOnly = { ...BOUNDS_ACCOUNT, healthFactor: 2.1, collateral: [BOUNDS_ACCOUNT.collateral[0]!] };
    const second = await scan(wethOnly);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(1);
    expect(coreLt(second)[0]).toMatchObject({ origin: 'chain', minDelaySeconds: 3 * DAY, lastChangedAt: { weth: WETH_LT_CHANGED_AT } });
  });

  it('keeps no failed read: the next scan on the same upstreams asks again and reads the chain', async () => {
    const upstreams = replay.upstreams({ retries: 0, deadlineMs: 1_000 });
    const scan = () => aaveNoVoteBounds({ upstreams, signal: AbortSignal.timeout(3_000), accounts: [BOUNDS_ACCOUNT] });
    replay.server.faults.inject('ethereum', { kind: 'status', status: 503 }, 1);
    expect(coreLt(await scan())[0]!.unreadBecause).toMatch(/^its steward could not be read \(/);
    expect(coreLt(await scan())[0]).toMatchObject({ origin: 'chain' });
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(2);
  });

  for (const fault of [{ kind: 'status', status: 503 }, { kind: 'hang' }, { kind: 'malformed' }, { kind: 'wrongChain' }] as const) {
    it(`falls back to the declared defaults under ${fault.kind}, and says why`, async () => {
      replay.server.faults.inject('ethereum', fault);
      const bounds = await read(fault.kind === 'hang' ? 1_500 : 3_000);
      const [lt] = coreLt(bounds);
      const declared = AAVE_NO_VOTE_BOUNDS.bounds.find((bound) => bound.parameter === 'liquidationThreshold')!;
      expect(lt).toMatchObject({ origin: 'declared', largestStep: declared.largestStep, minDelaySeconds: declared.minDelaySeconds, source: declared.source });
      expect(lt!.lastChangedAt).toBeUndefined();
      expect(lt!.unreadBecause).toMatch(/^its steward could not be read \(/);
      if (fault.kind === 'wrongChain') expect(lt!.unreadBecause).toMatch(/serves 0x[0-9a-f]+, expected 0x1/);
      const envelope = await envelopeOf(bounds);
      const weth = envelope.assumptions.find((assumption) => assumption.subject.startsWith('WETH'))!;
      expect(weth).toMatchObject({ readFrom: 'declared', steps: 3, unreadBecause: lt!.unreadBecause });
      expect(weth.words).toContain('since its steward could not be read');
      // The same worst case as the declared defaults alone: nothing invented.
      expect(envelope.healthFactor).toEqual((await envelopeOf(AAVE_NO_VOTE_BOUNDS)).healthFactor);
    });
  }
});

describe('a steward config that reverts or has no known layout', () => {
  it('keeps that market’s declared bounds, saying so, and never claims a bound the deployed steward lacks', async () => {
    const { boundsFromRead, stewardReads, stewardAsks } = await import('../../../../shared/modules/aave/stewards/readStewardBounds.js');
    const { stewardBoundsMarkets } = await import('../../../../shared/modules/aave/stewards/stewardBoundsMarkets.js');
    const markets = stewardBoundsMarkets();
    const core = markets.find((market) => market.market === 'aave-v3-ethereum')!;
    const asks = stewardAsks(markets, [BOUNDS_ACCOUNT]);
    const answers = (config: { success: boolean; returnData: Hex }) => asks.map((ask) => (ask.kind === 'config' ? config : { success: true, returnData: debounce({}) }));
    const reverted = stewardReads(asks, answers({ success: false, returnData: '0x' }), 'ethereum').get('aave-v3-ethereum')!;
    expect(reverted.manualUnread).toMatch(/getRiskConfig\(\) reverted/);
    const kept = boundsFromRead(AAVE_NO_VOTE_BOUNDS.bounds, core, reverted).filter((bound: ParameterBound) => bound.parameter === 'liquidationThreshold' && bound.mechanisms.includes('steward'));
    expect(kept).toEqual([expect.objectContaining({ origin: 'declared', unreadBecause: reverted.manualUnread })]);
    // A first steward (24 words) has no eMode config: its eMode bounds are dropped, not declared.
    const first = stewardReads(asks, answers({ success: true, returnData: `0x${'00'.repeat(32 * 24)}` as Hex }), 'ethereum').get('aave-v3-ethereum')!;
    const fromFirst = boundsFromRead(AAVE_NO_VOTE_BOUNDS.bounds.filter((bound) => !bound.mechanisms.includes('riskOracle')), core, first);
    expect(fromFirst.some((bound: ParameterBound) => bound.parameter === 'eModeLiquidationThreshold')).toBe(false);
    // A zero debounce is bounded by one step a second, never by the declared three days.
    expect(fromFirst.find((bound: ParameterBound) => bound.parameter === 'liquidationThreshold')).toMatchObject({ origin: 'chain', minDelaySeconds: 1 });
  });
});
