import * as z from 'zod';
import { PROTOCOL_SLUGS } from '../modules/slugs.js';
import { WIRE_ERROR_CODES } from './errors.js';

export const DateTime = z.iso.datetime({ offset: true });

export const SourceLink = z
  .object({
    url: z.url(),
    label: z.string().meta({ example: 'View on Tally' }),
  })
  .meta({ id: 'SourceLink', description: 'Where a proposal came from.' });

export const ScanDegradation = z
  .object({
    module: z.string().meta({ description: `Protocol module slug, for example ${PROTOCOL_SLUGS[0]}.` }),
    component: z.enum(['source', 'exposure']),
    chain: z
      .string()
      .optional()
      .meta({ description: 'The chain that failed, as its upstream is named (`arbitrum`), when a module reads several: its other chains’ positions are in the answer.', example: 'arbitrum' }),
    message: z.string(),
  })
  .meta({
    id: 'ScanDegradation',
    description:
      'A source or adapter that failed. A protocol listed here could not be checked; it never means no position.',
  });

export const ErrorEnvelope = z
  .object({
    error: z.string().meta({ description: 'Human-readable message; names the bad value on a 400.' }),
    code: z.enum(WIRE_ERROR_CODES as [string, ...string[]]),
    hint: z.string().meta({ description: 'What to do next; one fixed hint per code.' }),
  })
  .meta({ id: 'ErrorEnvelope' });

export type SourceLink = z.infer<typeof SourceLink>;
export type ScanDegradation = z.infer<typeof ScanDegradation>;
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
