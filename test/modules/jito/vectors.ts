import { getBase64Encoder } from '@solana/kit';

/**
 * spl-governance's own test vector: a BPF upgrade instruction serialized as InstructionData and
 * base64-encoded without padding (Mythic-Project/spl-governance-v3.1.3
 * governance/program/src/state/proposal_transaction.rs @500941c59cc0a1e58ec48dcd79c37585b1c12740,
 * test_upgrade_instruction_serialization).
 */
export const UPGRADE_INSTRUCTION_BASE64 =
  'Aqj2kU6IobDiEBU+92OuKwDCuT0WwSTSwFN6EASAAAAHAAAAchkHXTU9jF+rKpILT6dzsVyNI9NsQy9cab+GGvdwNn0AAfh2HVruy2YibpgcQUmJf5att5YdPXSv1k2pRAKAfpSWAAFDVQuXWos2urmegSPblI813GlTm7CJ/8rv+9yzNE3yfwAB3Gw+apCyfrRNqJ6f1160Htkx+uYZT6FIILQ3WzNA4KwAAQan1RcZLFxRIYzJTD1K8X9Y2u4Im6H9ROPb2YoAAAAAAAAGp9UXGMd0yShWY5hpHV62i164o5tLbVxzVVshAAAAAAAA3Gw+apCyfrRNqJ6f1160Htkx+uYZT6FIILQ3WzNA4KwBAAQAAAADAAAA';

/** The vector's bytes (the codec wants the padding STANDARD_NO_PAD left out). */
export const upgradeInstructionBytes = (): Uint8Array =>
  getBase64Encoder().encode(UPGRADE_INSTRUCTION_BASE64 + '='.repeat((4 - (UPGRADE_INSTRUCTION_BASE64.length % 4)) % 4)) as Uint8Array;
