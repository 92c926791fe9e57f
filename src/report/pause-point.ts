/**
 * A test hook: named points where a run can be held still from outside, so a test can send a
 * signal at exactly that point (between claiming the --out lock and installing the handlers that
 * drop it, say) instead of guessing with a timer.
 *
 * With `BALANCE_PAUSE_AT=NAME` and `BALANCE_PAUSE_FILE=PATH` in the environment, the first time
 * the run reaches the point NAME it writes `balance: paused at NAME` to stderr and blocks
 * (synchronously, so no JavaScript runs meanwhile: a signal that arrives is either fatal at once or
 * queued for the event loop, exactly as it would be at that point of a real run) until PATH no
 * longer exists. Without both variables it returns at once.
 */
import { existsSync, writeSync } from 'node:fs';

const reached = new Set<string>();

export function pausePoint(name: string): void {
  const at = process.env['BALANCE_PAUSE_AT'];
  const file = process.env['BALANCE_PAUSE_FILE'];
  if (at !== name || file === undefined || file === '' || reached.has(name)) return;
  reached.add(name);
  writeSync(2, `balance: paused at ${name}\n`);
  const cell = new Int32Array(new SharedArrayBuffer(4));
  while (existsSync(file)) Atomics.wait(cell, 0, 0, 5);
}
