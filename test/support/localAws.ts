import { afterAll, beforeAll } from 'vitest';
import { type LocalDynamo, startDynalite } from './dynalite.js';
import { type LocalS3, startS3rver } from './s3rver.js';

export interface LocalAws {
  dynamo: LocalDynamo;
  s3: LocalS3;
}

/**
 * dynalite and s3rver for the file's tests, started side by side before them and stopped after.
 * Read the fields inside tests or hooks: they are set once beforeAll has run.
 */
export function useLocalAws(): LocalAws {
  const local = {} as LocalAws;
  beforeAll(async () => {
    [local.dynamo, local.s3] = await Promise.all([startDynalite(), startS3rver()]);
  });
  afterAll(async () => {
    await Promise.all([local.dynamo?.close(), local.s3?.close()]);
  });
  return local;
}
