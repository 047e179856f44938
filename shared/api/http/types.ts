import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string> };

/** What a handler returns: a JSON body (an object) or text, with its status and extra headers. */
export interface Reply {
  status?: number;
  body: object | string;
  contentType?: string;
  headers?: Record<string, string>;
}
