/**
 * A real redis-server for the queue tests, on a free loopback port, stopped after. When the binary
 * is missing the harness installs Debian's package if it runs as root with apt (saying so in one
 * line); otherwise it stops with one line saying how to install it. Never a silent skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findRedisServer(): string | null {
  const r = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = r.stdout.trim();
  return r.status === 0 && path !== '' ? path : null;
}

/** The redis-server binary, installed with apt-get when missing and allowed. */
export function ensureRedisServer(log: (line: string) => void = (l) => void process.stderr.write(`${l}\n`)): string {
  const found = findRedisServer();
  if (found !== null) return found;
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!root || !apt) {
    throw new Error('redis-server is missing: install it (Debian/Ubuntu: sudo apt-get install -y redis-server) to run the queue tests');
  }
  log('queue tests: redis-server is missing; installing Debian\'s package with apt-get install -y redis-server');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = (): boolean => spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { env, stdio: 'ignore' }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
    install();
  }
  const after = findRedisServer();
  if (after === null) throw new Error('redis-server is missing and apt-get install -y redis-server failed; install it by hand');
  return after;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves when something answers PING with +PONG on the port. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    let data = '';
    sock.setTimeout(500, () => sock.destroy());
    sock.on('connect', () => sock.write('PING\r\n'));
    sock.on('data', (d) => {
      data += d.toString();
      if (data.includes('+PONG')) {
        sock.end();
        resolve(true);
      }
    });
    sock.on('error', () => resolve(false));
    sock.on('close', () => resolve(data.includes('+PONG')));
  });
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const bin = ensureRedisServer();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'balance-redis-'));
  const child: ChildProcess = spawn(bin, [
    '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--loglevel', 'warning',
  ], { stdio: 'ignore' });
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 120_000;
  while (!(await ping(port))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on 127.0.0.1:${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
