/**
 * What part of an account an amendment changes the rules of, as the exposure names its positions'
 * markets: `amm` (LP tokens of an AMM pool), `trustlines` (issued tokens held on trust lines), or a
 * part this module does not read (`nft`, `did`, `oracle`, `bridge`, `metadata`), which no position
 * has, so such an amendment reaches nobody's positions. Facts from xrpl.org Known Amendments and the
 * XLS standards (XLS-30 AMM, XLS-39 Clawback, XLS-73 AMMClawback, XLS-77 Deep Freeze); an amendment
 * not listed here stays unclassified (the simulator says its changes are not machine-readable).
 */
export const AMENDMENT_FEATURES: Readonly<Record<string, { market: string; what: string }>> = {
  AMM: { market: 'amm', what: 'automated market maker pools' },
  fixAMMOverflowOffer: { market: 'amm', what: 'how AMM pools trade through the payment engine' },
  fixAMMv1_1: { market: 'amm', what: 'AMM pool rounding and offers' },
  fixAMMv1_2: { market: 'amm', what: 'AMM pool rounding and offers' },
  AMMClawback: { market: 'amm', what: 'token issuers clawing back their tokens from AMM pools' },
  fixFrozenLPTokenTransfer: { market: 'amm', what: 'transfers of LP tokens whose pool holds a frozen asset' },
  Clawback: { market: 'trustlines', what: 'token issuers clawing back issued tokens' },
  DeepFreeze: { market: 'trustlines', what: 'issuers deep-freezing trust lines' },
  fixTrustLinesToSelf: { market: 'trustlines', what: 'trust lines an account holds to itself' },
  fixNFTokenReserve: { market: 'nft', what: 'NFT offers and reserves' },
  DynamicNFT: { market: 'nft', what: 'mutable NFTs' },
  DID: { market: 'did', what: 'decentralized identifiers' },
  fixEmptyDID: { market: 'did', what: 'decentralized identifiers' },
  PriceOracle: { market: 'oracle', what: 'price oracles' },
  XChainBridge: { market: 'bridge', what: 'cross-chain bridges' },
  fixXChainRewardRounding: { market: 'bridge', what: 'cross-chain bridge rewards' },
  fixPreviousTxnID: { market: 'metadata', what: 'the PreviousTxnID field of ledger entries' },
};
