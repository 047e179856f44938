import { ERROR_CODES, type ErrorCode } from '../../contract/errors.js';
import { PROTOCOL_SLUGS } from '../../modules/registry.js';

const slug = PROTOCOL_SLUGS[0];

const ERROR_EXAMPLES: Record<ErrorCode, string> = {
  invalid_address: '"0x12" is not a valid evm address (0x and 40 hex digits; mixed case must match its EIP-55 checksum)',
  invalid_input: 'limit="500" is not valid: expected an integer from 1 to 200',
  unsupported_version: 'api-version "0.2" is not served; served: 0.1',
  not_found: `no proposal with id ${slug}-gov-999999`,
  rate_limited: 'too many requests: over 30 in 60 s; retry in 23 s',
  upstream_unavailable: `no protocol could be checked for this wallet: ${slug} exposure did not answer within 3000 ms`,
  internal_error: 'internal error',
};

/** The example envelope of each error code, as the document shows it. */
export const errorExample = (code: ErrorCode) => ({ error: ERROR_EXAMPLES[code], code, hint: ERROR_CODES[code].hint });
