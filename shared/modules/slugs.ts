/**
 * The one list of protocol slugs this deployment serves (decisions.md, Protocol modules).
 * Adding a protocol adds a slug here, its entry in `moduleInfo.ts` and its loader in `registry.ts`; nothing else learns its name.
 */
export const PROTOCOL_SLUGS = ['aave', 'compound', 'lido', 'jito', 'cosmoshub', 'xrpl'] as const;

export type ProtocolSlug = (typeof PROTOCOL_SLUGS)[number];

export const isProtocolSlug = (value: string): value is ProtocolSlug =>
  (PROTOCOL_SLUGS as readonly string[]).includes(value);
