import { createHash } from 'node:crypto';

/** A strong ETag of a feed body, the way S3 gives one for a single-part object (MD5, quoted). */
export const feedEtag = (body: string): string => `"${createHash('md5').update(body).digest('hex')}"`;
