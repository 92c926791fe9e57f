/// <reference lib="dom" />
/**
 * The static site (dist/site, `npm run build:site`) served by a plain node:http file server on
 * loopback, with no API behind it, and a headless Chromium to open it: what any static host gives.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { ROOT } from './cli.js';

export const SITE = join(ROOT, 'dist/site');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.wasm': 'application/wasm',
};

export interface StaticSite {
  readonly server: Server;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly base: string;
  /** Every request the pages made (paths), to show none went to an API. */
  readonly requests: string[];
  readonly consoleErrors: string[];
}

/** Serves a folder's files as they are (GET only; index.html for '/'; 404 otherwise). */
export function serveFolder(root: string): Server {
  return createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
}

export async function startSite(): Promise<StaticSite> {
  if (!existsSync(join(SITE, 'index.html'))) throw new Error(`${SITE} is not built: run npm run build:site`);
  const server = serveFolder(SITE);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  return { server, browser, context, base, requests: [], consoleErrors: [] };
}

export async function stopSite(site: StaticSite | undefined): Promise<void> {
  await site?.browser.close();
  await new Promise((done) => site?.server.close(done) ?? done(undefined));
}

export async function openSite(site: StaticSite, url = site.base): Promise<Page> {
  const page = await site.context.newPage();
  page.on('request', (r) => site.requests.push(new URL(r.url()).pathname));
  page.on('console', (m) => {
    if (m.type() === 'error') site.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => site.consoleErrors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('.cm-content');
  return page;
}
