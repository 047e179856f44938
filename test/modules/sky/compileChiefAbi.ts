import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/*
 * Writes test/fixtures/sky-chief/Chief@11f7c6d.json: the ABI solc-js compiles from makerdao/chief
 * src/Chief.sol at that commit (the chief the 2025-05-15 spell made MCD_ADM), with the repository's
 * foundry.toml settings. Where a snapshot of the repository is on the machine:
 *   CHIEF_GIT=<git dir> npx tsx test/modules/sky/compileChiefAbi.ts
 */
const COMMIT = '11f7c6d893ef13932bcb01cf27d6b2d6ea58f7df';
const gitDir = process.env.CHIEF_GIT ?? '/work/.mirror/makerdao+chief/repo';
const solc = createRequire(import.meta.url)('solc') as { version(): string; compile(input: string): string };

type Entry = { internalType?: string; inputs?: Entry[]; outputs?: Entry[]; components?: Entry[] } & Record<string, unknown>;
const withoutInternalTypes = ({ internalType: _, ...entry }: Entry): Entry => ({
  ...entry,
  ...(entry.inputs && { inputs: entry.inputs.map(withoutInternalTypes) }),
  ...(entry.outputs && { outputs: entry.outputs.map(withoutInternalTypes) }),
  ...(entry.components && { components: entry.components.map(withoutInternalTypes) }),
});

const content = execFileSync('git', [`--git-dir=${gitDir}`, 'show', `${COMMIT}:src/Chief.sol`], { encoding: 'utf8' });
const input = { language: 'Solidity', sources: { 'src/Chief.sol': { content } }, settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai', outputSelection: { '*': { Chief: ['abi'] } } } };
const output = JSON.parse(solc.compile(JSON.stringify(input))) as { errors?: { severity: string; message: string }[]; contracts: Record<string, Record<string, { abi: Entry[] }>> };
const errors = output.errors?.filter((error) => error.severity === 'error') ?? [];
if (errors.length > 0) throw new Error(errors.map((error) => error.message).join('\n'));
const abi = output.contracts['src/Chief.sol']!.Chief!.abi.map(withoutInternalTypes);
const fixture = {
  source: `makerdao/chief src/Chief.sol @${COMMIT}`,
  notes: `The ABI solc-js ${solc.version()} (the solc package of this repository) produces for the Chief contract of that source (the chief the 2025-05-15 spell made MCD_ADM: 0x929d9A1435662357F54AdcF64DcEE4d6b867a6f9, whose MigrationInit requires liftCooldown(), added at f039080; src/Chief.sol is unchanged from there to this commit), compiled on 2026-11-26 from a snapshot of the public repository (no package publishes it) with its foundry.toml settings (optimizer 200 runs, evm shanghai); internalType fields dropped. Facts only: the source itself is not copied. Written by test/modules/sky/compileChiefAbi.ts.`,
  abi,
};
writeFileSync(join(import.meta.dirname, '../../fixtures/sky-chief/Chief@11f7c6d.json'), `${JSON.stringify(fixture, null, 1)}\n`);
