import type { Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * How long and how much the local server gives a client, as Node's HTTP documentation and its
 * security best practices (slowloris, "configure server timeouts") advise. Node's own defaults
 * (headers 60 s checked every 30 s, a request 300 s, no connection cap) held a slowloris socket 85 s
 * and let 1,024 idle sockets starve a normal client.
 */
export interface ServerLimits {
  /** A request's headers must be in by then (Node answers 408 otherwise); the slowloris bound. */
  headersTimeoutMs: number;
  /**
   * The whole request, body included, must be in by then, else 408. The server answers a request
   * with a body still arriving at once and closes the connection (send in server.ts), so this is
   * the backstop for what has no answer yet.
   */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above: the slack on each of them. */
  connectionsCheckingIntervalMs: number;
  /** A socket with no traffic either way this long is destroyed (a client that stops reading). */
  socketIdleTimeoutMs: number;
  maxHeadersCount: number;
  maxHeaderBytes: number;
  /** Node's hard cap: connections past it are dropped as soon as they are accepted. */
  maxConnections: number;
  /**
   * Past this many open connections, each new one closes the oldest connection that has no
   * answer under way (idle keep-alive, silent, or still trickling its headers): a crowd of idle
   * sockets then makes room for a client that asks something, instead of filling the hard cap.
   */
  shedAboveConnections: number;
  /** On close, how long requests being answered may finish before every socket is destroyed. */
  shutdownGraceMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  connectionsCheckingIntervalMs: 1_000,
  socketIdleTimeoutMs: 60_000,
  maxHeadersCount: 100,
  maxHeaderBytes: 16 * 1024,
  // Under the 1,024 open files many systems give a process, with room for its own files.
  maxConnections: 512,
  shedAboveConnections: 384,
  shutdownGraceMs: 3_000,
};

/** createServer's options for these limits; some (the checking interval) can only be set there. */
export const serverOptionsFor = (limits: ServerLimits): ServerOptions => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
  maxHeaderSize: limits.maxHeaderBytes,
});

/** The connections a server holds, and which of them have an answer under way. */
export interface ConnectionBook {
  /** Marks the response's socket as answering until the response closes (sent or abandoned). */
  answering(response: ServerResponse): void;
  /** The answer under way on a socket, if any. */
  answerOn(socket: Duplex): ServerResponse | undefined;
  /** Open connections, oldest first. */
  readonly open: ReadonlySet<Socket>;
}

/**
 * Applies the limits that are set on a server after its creation, and sheds the oldest connection
 * with nothing under way when more than `shedAboveConnections` are open.
 */
export function applyLimits(server: Server, limits: ServerLimits): ConnectionBook {
  server.maxHeadersCount = limits.maxHeadersCount;
  server.maxConnections = limits.maxConnections;
  server.setTimeout(limits.socketIdleTimeoutMs);
  const open = new Set<Socket>();
  const answers = new WeakMap<Duplex, ServerResponse>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    if (open.size <= limits.shedAboveConnections) return;
    for (const candidate of open) {
      if (candidate === socket || answers.has(candidate)) continue;
      candidate.destroy();
      open.delete(candidate);
      break;
    }
  });
  return {
    open,
    answering(response) {
      const socket = response.socket;
      if (!socket) return;
      answers.set(socket, response);
      response.once('close', () => {
        if (answers.get(socket) === response) answers.delete(socket);
      });
    },
    answerOn: (socket) => answers.get(socket),
  };
}

/**
 * Closes a server as Node's documentation describes: no new connections, idle ones closed at once,
 * requests under way given `graceMs` to finish, then every remaining socket destroyed (a slow body,
 * a client that stopped reading). Resolves when the server has closed.
 */
export async function closeGracefully(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([closed, grace]);
  clearTimeout(timer);
  server.closeAllConnections();
  await closed;
}
