import type { ParameterChange } from '../domain/parameterChange.js';
import type { ParameterKind } from '../domain/parameterKind.js';
import { labelReader } from './parameterLabels.js';
import { parseParameterTables } from './parseParameterTables.js';

export interface TableChangesOptions {
  protocol: string;
  /** Where the row was read, for the change's evidence, e.g. `Snapshot 0x5a… body`. */
  where: string;
  /** The market a row names in its other columns (chain, network…), in the protocol's own naming. */
  marketOf?: (context: Record<string, string>) => string | undefined;
  /** The module's own parameter kinds, whose table labels are read beside the shared ones. */
  kinds?: readonly ParameterKind[];
}

/**
 * The parameter tables of a proposal's Markdown body as ParameterChanges: only what the text says,
 * so never verified (the simulator shows them and does not quantify them). Pure.
 *
 * @example tableChanges(body, { protocol: slug, where: `proposal ${id} body` })
 */
export function tableChanges(markdown: string, { protocol, where, marketOf, kinds }: TableChangesOptions): ParameterChange[] {
  return parseParameterTables(markdown, labelReader(kinds)).map((row) => {
    const market = marketOf?.(row.context);
    return {
      protocol,
      ...(market && { market }),
      ...(row.asset && { asset: row.asset }),
      ...(row.eModeCategory !== undefined && { eModeCategory: row.eModeCategory }),
      parameter: row.parameter,
      ...(row.from !== undefined && { from: row.from }),
      to: row.to,
      unit: row.unit,
      evidence: `${where} table row ${row.row}`,
      verified: false,
    };
  });
}
