/**
 * Whether the words a text names an eMode category by ("Polygon Stablecoin E-mode", "weETH
 * Stablecoin E-Mode") name the category a chain labels `label` ("Stablecoins", "weETH
 * Stablecoins"): every word of the label, singular or plural, appears among the text's. Texts name
 * categories by label far more often than by number; the number is only on chain. Pure.
 *
 * @example eModeLabelMatches('Polygon Stablecoin', 'Stablecoins') // true
 */
export function eModeLabelMatches(named: string, label: string): boolean {
  const words = new Set(wordsOf(named));
  const wanted = wordsOf(label);
  return wanted.length > 0 && wanted.every((word) => words.has(word));
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/e-?mode/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
