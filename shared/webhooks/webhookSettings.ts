import * as z from 'zod';

/** Most watches one wallet may have: a cap on what one wallet's changes can fan out to. */
export const DEFAULT_MAX_WATCHES_PER_WALLET = 5;

/** The webhook settings a process reads from its environment. */
export interface WebhookSettings {
  allowLoopback: boolean;
  /** Set in AWS (the stack): the watches' table; unset, watches live in memory. */
  watchesTable?: string;
  /** Set in AWS: the delivery queue; unset, an in-process queue. */
  queueUrl?: string;
  sqsEndpoint?: string;
  maxWatchesPerWallet: number;
}

const Env = z.object({
  WEBHOOK_ALLOW_LOOPBACK: z.enum(['', '0', '1']).optional(),
  TABLE_NAME: z.string().optional(),
  WATCHES_TABLE_NAME: z.string().optional(),
  WEBHOOK_QUEUE_URL: z.string().optional(),
  SQS_ENDPOINT: z.string().optional(),
  MAX_WATCHES_PER_WALLET: z.string().regex(/^\d{1,3}$/).optional(),
});

/**
 * The settings from the environment. WEBHOOK_ALLOW_LOOPBACK=1 lets a receiver on 127.0.0.1 or ::1
 * be used (tests, a user on one machine); it is refused where the stores are shared (TABLE_NAME
 * set, as in AWS): there a loopback receiver is the Lambda's own host.
 *
 * @throws Error on a malformed value, or WEBHOOK_ALLOW_LOOPBACK=1 with TABLE_NAME set.
 */
export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  const parsed = Env.safeParse(env);
  if (!parsed.success) throw new Error(`webhook settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const values = parsed.data;
  const allowLoopback = values.WEBHOOK_ALLOW_LOOPBACK === '1';
  if (allowLoopback && values.TABLE_NAME) throw new Error('WEBHOOK_ALLOW_LOOPBACK=1 is refused where TABLE_NAME is set: loopback receivers are for one machine, never a deployment');
  return {
    allowLoopback,
    ...(values.WATCHES_TABLE_NAME && { watchesTable: values.WATCHES_TABLE_NAME }),
    ...(values.WEBHOOK_QUEUE_URL && { queueUrl: values.WEBHOOK_QUEUE_URL }),
    ...(values.SQS_ENDPOINT && { sqsEndpoint: values.SQS_ENDPOINT }),
    maxWatchesPerWallet: values.MAX_WATCHES_PER_WALLET ? Math.max(1, Number(values.MAX_WATCHES_PER_WALLET)) : DEFAULT_MAX_WATCHES_PER_WALLET,
  };
}
