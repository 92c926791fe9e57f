/** `balance serve [DIR]`: starts the local web playground and prints its address. */
import { existsSync, statSync } from 'node:fs';
import { inputError } from '../config/problems.js';
import type { RunIo } from './run.js';

export interface ServeFlags {
  readonly dir: string;
  readonly port: number;
  readonly host: string;
  readonly maxRunSeconds: number;
  readonly workers: number;
}

export async function serveCommand(flags: ServeFlags, io: RunIo): Promise<void> {
  if (!existsSync(flags.dir) || !statSync(flags.dir).isDirectory()) throw inputError('DIR', `${flags.dir} is not a folder`);
  if (!Number.isInteger(flags.port) || flags.port < 0 || flags.port > 65535) throw inputError('--port', `expected 0 to 65535, received ${flags.port}`);
  if (!(flags.maxRunSeconds > 0 && flags.maxRunSeconds <= 86_400)) throw inputError('--max-run-seconds', `expected 1 to 86400, received ${flags.maxRunSeconds}`);
  const { createServer } = await import('../serve/server.js');
  const app = await createServer({ dir: flags.dir, maxRunSeconds: flags.maxRunSeconds, workers: flags.workers });
  let address: string;
  try {
    address = await app.listen({ port: flags.port, host: flags.host });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw inputError('--port', `cannot listen on ${flags.host}:${flags.port} (${e.code ?? e.message})`);
  }
  io.stdout.write(`balance serve: ${address}/  (studies from ${flags.dir}; Ctrl-C stops)\n`);
  if (flags.host !== '127.0.0.1' && flags.host !== 'localhost' && flags.host !== '::1') {
    io.stderr.write(`warning: listening on ${flags.host}: anyone who can reach this address can run studies on this machine\n`);
  }
  await new Promise<void>((done) => {
    const stop = (): void => {
      void app.close().then(done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
