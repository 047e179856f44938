import * as z from 'zod';
import { ImpactLevel, ProposalStatus, ProtocolSlug, View } from './enums.js';

/**
 * Query and path parameters as documented and as validated: the parser only undoes the wire
 * encoding (comma lists, digits) and then validates with these very schemas.
 */
const commaList = { style: 'form', explode: false } as const;

export const QueryParams = {
  view: View.default('full').meta({ description: 'compact strips proposal bodies down to triage fields.' }),
  protocol: z
    .array(ProtocolSlug)
    .min(1)
    .meta({
      description: 'Comma list of protocol slugs. Narrows positions and proposals, and skips the other modules’ upstream calls.',
      param: commaList,
    }),
  status: z
    .array(ProposalStatus)
    .min(1)
    .meta({ description: 'Comma list of lifecycle states to keep.', param: commaList }),
  minImpact: ImpactLevel.meta({
    description: 'Keep proposals at least this material (critical > high > medium > low > none). Needs a wallet.',
  }),
  since: z.iso.date().meta({ description: 'Drop proposals first seen before this UTC date (YYYY-MM-DD).', example: '2026-11-01' }),
  includeSpam: z.boolean().default(false).meta({
    description:
      'true brings back proposals held back as spam or phishing (each then carries `spam`: the rule it met and why). GET /api states the rules and how many proposals each holds back.',
  }),
  limit: z.int().min(1).max(200).default(50).meta({ description: 'Proposals to return, 1 to 200; never clamped.' }),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,1000}$/)
    .meta({
      description:
        'The nextCursor of the previous page, unchanged: the next page starts after that page’s last proposal in the same order. Opaque; send it with the same filters. A cursor this API did not issue is 400 invalid_input.',
    }),
  address: z.string().meta({ description: 'A wallet (evm, solana, cosmos, xrpl) or an ens name.' }),
  name: z.string().meta({ description: 'An ens name, for example vitalik.eth.' }),
};

/** Every query parameter some endpoint takes, by its exact (case-sensitive) name. */
export type QueryName = keyof typeof QueryParams;

export const ProposalIdParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/)
  .meta({ description: '{protocol}-{source}-{nativeId}, as returned by the feed endpoints.', example: `${ProtocolSlug.options[0]}-gov-1` });

export const AddressParam = QueryParams.address;
