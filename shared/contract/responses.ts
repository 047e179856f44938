import * as z from 'zod';
import { DateTime, ScanDegradation } from './common.js';
import { Completeness, FeedMode, View, WalletMode } from './enums.js';
import { Position } from './position.js';
import { CompactProposal, Proposal, UserProposalImpact } from './proposal.js';
import { Envelope } from './envelope.js';

const FeedItem = z.union([UserProposalImpact, Proposal, CompactProposal]);

export const ProposalsResponse = z
  .object({
    address: z.string().optional(),
    mode: FeedMode,
    view: View,
    count: z.int().min(0).meta({ description: 'Proposals in this page.' }),
    total: z.int().min(0).meta({ description: 'Proposals the filters keep, on every page together.' }),
    proposals: z.array(FeedItem),
    envelopes: z
      .array(Envelope)
      .optional()
      .meta({ description: 'With `address` and view=full only: the wallet’s worst cases without a vote, as a scan carries them (WalletScanResponse.envelopes).' }),
    nextCursor: z
      .string()
      .optional()
      .meta({ description: 'Present when more proposals follow this page: send it as cursor (same filters) for the next page. Absent on the last page.' }),
    refreshedAt: DateTime,
    completeness: Completeness,
    degraded: z.array(ScanDegradation).optional(),
  })
  .meta({ id: 'ProposalsResponse' });

export const ProposalDetailResponse = z
  .object({
    address: z.string().optional(),
    mode: FeedMode,
    proposal: FeedItem,
    refreshedAt: DateTime,
  })
  .meta({ id: 'ProposalDetailResponse' });

export const PositionsResponse = z
  .object({
    address: z.string(),
    mode: WalletMode,
    count: z.int().min(0),
    positions: z.array(Position),
    refreshedAt: DateTime,
    completeness: Completeness,
    degraded: z.array(ScanDegradation).optional(),
  })
  .meta({ id: 'PositionsResponse' });

export const WalletScanResponse = z
  .object({
    address: z.string().meta({ description: 'evm addresses come back 0x-checksummed; others verbatim.' }),
    webUrl: z.url().meta({ description: 'The human page for this scan: {base_url}/w/{address}.' }),
    mode: WalletMode,
    view: View,
    completeness: Completeness,
    positions: z.array(Position),
    proposals: z.array(z.union([UserProposalImpact, CompactProposal])),
    envelopes: z
      .array(Envelope)
      .optional()
      .meta({ description: 'view=full only: the worst case without a vote, one entry per lending account or savings position that stewards, risk oracles, rate modules or guardians can reach on their own within horizonDays, each with its assumptions and their sources. Empty when none reaches the wallet.' }),
    refreshedAt: DateTime,
    degraded: z.array(ScanDegradation).optional(),
  })
  .meta({ id: 'WalletScanResponse' });

export const HealthResponse = z
  .object({ status: z.literal('ok'), service: z.string() })
  .meta({ id: 'HealthResponse' });

export const EnsResolution = z
  .object({ name: z.string(), address: z.string().nullable() })
  .meta({ id: 'EnsResolution', description: 'address is null when the name is valid but unregistered.' });

const AddressKind = z.enum(['evm', 'solana', 'cosmos', 'xrpl']);

export const CatalogResponse = z
  .object({
    service: z.string(),
    version: z.string(),
    servedVersions: z.array(z.string()).meta({ description: 'Values accepted in the api-version header.' }),
    description: z.string(),
    openapi: z.string(),
    changelog: z.string(),
    atomFeed: z.string().meta({ description: 'Atom 1.0 feed (RFC 4287) of the live and pending proposals, rebuilt with the feed every 5 minutes.' }),
    protocols: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        addressKinds: z.array(AddressKind),
        chains: z.array(z.string()).meta({ description: 'The chains its positions are read on, as positions name them (`ethereum`, `arbitrum`, `solana`; a chain that is itself a protocol module by its slug).', example: ['ethereum', 'arbitrum', 'base'] }),
      }),
    ),
    demoWallets: z.array(z.object({ kind: AddressKind, address: z.string() })).meta({ description: 'Fixed demo data (mode mock), never real accounts.' }),
    exampleWallets: z
      .array(z.object({ kind: z.enum([...AddressKind.options, 'ens']), address: z.string(), note: z.string() }))
      .meta({ description: 'Real public accounts to try a live scan on (mode live).' }),
    rateLimit: z.object({ policy: z.string(), quota: z.int(), windowSeconds: z.int() }),
    endpoints: z.array(
      z.object({
        method: z.enum(['GET', 'POST', 'DELETE']),
        path: z.string(),
        description: z.string(),
        example: z.string(),
        parameters: z.array(z.string()).meta({ description: 'The query parameters it takes, by their exact names; any other is 400 invalid_input (the page for people ignores others but refuses a misspelt filter).' }),
        throttled: z.boolean(),
        deprecated: z.boolean().optional(),
      }),
    ),
    spamRules: z
      .array(
        z.object({
          id: z.string().meta({ example: 'snapshot/flagged' }),
          appliesTo: z.string(),
          holdsBack: z.string(),
          evidence: z.string().meta({ description: 'How the chains’ own front-ends, explorers or wallets treat the same proposals, with the file that shows it.' }),
          heldBack: z.int().meta({ description: 'Proposals of the stored feed this rule holds back now.' }),
        }),
      )
      .meta({ description: 'The written spam and phishing rules. Proposals they hold back are left out unless includeSpam=true, never silently.' }),
    recording: z
      .object({
        notice: z.string(),
        statesFrom: z.string().optional().meta({ description: 'The earliest date (ISO) a recorded state is from.' }),
        statesTo: z.string().optional().meta({ description: 'The latest date (ISO) a recorded state is from.' }),
        protocols: z.record(z.string(), z.string()).meta({ description: 'Each protocol whose recordings state a date: the date its recorded state is from. A status it shows is the one it had then.' }),
      })
      .optional()
      .meta({
        description:
          'Present only when this server replays recordings (UPSTREAM=recorded, a local development mode, never deployed): every answer is then recorded data, not live, and a proposal’s status is the one it had when recorded. The contract has no field for this on proposals or their envelopes, so it is said here and on every page.',
      }),
  })
  .meta({ id: 'CatalogResponse', description: 'Machine-readable index of every public endpoint.' });

export type ProposalsResponse = z.infer<typeof ProposalsResponse>;
export type ProposalDetailResponse = z.infer<typeof ProposalDetailResponse>;
export type PositionsResponse = z.infer<typeof PositionsResponse>;
export type WalletScanResponse = z.infer<typeof WalletScanResponse>;
export type HealthResponse = z.infer<typeof HealthResponse>;
export type EnsResolution = z.infer<typeof EnsResolution>;
export type CatalogResponse = z.infer<typeof CatalogResponse>;
