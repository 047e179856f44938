import { chainName } from '../../upstream/chainNames.js';

/**
 * A Morpho market as people name it, from the simulator's names (vaultMarket.ts, the exposure's
 * blueMarket): `metamorpho-<chain>-<vault>` → "Morpho vault on Base", `morpho-blue-<chain>-<id>` →
 * "Morpho Blue market on Ethereum", a vault's change on one of its markets
 * (`<vault market>:sUSDe/DAI 86%`) → "Morpho vault on Ethereum, sUSDe/DAI 86% market". The vault's
 * own name travels on its position (Position.name): this file stays free of the vault list and its
 * chain library. Undefined for a name that is not a Morpho market's. Pure.
 *
 * @example morphoMarketName('metamorpho-base-0xc125…') // 'Morpho vault on Base'
 */
export function morphoMarketName(market: string): string | undefined {
  const [vault, blue] = splitOnce(market, ':');
  const vaultMatch = /^metamorpho-([a-z]+)-0x[0-9a-f]+$/.exec(vault);
  if (vaultMatch) return `Morpho vault on ${chainName(vaultMatch[1]!)}${blue ? `, ${blue} market` : ''}`;
  const blueMatch = /^morpho-blue-([a-z]+)-0x[0-9a-f]+$/.exec(market);
  return blueMatch ? `Morpho Blue market on ${chainName(blueMatch[1]!)}` : undefined;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
