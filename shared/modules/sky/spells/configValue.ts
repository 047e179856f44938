/**
 * The value expressions spells-mainnet's `src/test/config.sol` writes its expected after-state in:
 * integer literals with `_` separators, the file's constants (THOUSAND … RAD), Solidity's time
 * units (`48 hours`), `*`, `/`, `+`, `-`, parentheses, `int256(…)` and `type(uint256).max`. Integer
 * arithmetic as Solidity does it (division truncates), in bigint so `WAD / 30 days` stays exact.
 */

const CONSTANTS: Readonly<Record<string, bigint>> = {
  THOUSAND: 10n ** 3n,
  MILLION: 10n ** 6n,
  BILLION: 10n ** 9n,
  WAD: 10n ** 18n,
  RAY: 10n ** 27n,
  RAD: 10n ** 45n,
};

/** Solidity's time units, in seconds. */
const TIME_UNITS: Readonly<Record<string, bigint>> = { seconds: 1n, minutes: 60n, hours: 3_600n, days: 86_400n, weeks: 604_800n };

const UINT256_MAX = 2n ** 256n - 1n;

const TOKEN = /\s*(type\(uint256\)\.max|int256|uint256|[0-9][0-9_]*|[A-Za-z_][A-Za-z0-9_]*|[-+*/()])/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`config value: cannot read "${text.slice(start)}"`);
    tokens.push(match[1]!);
  }
  return tokens;
}

/**
 * Evaluates one config.sol value expression to an integer (`15 * BILLION` → 15000000000n,
 * `48 hours` → 172800n). Throws on anything it does not know rather than guess. Pure.
 */
export function configInteger(text: string): bigint {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];

  const primary = (): bigint => {
    const token = take();
    if (token === undefined) throw new Error(`config value: "${text}" ends early`);
    if (token === '(') {
      const value = sum();
      if (take() !== ')') throw new Error(`config value: "${text}" misses a )`);
      return value;
    }
    if (token === 'int256' || token === 'uint256') {
      if (take() !== '(') throw new Error(`config value: "${text}" misses a (`);
      const value = sum();
      if (take() !== ')') throw new Error(`config value: "${text}" misses a )`);
      return value;
    }
    if (token === 'type(uint256).max') return UINT256_MAX;
    if (/^[0-9]/.test(token)) {
      const literal = BigInt(token.replaceAll('_', ''));
      const unit = peek() !== undefined ? TIME_UNITS[peek()!] : undefined;
      if (unit === undefined) return literal;
      take();
      return literal * unit;
    }
    const constant = CONSTANTS[token];
    if (constant === undefined) throw new Error(`config value: unknown name ${token} in "${text}"`);
    return constant;
  };
  const unary = (): bigint => (peek() === '-' ? (take(), -unary()) : primary());
  const product = (): bigint => {
    let value = unary();
    while (peek() === '*' || peek() === '/') value = take() === '*' ? value * unary() : value / unary();
    return value;
  };
  function sum(): bigint {
    let value = product();
    while (peek() === '+' || peek() === '-') value = take() === '+' ? value + product() : value - product();
    return value;
  }

  const value = sum();
  if (at !== tokens.length) throw new Error(`config value: unexpected "${tokens.slice(at).join(' ')}" in "${text}"`);
  return value;
}

/** configInteger as a JavaScript number, for values that fit one exactly (seconds, bps, whole DAI). Pure. */
export function configNumber(text: string): number {
  const value = configInteger(text);
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`config value: "${text}" is too large for a number`);
  return Number(value);
}
