/**
 * A headless Chromium for the report tests, with nothing installed by hand: the Chromium that the
 * npm package @sparticuz/chromium ships inside its tarball (unpacked to /tmp on first use), driven
 * by playwright-core. Fallbacks: CHROMIUM_PATH when set, then a system chromium.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const QUIET = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function fromNpm(): Promise<{ executablePath: string; args: string[] } | null> {
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    return { executablePath: await packaged.executablePath(), args: [...packaged.args, ...QUIET] };
  } catch {
    return null;
  }
}

/** Launches a browser; throws one message naming every place it looked when none starts. */
export async function launchBrowser(): Promise<Browser> {
  const tried: string[] = [];
  const env = process.env['CHROMIUM_PATH'];
  const candidates: { executablePath: string; args: string[] }[] = [];
  if (env) candidates.push({ executablePath: env, args: ['--no-sandbox', ...QUIET] });
  const npm = await fromNpm();
  if (npm) candidates.push(npm);
  else tried.push('@sparticuz/chromium (not installed or not for this platform)');
  for (const path of SYSTEM) if (existsSync(path)) candidates.push({ executablePath: path, args: ['--no-sandbox', ...QUIET] });
  for (const c of candidates) {
    try {
      return await chromium.launch({ executablePath: c.executablePath, args: c.args, headless: true });
    } catch (err) {
      tried.push(`${c.executablePath}: ${(err as Error).message.split('\n')[0]!}`);
    }
  }
  throw new Error(`no headless Chromium could start (npm ci installs @sparticuz/chromium; CHROMIUM_PATH picks another): ${tried.join('; ')}`);
}
