import * as z from 'zod';
import { MODULE_INFOS } from '../modules/registry.js';
import { kindsOf } from '../simulate/registered.js';
import { whatIfInput } from './whatIfInput.js';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; minimum?: number; maximum?: number; enum?: unknown[]; anyOf?: Schema[]; oneOf?: Schema[]; const?: unknown };

/** A JSON schema as one line a person reads: `{ asset: string, suppliedUsd?: number ≥ 0 }`. */
function shapeOf(schema: Schema): string {
  // A discriminated union (a module's accounts of two shapes, say a pool's and a spoke's) is a oneOf.
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf)!.map(shapeOf).join(' | ');
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'object' && schema.properties) {
    const required = new Set(schema.required ?? []);
    return `{ ${Object.entries(schema.properties).map(([name, field]) => `${name}${required.has(name) ? '' : '?'}: ${shapeOf(field)}`).join(', ')} }`;
  }
  if (schema.type === 'array') return `[${schema.items ? shapeOf(schema.items) : ''}, …]`;
  if (schema.type === 'number' || schema.type === 'integer') {
    if (schema.minimum !== undefined && schema.maximum !== undefined) return `${schema.type} ${schema.minimum}–${schema.maximum}`;
    return schema.minimum !== undefined ? `${schema.type} ≥ ${schema.minimum}` : String(schema.type);
  }
  return String(schema.type ?? 'any');
}

/**
 * `npm run simulate -- --help`: the input formats, made from the same schemas the command parses
 * with and the registered parameter kinds (so it cannot drift from what is accepted).
 */
export async function whatIfHelp(): Promise<string> {
  const { whatIfOf } = await whatIfInput();
  const offered = MODULE_INFOS.filter((module) => module.whatIf);
  const kinds = [...kindsOf(MODULE_INFOS).values()];
  const unitWords: Record<string, string> = { bps: 'a share as a fraction (0.8 for 80 %)', fraction: 'a fraction (yearly rates and fees; shares 0 to 1)', drops: 'XRP in whole units', tokens: 'an amount of tokens', state: 'a word' };
  return [
    'usage: npm run simulate -- FILE.json   (or - to read standard input; --help for this text)',
    '',
    'Input: { "protocol": …, "account": …, and either "changes": [ … ] or "proposal": { "title": string, "description": string } }',
    'Every share is a fraction (0.83, never 83), money is USD, a ledger\'s coin is in whole units; numbers are JSON numbers, never strings.',
    `A change: ${shapeOf(z.toJSONSchema(z.strictObject({ parameter: z.string(), to: z.union([z.number(), z.string()]), from: z.union([z.number(), z.string()]).optional(), asset: z.string().optional(), market: z.string().optional(), side: z.enum(['supply', 'borrow']).optional(), eModeCategory: z.number().int().min(1).max(255).optional(), configKey: z.number().int().min(0).optional() }), { io: 'input' }) as Schema)}`,
    '',
    'Parameters, by the unit their values are given in:',
    ...Object.entries(unitWords).map(([unit, words]) => {
      const names = kinds.filter((kind) => kind.unit === unit).map((kind) => kind.name);
      return names.length === 0 ? '' : `  ${words}: ${names.join(', ')}`;
    }).filter(Boolean),
    '',
    'Accounts, by protocol:',
    ...offered.map((module) => `  ${module.slug}: ${shapeOf(z.toJSONSchema(whatIfOf(module.slug).account, { io: 'input', unrepresentable: 'any' }) as Schema)}`),
    '',
    'Output: { impact, changes: [ …each with its verdict against the account ], healthFactor: { before, after } for an account with debt }.',
    'Bad input: a message naming the field on standard error, exit code 2.',
  ].join('\n');
}
