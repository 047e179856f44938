import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { assetOfCurrency, isLpToken } from '../../../shared/modules/xrpl/exposure/assetOfCurrency.js';
import { dropsToXrp, plainDecimal, positionsFromAccount } from '../../../shared/modules/xrpl/exposure/positionsFromAccount.js';
import { xrplExposure } from '../../../shared/modules/xrpl/exposure/xrplExposure.js';
import { FEE_SETTINGS_INDEX } from '../../../shared/modules/xrpl/ledgerObjects.js';
import { UpstreamError } from '../../../shared/upstream/errors.js';
import type { Upstreams } from '../../../shared/upstream/upstreams.js';
import { expectAllSentBeforeAnswers, recorded, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();

/** The xrpl.org docs' example account, recorded in xrpl-exposure-r9cZA1.json. */
const DOCS_ACCOUNT: Wallet = { kind: 'xrpl', address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59' };
/** An account_info answered actNotFound, recorded in xrpl-exposure-unfunded.json. */
const UNFUNDED: Wallet = { kind: 'xrpl', address: 'rKp7KgcYjdEQepQLc27ZHz76ukLwE4S1CN' };

const context = (upstreams: Upstreams) => ({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });

interface RecordedLine {
  account: string;
  balance: string;
  currency: string;
}

describe('xrpl exposure on the recordings', () => {
  it("reads the docs account's XRP, its reserve inputs and the lines it holds", async () => {
    const info = recorded<{ result: { account_data: { Balance: string; OwnerCount: number } } }>(
      replay.fixtures,
      'xrpl',
      (request) => request.command === 'account_info' && request.account === DOCS_ACCOUNT.address,
    );
    const fee = recorded<{ result: { node: { ReserveBaseDrops: string; ReserveIncrementDrops: string } } }>(
      replay.fixtures,
      'xrpl',
      (request) => request.command === 'ledger_entry' && request.index === FEE_SETTINGS_INDEX,
    );
    const lines = recorded<{ result: { lines: RecordedLine[] } }>(
      replay.fixtures,
      'xrpl',
      (request) => request.command === 'account_lines' && request.account === DOCS_ACCOUNT.address,
    ).result.lines;

    const xrpUsd = recorded<{ body: { ripple: { usd: number } } }>(replay.fixtures, 'prices', (request) => (request.query as { ids?: string }).ids === 'ripple').body.ripple.usd;

    const positions = await xrplExposure().readPositions(DOCS_ACCOUNT, context(replay.upstreams()));

    const [xrp, ...held] = positions;
    const valueUsd = Math.round(27389.517749 * xrpUsd * 100) / 100;
    expect(xrp!.position).toEqual({ id: 'xrpl-xrp', protocol: 'xrpl', chain: 'xrpl', holding: 'liquid', asset: 'XRP', amount: '27389.517749', user_address: DOCS_ACCOUNT.address, valueUsd });
    expect(Number(xrp!.position.amount) * 1e6).toBeCloseTo(Number(info.result.account_data.Balance), 0);
    expect(xrp!.inputs.valueUsd).toBe(valueUsd);
    expect(xrp!.inputs.ledgerReserve).toEqual({
      ownerCount: info.result.account_data.OwnerCount,
      baseDrops: Number(fee.result.node.ReserveBaseDrops),
      incrementDrops: Number(fee.result.node.ReserveIncrementDrops),
      priceUsd: xrpUsd,
    });
    const positive = lines.filter((line) => Number(line.balance) > 0);
    expect(held.map(({ position }) => [position.asset, position.amount])).toEqual(positive.map((line) => [line.currency, line.balance]));
    expect(held.find(({ position }) => position.id === 'xrpl-line-MXN-rHpXfibHgSb64n8kK9QWDpdbfqSpYbM9a4')?.position).toMatchObject({ amount: '481.992867407479', issuer: 'rHpXfibHgSb64n8kK9QWDpdbfqSpYbM9a4', market: 'trustlines', chain: 'xrpl' });
    // Each line names its issuer, as the ledger's account_lines answer does.
    expect(held.map(({ position }) => position.issuer)).toEqual(positive.map((line) => line.account));
    expect(held.every(({ inputs }) => inputs.role === 'balance')).toBe(true);
    // Issued tokens are never valued: an IOU is worth what its issuer honours.
    expect(held.every(({ position, inputs }) => position.valueUsd === undefined && inputs.valueUsd === undefined)).toBe(true);
  });

  it('asks server_info (the mainnet check), account_info, FeeSettings and one page of lines, all at once', async () => {
    const upstreams = replay.upstreams();
    await xrplExposure().readPositions(DOCS_ACCOUNT, context(upstreams));
    expect(upstreams.counter.snapshot().xrpl).toMatchObject({ requests: 4, retries: 0 });
  });

  it('holds nothing for an unfunded account, whose lines are asked beside its account_info', async () => {
    const upstreams = replay.upstreams();
    await expect(xrplExposure().readPositions(UNFUNDED, context(upstreams))).resolves.toEqual([]);
    // server_info, account_info (actNotFound), FeeSettings, account_lines (actNotFound).
    expect(upstreams.counter.snapshot().xrpl?.requests).toBe(4);
  });

  it('sends all four requests before any answer comes back (one wait after the socket opens)', async () => {
    await expectAllSentBeforeAnswers(replay, 'xrpl', 4, (upstreams, signal) => xrplExposure().readPositions(DOCS_ACCOUNT, { signal, now: new Date(), upstreams }));
  });

  it('stops at once when the signal aborts while a retry waits out its backoff', async () => {
    replay.server.faults.inject('xrpl', { kind: 'hang' });
    // 500 ms per attempt, the socket's opening included: at 100 ms a loaded clean-clone run timed the
    // handshake out (not retried) before the abort, and the test saw that failure instead.
    const upstreams = replay.upstreams({ deadlineMs: 500, retries: 2, backoffBaseMs: 10_000, backoffMaxMs: 10_000 });
    const controller = new AbortController();
    // Past the first deadline, inside the ten-second backoff.
    setTimeout(() => controller.abort(new Error('scan deadline')), 1_500);
    const started = Date.now();
    await expect(xrplExposure().readPositions(DOCS_ACCOUNT, { signal: controller.signal, now: new Date(), upstreams })).rejects.toThrow('scan deadline');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('scan deadline'));
    await expect(xrplExposure().readPositions(DOCS_ACCOUNT, { signal: controller.signal, now: new Date(), upstreams: replay.upstreams() })).rejects.toThrow('scan deadline');
  });
});

describe('xrpl exposure under upstream faults', () => {
  const faults = [
    ['status:503', { kind: 'status', status: 503 }, 'upstream_unreachable'],
    ['hang', { kind: 'hang' }, 'upstream_timeout'],
    // xrpl.js drops a frame it cannot parse, so a garbled answer ends as a missing one.
    ['malformed', { kind: 'malformed' }, 'upstream_timeout'],
    ['wrongChain', { kind: 'wrongChain' }, 'upstream_wrong_chain'],
  ] as const;
  for (const [name, fault, code] of faults) {
    it(`rejects on ${name} with ${code}`, async () => {
      replay.server.faults.inject('xrpl', fault);
      // TEST_POLICY's short deadline: the hang and the dropped frames wait it out on each attempt.
      const error = await xrplExposure()
        .readPositions(DOCS_ACCOUNT, context(replay.upstreams(TEST_POLICY)))
        .then(
          () => undefined,
          (reason: unknown) => reason,
        );
      expect(error).toBeInstanceOf(UpstreamError);
      expect((error as UpstreamError).code).toBe(code);
    });
  }
});

describe('positionsFromAccount', () => {
  const wallet: Wallet = { kind: 'xrpl', address: 'rTEST' };
  const reserves = { baseDrops: 1_000_000, incrementDrops: 200_000 };

  it('returns nothing for an unfunded account', () => {
    expect(positionsFromAccount({ account: null, lines: [], reserves }, wallet)).toEqual([]);
  });

  it('keeps held lines only: zero lines allow holding, negative ones are owed', () => {
    const lines = [
      { account: 'rA', currency: 'USD', balance: '5' },
      { account: 'rB', currency: 'USD', balance: '0' },
      { account: 'rC', currency: 'BTC', balance: '-0.00111' },
      { account: 'rD', currency: 'EUR', balance: '1e-7' },
    ];
    const positions = positionsFromAccount({ account: { Account: 'rTEST', Balance: '20000000', OwnerCount: 3 }, lines, reserves }, wallet);
    expect(positions.map(({ position }) => [position.id, position.amount])).toEqual([
      ['xrpl-xrp', '20'],
      ['xrpl-line-USD-rA', '5'],
      ['xrpl-line-EUR-rD', '0.0000001'],
    ]);
    expect(positions[0]!.inputs.ledgerReserve).toMatchObject({ ownerCount: 3, baseDrops: 1_000_000, incrementDrops: 200_000 });
  });

  it("names an AMM's LP tokens AMM-LP, with role lp", () => {
    const lp = '03930D02208264E2E40EC1B0C09E4DB96EE197B1';
    const [, position] = positionsFromAccount(
      { account: { Account: 'rTEST', Balance: '1', OwnerCount: 1 }, lines: [{ account: 'rAMM', currency: lp, balance: '12.5' }], reserves },
      wallet,
    );
    expect(position).toMatchObject({ position: { id: 'xrpl-amm-rAMM', asset: 'AMM-LP', amount: '12.5' }, inputs: { role: 'lp' } });
  });
});

describe('currency codes and amounts', () => {
  it('reads standard, padded-ASCII, LP and other hex codes', () => {
    expect(assetOfCurrency('USD')).toBe('USD');
    expect(assetOfCurrency('524C555344000000000000000000000000000000')).toBe('RLUSD');
    expect(assetOfCurrency('03930D02208264E2E40EC1B0C09E4DB96EE197B1')).toBe('AMM-LP');
    // A 0x01 (demurrage) code is not text: it stays hex, as the recorded line has it.
    expect(assetOfCurrency('015841551A748AD2C1F76FF6ECB0CCCD00000000')).toBe('015841551A748AD2C1F76FF6ECB0CCCD00000000');
    expect(isLpToken('015841551A748AD2C1F76FF6ECB0CCCD00000000')).toBe(false);
  });

  it('turns drops into exact XRP', () => {
    expect(dropsToXrp('27389517749')).toBe('27389.517749');
    expect(dropsToXrp('9986')).toBe('0.009986');
    expect(dropsToXrp('1000000')).toBe('1');
    expect(dropsToXrp('0')).toBe('0');
  });

  it("writes rippled's scientific amounts as plain decimals", () => {
    expect(plainDecimal('1.5e-7')).toBe('0.00000015');
    expect(plainDecimal('12e3')).toBe('12000');
    expect(plainDecimal('-2.5e1')).toBe('-25');
    expect(plainDecimal('0.793598266778297')).toBe('0.793598266778297');
  });
});
