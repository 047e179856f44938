import * as z from 'zod';
import { ImpactLevel, Mechanism, ProposalStatus, ProtocolSlug, View } from './enums.js';
import { PARAMETER_DOCS } from './queryDocs.js';

/**
 * Query and path parameters as documented and as validated: the parser only undoes the wire
 * encoding (comma lists, digits) and then validates with these very schemas.
 */
const commaList = { style: 'form', explode: false } as const;

export const QueryParams = {
  view: View.default('full').meta({ description: PARAMETER_DOCS.view }),
  protocol: z.array(ProtocolSlug).min(1).meta({ description: PARAMETER_DOCS.protocol, param: commaList }),
  status: z.array(ProposalStatus).min(1).meta({ description: PARAMETER_DOCS.status, param: commaList }),
  mechanism: z.array(Mechanism).min(1).meta({ description: PARAMETER_DOCS.mechanism, param: commaList }),
  minImpact: ImpactLevel.meta({ description: PARAMETER_DOCS.minImpact }),
  since: z.iso.date().meta({ description: PARAMETER_DOCS.since, example: '2026-11-01' }),
  includeSpam: z.boolean().default(false).meta({ description: PARAMETER_DOCS.includeSpam }),
  limit: z.int().min(1).max(200).default(50).meta({ description: PARAMETER_DOCS.limit }),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,1000}$/)
    .meta({ description: PARAMETER_DOCS.cursor }),
  address: z.string().meta({ description: PARAMETER_DOCS.address }),
  name: z.string().meta({ description: PARAMETER_DOCS.name }),
} satisfies Record<keyof typeof PARAMETER_DOCS, z.ZodType>;

/** Every query parameter some endpoint takes, by its exact (case-sensitive) name. */
export type QueryName = keyof typeof QueryParams;

export const ProposalIdParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/)
  .meta({ description: '{protocol}-{source}-{nativeId}, as returned by the feed endpoints.', example: `${ProtocolSlug.options[0]}-gov-1` });

export const AddressParam = QueryParams.address;
