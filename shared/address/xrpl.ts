import { isValidClassicAddress, isValidXAddress } from 'ripple-address-codec';

/**
 * An XRP Ledger account: a classic r-address or an X-address, both checksummed, kept verbatim.
 * ripple-address-codec is the codec the xrpl client itself validates with; importing it alone keeps
 * the whole xrpl client out of every handler that only parses addresses.
 */
export function parseXrplAddress(input: string): string | null {
  if (!/^[rX][1-9A-HJ-NP-Za-km-z]{24,50}$/.test(input)) return null;
  return isValidClassicAddress(input) || isValidXAddress(input) ? input : null;
}
