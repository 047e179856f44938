/**
 * The asset name of an XRPL currency code. Standard codes are three characters; others are 160-bit
 * hex. An AMM's LP token starts with byte 0x03 (xrpl.org "AMM", LP Token Currency Codes), and is
 * named AMM-LP as the ledger's AMM amendments name it. A hex code that is printable ASCII padded
 * with zeros (a common way to spell longer tickers) reads as that text; any other stays hex (e.g.
 * 0x01 demurrage codes). Pure.
 *
 * @example assetOfCurrency('USD') // 'USD'
 * @example assetOfCurrency('524C555344000000000000000000000000000000') // 'RLUSD'
 */
export function assetOfCurrency(currency: string): string {
  if (!/^[0-9A-Fa-f]{40}$/.test(currency)) return currency;
  if (isLpToken(currency)) return 'AMM-LP';
  const text = Buffer.from(currency.replace(/(00)+$/, ''), 'hex').toString('latin1');
  return /^[\x21-\x7e]{1,20}$/.test(text) ? text : currency.toUpperCase();
}

/** Whether a currency code is an AMM LP token's (160-bit code whose first byte is 0x03). Pure. */
export const isLpToken = (currency: string): boolean => /^03[0-9A-Fa-f]{38}$/.test(currency);
