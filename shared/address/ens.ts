// ox's Ens module (what viem's normalize calls), so parsing never loads viem's client graph.
import { normalize } from 'ox/Ens';

const MAX_NAME_LENGTH = 255;

/**
 * An ENSIP-15 normalized ens name, or null. A name needs at least two labels ("name.eth"); a
 * label may be emoji or any script ENSIP-15 allows, so only the normalizer decides validity.
 */
export function parseEnsName(input: string): string | null {
  if (input.length === 0 || input.length > MAX_NAME_LENGTH || !input.includes('.')) return null;
  try {
    const name = normalize(input);
    const labels = name.split('.');
    return labels.length >= 2 && labels.every((label) => label.length > 0) ? name : null;
  } catch {
    return null;
  }
}
