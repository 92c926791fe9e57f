// Module hooks for test/cli/startup.test.ts: appends every loaded module URL to $LOADED_LOG.
import { appendFileSync } from 'node:fs';

export async function load(url, context, next) {
  appendFileSync(process.env.LOADED_LOG, `${url}\n`);
  return next(url, context);
}
