import type { ParameterChange } from '../domain/parameterChange.js';
import type { ParameterKind } from '../domain/parameterKind.js';
import { labelReader } from './parameterLabels.js';
import { type IsPlace, parseParameterTables } from './parseParameterTables.js';

export interface TableChangesOptions {
  protocol: string;
  /** Where the row was read, for the change's evidence, e.g. `Snapshot 0x5a… body`. */
  where: string;
  /**
   * The market a row names in its other columns (chain, network…) or, failing those, the lines above
   * its table name, in the protocol's own naming; several when the row applies to several markets.
   */
  marketOf?: (context: Record<string, string>, above: string[]) => string | string[] | undefined;
  /** The module's own parameter kinds, whose table labels are read beside the shared ones. */
  kinds?: readonly ParameterKind[];
  /**
   * Whether a column header names a market ("| Parameter | Ethereum | Arbitrum |" holds one value per
   * market). By default, a header that marketOf places on one market with nothing above it.
   */
  isPlace?: IsPlace;
}

/**
 * The parameter tables of a proposal's Markdown body as ParameterChanges: only what the text says,
 * so never verified (the simulator shows them and does not quantify them). Pure.
 *
 * @example tableChanges(body, { protocol: slug, where: `proposal ${id} body` })
 */
export function tableChanges(markdown: string, { protocol, where, marketOf, kinds, isPlace }: TableChangesOptions): ParameterChange[] {
  const place: IsPlace = isPlace ?? ((header) => typeof marketOf?.({ market: header }, []) === 'string');
  return parseParameterTables(markdown, labelReader(kinds), place).flatMap((row) => {
    const named = marketOf?.(row.context, row.above);
    const markets = Array.isArray(named) ? (named.length > 0 ? named : [undefined]) : [named];
    return markets.map((market) => ({
      protocol,
      ...(market && { market }),
      ...(row.asset && { asset: row.asset }),
      ...(row.eModeCategory !== undefined && { eModeCategory: row.eModeCategory }),
      ...(row.eModeLabel !== undefined && { eModeLabel: row.eModeLabel }),
      parameter: row.parameter,
      ...(row.from !== undefined && { from: row.from }),
      to: row.to,
      unit: row.unit,
      evidence: `${where} table row ${row.row}`,
      verified: false,
    }));
  });
}
