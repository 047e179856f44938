import type middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { RateLimitDecision } from '../../ratelimit/rateLimiter.js';
import type { HttpEvent, HttpResult } from '../http/types.js';

/** What the middlewares of one request share. */
export type StackState = { rateLimit?: RateLimitDecision; [key: string]: unknown };

export type StackRequest = middy.Request<HttpEvent, HttpResult, Error, Context, StackState>;
