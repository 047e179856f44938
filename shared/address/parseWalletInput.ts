import { invalidAddress } from '../contract/errors.js';
import { loadOnce } from '../stores/lazyStores.js';
import type { WalletInput } from './types.js';

const MAX_INPUT_LENGTH = 300;
/** `0x….json`, `vitalik.eth.html`: a path written as a file, which no ens name (and no DNS top-level domain) ends in. */
const FILE_SUFFIX = /\.(json|html?|txt|xml|csv)$/i;

export interface ParseWalletInputOptions {
  /** Bech32 prefixes of the cosmos chains the modules serve. */
  cosmosPrefixes: readonly string[];
}

/**
 * Each kind's parser, imported on first use and then kept: an import() of a module already loaded
 * still goes through the loader (under tsx, a round trip to its worker, about 0.25 ms), which the
 * profile of cached scans showed on top when it ran on every request.
 */
const PARSERS = {
  evm: loadOnce(() => import('./evm.js')),
  ens: loadOnce(() => import('./ens.js')),
  cosmos: loadOnce(() => import('./cosmos.js')),
  xrpl: loadOnce(() => import('./xrpl.js')),
  solana: loadOnce(() => import('./solana.js')),
};

/** `0x…`: an evm address or nothing (no other kind starts so). */
const looksLikeEvm = (input: string): boolean => /^0x/i.test(input);

/**
 * Detects the kind of a wallet typed by a caller and returns it in canonical form.
 * Order matters (positions.md §9): the XRPL alphabet is a permutation of Bitcoin's base58, so the
 * xrpl check runs before the solana one; anything with a dot is an ens name.
 * Each kind's parser is imported when the input reaches it: an evm address loads ox's checksum
 * alone, never ENSIP-15's tables or the solana, xrpl and bech32 codecs (about 20 ms of every wallet
 * function's cold start when they were all imported up front).
 *
 * @throws ApiError invalid_address naming the value.
 * @example parseWalletInput('vitalik.eth', { cosmosPrefixes: ['cosmos'] }) // { kind: 'ens', name: 'vitalik.eth' }
 */
export async function parseWalletInput(raw: string, options: ParseWalletInputOptions): Promise<WalletInput> {
  const input = raw.trim();
  const shown = JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);
  if (input.length === 0 || input.length > MAX_INPUT_LENGTH) {
    throw invalidAddress(`${shown} is not a wallet address or ens name`);
  }
  if (looksLikeEvm(input)) {
    const { parseEvmAddress } = await PARSERS.evm();
    const address = parseEvmAddress(input);
    if (address) return { kind: 'evm', address };
    throw invalidAddress(`${shown} is not a valid evm address (0x and 40 hex digits; mixed case must match its EIP-55 checksum)`);
  }
  if (FILE_SUFFIX.test(input)) {
    throw invalidAddress(`${shown} ends in a file extension: pass the address or ens name alone (every answer is JSON already)`);
  }
  if (input.includes('.')) {
    const { parseEnsName } = await PARSERS.ens();
    const name = parseEnsName(input);
    if (name) return { kind: 'ens', name };
    throw invalidAddress(`${shown} is not a valid ens name (ENSIP-15)`);
  }
  const { bech32PrefixOf, parseCosmosAddress } = await PARSERS.cosmos();
  const cosmos = parseCosmosAddress(input, options.cosmosPrefixes);
  if (cosmos) return { kind: 'cosmos', address: cosmos };
  const prefix = bech32PrefixOf(input);
  if (prefix !== null) {
    // A valid bech32 string of a chain no module serves (osmo1…, cosmosvaloper1…) is not a solana key,
    // even when its characters happen to be base58.
    throw invalidAddress(
      options.cosmosPrefixes.includes(prefix)
        ? `${shown} is not a ${prefix} account address (an account holds 20 or 32 bytes)`
        : `${shown} is a bech32 address with prefix ${prefix}, which no module serves (served: ${options.cosmosPrefixes.join(', ')})`,
    );
  }
  const { parseXrplAddress } = await PARSERS.xrpl();
  const xrpl = parseXrplAddress(input);
  if (xrpl) return { kind: 'xrpl', address: xrpl };
  const { parseSolanaAddress } = await PARSERS.solana();
  const solana = parseSolanaAddress(input);
  if (solana) return { kind: 'solana', address: solana };
  throw invalidAddress(`${shown} is not an evm, solana, cosmos or xrpl address, nor an ens name`);
}
