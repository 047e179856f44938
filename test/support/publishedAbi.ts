import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Abi, type AbiParameter, toEventSelector, toFunctionSelector } from 'viem';

/*
 * The ABIs the protocols publish, to prove that every function and event we call or decode exists
 * there with the same types: a hand-written fragment that drifted (an older StarGuard, a retired
 * struct) would otherwise pass every test encoded with that same fragment.
 */

// By path: neither package exports its package.json or every ABI file.
const packageDir = (name: string) => join(fileURLToPath(new URL('../../node_modules/', import.meta.url)), name);

/**
 * An ABI file of @aave-dao/aave-address-book's dist/abis/ (generated from the deployed
 * interfaces). Imported by path: the package exports only an index that leaves some out.
 */
export async function addressBookAbi(name: string): Promise<Abi> {
  const file = join(packageDir('@aave-dao/aave-address-book'), 'dist', 'abis', `${name}.mjs`);
  const module = (await import(pathToFileURL(file).href)) as Record<string, Abi>;
  return module[`${name}_ABI`]!;
}

/** A Hardhat artifact's ABI from @aave/core-v3 (v3.0.x, the version SparkLend forked), e.g. `interfaces/IPool.sol/IPool`. */
export function aaveCoreV3Abi(path: string): Abi {
  const file = join(packageDir('@aave/core-v3'), 'artifacts', 'contracts', `${path}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { abi: Abi }).abi;
}

/**
 * The ABIs of a snapshot in test/fixtures/abis/ (made by snapshotAbi.ts from a protocol's repository
 * at a named commit, where no package publishes them), by contract name.
 */
export function snapshotAbis(file: string): Record<string, Abi> {
  const snapshot = JSON.parse(readFileSync(new URL(`../fixtures/abis/${file}.json`, import.meta.url), 'utf8')) as { abis: Record<string, Abi> };
  return snapshot.abis;
}

/** A parameter's canonical type, tuples spelled out: what decoding depends on (names do not). */
function canonicalType(parameter: AbiParameter): string {
  if (!parameter.type.startsWith('tuple')) return parameter.type;
  const components = (parameter as { components: readonly AbiParameter[] }).components.map(canonicalType).join(',');
  return `(${components})${parameter.type.slice('tuple'.length)}`;
}

/** What must agree for a call or a log to decode alike: selector or topic, outputs, indexed flags. */
function shapeOf(item: Abi[number]): { key: string; shape: string } | undefined {
  if (item.type === 'function') return { key: toFunctionSelector(item), shape: (item.outputs ?? []).map(canonicalType).join(',') };
  if (item.type === 'event') return { key: toEventSelector(item), shape: item.inputs.map((input) => `${input.indexed ? 'indexed ' : ''}${canonicalType(input)}`).join(',') };
  return undefined;
}

/**
 * The items of `ours` that the published ABIs lack or disagree with, each as
 * `name: why`. Empty when every function (selector and outputs) and event (topic and indexed
 * inputs) of ours is published.
 */
export function unpublishedItems(ours: Abi, published: readonly Abi[]): string[] {
  const known = new Map<string, string[]>();
  for (const item of published.flat()) {
    const shape = shapeOf(item);
    if (shape) known.set(shape.key, [...(known.get(shape.key) ?? []), shape.shape]);
  }
  return ours.flatMap((item) => {
    const shape = shapeOf(item);
    if (!shape) return [];
    const name = 'name' in item ? item.name : item.type;
    const shapes = known.get(shape.key);
    if (!shapes) return [`${name}: no published ${item.type} has selector ${shape.key}`];
    return shapes.includes(shape.shape) ? [] : [`${name}: published as (${shapes.join(' | ')}), ours (${shape.shape})`];
  });
}
