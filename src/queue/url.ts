/**
 * The `--queue` URL: checked before any work, never printed with its credentials, and the quick
 * "is Redis there?" probe that turns an unreachable server into one clear line instead of a hang.
 */
import type { Redis } from 'ioredis';
import { inputError } from '../config/problems.js';

/** A queue or connection failed (exit code 1). */
export class QueueError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'QueueError';
  }
}

/** `redis://user:secret@host:6379/0` -> `redis://user:***@host:6379/0` (also a bare password). */
export function redactUrl(url: string): string {
  return url.replace(/^([^/]*\/\/)([^@/]*)@/, (_m, scheme: string, user: string) => {
    const colon = user.indexOf(':');
    return `${scheme}${colon >= 0 ? `${user.slice(0, colon)}:***` : '***'}@`;
  });
}

/** Accepts redis:// and rediss:// URLs; anything else is an input error (exit 2). */
export function checkQueueUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw inputError('--queue', `expected a URL like redis://HOST:6379, received ${JSON.stringify(redactUrl(url))}`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw inputError('--queue', `expected a redis:// or rediss:// URL, received ${JSON.stringify(redactUrl(url))}`);
  }
  if (u.hostname === '') throw inputError('--queue', `the URL names no host: ${JSON.stringify(redactUrl(url))}`);
}

// ioredis is loaded (dynamically) only on the queue code paths: `--help` and local runs never load it.

/**
 * A connection for BullMQ (commands wait through reconnects), opened only after a quick probe
 * proved the server reachable: an unreachable server fails here within a few seconds.
 */
export async function connectRedis(url: string, timeoutMs = 3000): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  let cause: Error | null = null;
  probe.on('error', (err: Error) => (cause ??= err));
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    // connect() rejects with "Connection is closed."; the reason came with the error event.
    const e = (cause ?? err) as NodeJS.ErrnoException;
    // ioredis messages carry host and port only, never the password; redact anyway.
    const why = e.code ?? e.message.replaceAll(url, redactUrl(url));
    throw new QueueError(`cannot reach Redis at ${redactUrl(url)} (${why})`, { cause: err });
  } finally {
    probe.disconnect();
  }
  const conn = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: timeoutMs });
  conn.on('error', () => undefined);
  return conn;
}
