import { describe, expect, it } from 'vitest';
import { sharedReads, type UpstreamReadMemo, upstreamReadMemo } from '../../shared/upstream/upstreamReadMemo.js';
import type { Upstream } from '../../shared/upstream/upstreams.js';

/** sharedReads for one key. */
const sharedRead = <T>(memo: UpstreamReadMemo<Promise<T>>, upstream: Upstream, key: string, read: () => Promise<T>, now: number): Promise<T> =>
  sharedReads(memo, upstream, [key], async () => [await read()], now).then(([value]) => value!);
import { createUpstreams } from '../../shared/upstream/upstreams.js';

/*
 * The memo the readers of contract-held bounds keep between scans, on plain values and times (no
 * clock, no request: `at` and `now` are given).
 */
const upstreams = () => createUpstreams({ endpoints: { ethereum: 'http://memo.invalid/', base: 'http://memo-base.invalid/' }, env: {} });
const T0 = 1_795_000_000_000;

describe('a memo of reads per upstream', () => {
  it('stands for forMs after the read, then is stale but still the last read, with when it was read', () => {
    const { ethereum } = upstreams();
    const memo = upstreamReadMemo<string>(60_000);
    memo.keep(ethereum, 'bounds', 'read at T0', T0);
    expect(memo.fresh(ethereum, 'bounds', T0 + 59_999)).toEqual({ value: 'read at T0', at: T0 });
    expect(memo.fresh(ethereum, 'bounds', T0 + 60_000)).toBeUndefined();
    expect(memo.last(ethereum, 'bounds')).toEqual({ value: 'read at T0', at: T0 });
  });

  it('keeps each upstream object’s and each key’s reads apart', () => {
    const first = upstreams();
    const second = upstreams();
    const memo = upstreamReadMemo<string>(60_000);
    memo.keep(first.ethereum, 'a', 'first ethereum a', T0);
    memo.keep(first.base, 'a', 'first base a', T0);
    memo.keep(first.ethereum, 'b', 'first ethereum b', T0);
    expect(memo.fresh(first.ethereum, 'a', T0)?.value).toBe('first ethereum a');
    expect(memo.fresh(first.base, 'a', T0)?.value).toBe('first base a');
    expect(memo.fresh(first.ethereum, 'b', T0)?.value).toBe('first ethereum b');
    // The same upstream id on other services (another process's, another test's) sees nothing.
    expect(memo.last(second.ethereum, 'a')).toBeUndefined();
    // Two memos share nothing either.
    expect(upstreamReadMemo<string>(60_000).last(first.ethereum, 'a')).toBeUndefined();
  });

  it('forgets a read, or only the one given when a newer read replaced it', () => {
    const { ethereum } = upstreams();
    const memo = upstreamReadMemo<string>(60_000);
    memo.keep(ethereum, 'bounds', 'older', T0);
    memo.keep(ethereum, 'bounds', 'newer', T0 + 1);
    memo.forget(ethereum, 'bounds', 'older');
    expect(memo.last(ethereum, 'bounds')?.value).toBe('newer');
    memo.forget(ethereum, 'bounds');
    expect(memo.last(ethereum, 'bounds')).toBeUndefined();
  });

  it('drops other keys’ expired reads when it keeps one, so ever new keys do not pile up', () => {
    const { ethereum } = upstreams();
    const memo = upstreamReadMemo<string>(60_000);
    memo.keep(ethereum, 'old', 'old', T0);
    memo.keep(ethereum, 'recent', 'recent', T0 + 30_000);
    memo.keep(ethereum, 'new', 'new', T0 + 60_000);
    expect(memo.last(ethereum, 'old')).toBeUndefined();
    expect(memo.last(ethereum, 'recent')?.value).toBe('recent');
  });
});

describe('a read shared through the memo', () => {
  const counted = <T>(answer: () => Promise<T>) => {
    const read = Object.assign(() => (read.calls++, answer()), { calls: 0 });
    return read;
  };

  it('is started once for the callers in flight and for forMs after it started, then again', async () => {
    const { ethereum } = upstreams();
    const memo = upstreamReadMemo<Promise<number>>(60_000);
    let answer!: (value: number) => void;
    const read = counted(() => new Promise<number>((resolve) => (answer = resolve)));
    const first = sharedRead(memo, ethereum, 'k', read, T0);
    const second = sharedRead(memo, ethereum, 'k', read, T0 + 10);
    answer(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(await sharedRead(memo, ethereum, 'k', read, T0 + 59_999)).toBe(7);
    expect(read.calls).toBe(1);
    const later = sharedRead(memo, ethereum, 'k', read, T0 + 60_000);
    answer(8);
    expect(await later).toBe(8);
    expect(read.calls).toBe(2);
  });

  it('is not kept when it fails: its callers get the failure, the next caller asks again', async () => {
    const { ethereum } = upstreams();
    const memo = upstreamReadMemo<Promise<number>>(60_000);
    const failing = counted(() => Promise.reject(new Error('503')));
    await expect(sharedRead(memo, ethereum, 'k', failing, T0)).rejects.toThrow('503');
    expect(memo.last(ethereum, 'k')).toBeUndefined();
    const answering = counted(() => Promise.resolve(9));
    expect(await sharedRead(memo, ethereum, 'k', answering, T0 + 1)).toBe(9);
    expect([failing.calls, answering.calls]).toEqual([1, 1]);
  });

  it('a failure forgets only its own read, not a newer one started after the minute', async () => {
    const { ethereum } = upstreams();
    const memo = upstreamReadMemo<Promise<number>>(60_000);
    let fail!: (error: Error) => void;
    const old = sharedRead(memo, ethereum, 'k', () => new Promise<number>((_, reject) => (fail = reject)), T0);
    const newer = sharedRead(memo, ethereum, 'k', () => Promise.resolve(10), T0 + 60_000);
    fail(new Error('late failure'));
    await expect(old).rejects.toThrow('late failure');
    expect(await newer).toBe(10);
    expect(await memo.last(ethereum, 'k')?.value).toBe(10);
  });

  it('reads together only the keys not held, each once, and answers every key in the order asked', async () => {
    const { ethereum } = upstreams();
    const memo = upstreamReadMemo<Promise<string>>(60_000);
    const asked: (readonly string[])[] = [];
    const read = async (missing: readonly string[]) => (asked.push(missing), missing.map((key) => `value of ${key}`));
    expect(await sharedReads(memo, ethereum, ['config', 'weth', 'config'], read, T0)).toEqual(['value of config', 'value of weth', 'value of config']);
    // A second caller within the minute: only what the first did not ask.
    expect(await sharedReads(memo, ethereum, ['wbtc', 'config', 'weth'], read, T0 + 1_000)).toEqual(['value of wbtc', 'value of config', 'value of weth']);
    expect(await sharedReads(memo, ethereum, ['weth', 'wbtc'], read, T0 + 2_000)).toEqual(['value of weth', 'value of wbtc']);
    expect(asked).toEqual([['config', 'weth'], ['wbtc']]);
  });

  it('forgets every key of a failed read, and only those', async () => {
    const { ethereum } = upstreams();
    const memo = upstreamReadMemo<Promise<string>>(60_000);
    await sharedReads(memo, ethereum, ['config'], async (missing) => missing.map(() => 'held'), T0);
    await expect(sharedReads(memo, ethereum, ['config', 'weth', 'wbtc'], () => Promise.reject(new Error('503')), T0 + 1)).rejects.toThrow('503');
    expect(memo.last(ethereum, 'weth')).toBeUndefined();
    expect(memo.last(ethereum, 'wbtc')).toBeUndefined();
    expect(await memo.last(ethereum, 'config')?.value).toBe('held');
  });
});
