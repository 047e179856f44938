import type { ChangeType } from '../../contract/enums.js';

/** What a spell's own source says it does, for the payloads whose source we have read. */
export interface PublishedSpell {
  /** The executive's date, as the spell's @title names it. */
  date: string;
  /** The spell's @notice items, in our words and its order, cut to what a title holds. */
  does: string;
  changeType: ChangeType;
  /** Why that changeType, from the items (shape: something listed, delisted, moved or replaced; parameter: only numbers). */
  because: string;
  /** The forum post the @notice links (Spark's proposal text). */
  forum: string;
  /** The spark-spells file whose @title and @notice these are. */
  file: string;
}

/** The sparkdotfi/spark-spells commit the table was read at (archive/ holds the executed spells). */
export const SPARK_SPELLS_COMMIT = '372770a7e5a7ffbce98912d0aaebaf7ec49dbf63';

/**
 * Spark payloads by address (lower case): each spell contract's @title and @notice in
 * sparkdotfi/spark-spells at SPARK_SPELLS_COMMIT, matched to its address by the `payload = 0x…` line of
 * the same folder's Spell_<date>.t.sol. These are the five newest the StarGuard plotted by 2026-04-23
 * (test/fixtures/upstream/ethereum/spark.md). A payload not here is titled from what its views decode
 * (titleOfSpell).
 */
export const PUBLISHED_SPELLS: Readonly<Record<string, PublishedSpell>> = {
  '0x160158d029697fea486df8968f3be17a706df0f0': {
    date: '2026-04-23',
    does: 'new ETH and USDT interest rate models on SparkLend, rETH deprecated, monthly Foundation grants',
    changeType: 'shape',
    because: 'deprecates rETH (frozen, LTV 0)',
    forum: 'https://forum.skyeco.com/t/april-23-2026-proposed-changes-to-spark-for-upcoming-spell/27831',
    file: 'src/proposals/20260423/SparkEthereum_20260423.sol',
  },
  '0xfa5fc020311fcc1a467fec5886640c7dd746deaa': {
    date: '2026-04-09',
    does: 'four Liquidity Layer integrations deactivated and others configured, spUSDT, spUSDC and spETH deposit caps raised',
    changeType: 'shape',
    because: 'deactivates the Fluid sUSDS, Aave Prime USDS, Aave Core USDS and Aave Core USDC integrations',
    forum: 'https://forum.skyeco.com/t/april-9-2026-proposed-changes-to-spark-for-upcoming-spell/27804',
    file: 'archive/20260409/SparkEthereum_20260409.sol',
  },
  '0xe854ce4a58ec1baf997cca483de26b0935ae0f45': {
    date: '2026-03-26',
    does: 'WBTC reactivated on SparkLend, Anchorage USAT and USDT transfer limits, Q2 Foundation grants',
    changeType: 'shape',
    because: 'reactivates WBTC as collateral on SparkLend',
    forum: 'https://forum.skyeco.com/t/march-26-2026-proposed-changes-to-spark-for-upcoming-spell/27770',
    file: 'archive/20260326/SparkEthereum_20260326.sol',
  },
  '0x9ffadcf3afb43c1af4ec1d9b6b0405f1fbcf94d6': {
    date: '2026-03-12',
    does: 'Liquidity Layer controller upgraded to v1.10, Cap Automator to v1.1, four assets added to the kill-switch oracle',
    changeType: 'shape',
    because: 'migrates the Liquidity Layer to a new controller and SparkLend to a new Cap Automator',
    forum: 'https://forum.sky.money/t/march-12-2026-proposed-changes-to-spark-for-upcoming-spell/27741',
    file: 'archive/20260312/SparkEthereum_20260312.sol',
  },
  '0xf655f6e7843685bfd8cfa4523d43f2b9922bbd77': {
    date: '2026-02-26',
    does: 'Paxos and a Morpho v2 USDT vault onboarded to the Liquidity Layer, USDT rate limits raised, grants and SPK buybacks',
    changeType: 'shape',
    because: 'onboards Paxos and a Morpho v2 USDT vault to the Liquidity Layer',
    forum: 'https://forum.sky.money/t/february-26-2026-proposed-changes-to-spark-for-upcoming-spell/27719',
    file: 'archive/20260226/SparkEthereum_20260226.sol',
  },
};
