import type { Wallet } from '../../../address/types.js';
import { withUsdValue } from '../../../prices/withUsdValue.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { assetOfCurrency, isLpToken } from './assetOfCurrency.js';
import type { XrplAccountState } from './readXrplAccount.js';

/**
 * The wallet's positions on the XRP Ledger: its XRP balance, with the account reserve the ledger
 * locks (base + OwnerCount × increment, xrpl.org "Reserves"), and one position per trust line it
 * holds a positive balance on. A zero line only allows holding; a negative one is the account's
 * own issued tokens held by the peer, a liability rather than a holding. LP tokens of an AMM are
 * positions of role lp. An unfunded account holds nothing. With XRP's USD price, the XRP and
 * its reserve are valued; issued tokens never are (an IOU is worth what its issuer honours). Pure.
 */
export function positionsFromAccount(state: XrplAccountState, wallet: Wallet, xrpUsd?: number): ExposurePosition[] {
  if (!state.account) return [];
  const xrp = withUsdValue(
    {
      position: { id: 'xrpl-xrp', protocol: 'xrpl', chain: 'xrpl', holding: 'liquid', asset: 'XRP', amount: dropsToXrp(state.account.Balance), user_address: wallet.address },
      inputs: {
        role: 'balance',
        ledgerReserve: {
          ownerCount: state.account.OwnerCount,
          baseDrops: state.reserves.baseDrops,
          incrementDrops: state.reserves.incrementDrops,
          ...(xrpUsd !== undefined && { priceUsd: xrpUsd }),
        },
      },
    },
    xrpUsd,
  );
  const lines = state.lines
    .map((line) => ({ ...line, amount: plainDecimal(line.balance) }))
    .filter((line) => !line.amount.startsWith('-') && /[1-9]/.test(line.amount))
    .map(({ account: issuer, currency, amount }): ExposurePosition => {
      const lp = isLpToken(currency);
      return {
        position: {
          id: lp ? `xrpl-amm-${issuer}` : `xrpl-line-${currency}-${issuer}`,
          protocol: 'xrpl',
          chain: 'xrpl',
          market: lp ? 'amm' : 'trustlines',
          holding: lp ? 'lp' : 'liquid',
          issuer,
          asset: assetOfCurrency(currency),
          amount,
          user_address: wallet.address,
        },
        // The part of the account an amendment's rules reach (amendmentFeatures.ts).
        inputs: { market: lp ? 'amm' : 'trustlines', role: lp ? 'lp' : 'balance' },
      };
    });
  return [xrp, ...lines];
}

/** Drops (a whole-number string) as XRP, exact, without trailing zeros. Pure. @example dropsToXrp('27389517749') // '27389.517749' */
export function dropsToXrp(drops: string): string {
  const whole = drops.replace(/^0+(?=\d)/, '').padStart(7, '0');
  const fraction = whole.slice(-6).replace(/0+$/, '');
  return fraction ? `${whole.slice(0, -6)}.${fraction}` : whole.slice(0, -6);
}

/**
 * rippled prints issued amounts as decimals, switching to scientific notation for very large or
 * small ones (STAmount::getText); the wire wants a plain decimal. Pure.
 *
 * @example plainDecimal('1.5e-7') // '0.00000015'
 */
export function plainDecimal(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign, int = '', frac = '', exp] = match;
  const digits = `${int}${frac}`;
  const point = int.length + Number(exp);
  const padded = point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  const trimmed = padded.includes('.') ? padded.replace(/0+$/, '').replace(/\.$/, '') : padded;
  return `${sign}${trimmed.replace(/^0+(?=\d)/, '')}`;
}
