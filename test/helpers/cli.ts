/** Runs the built `balance` executable (dist/) as a user would, capturing output and exit code. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'dist/src/cli/main.js');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function balance(args: readonly string[], env: Record<string, string> = {}, cwd = ROOT): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'balance-test-'));
}

/** Writes a study file into a fresh temp dir and returns its path. */
export function studyFile(text: string, name = 'study.yaml'): string {
  const file = join(tempDir(), name);
  writeFileSync(file, text);
  return file;
}

/** The issue-2 example study, small enough for tests. */
export const EXAMPLE = `system: skirmish
mode: attack
seed: 7
trials: 20000
fighters:
  keen:  { cc: 3, rc: 3, might: 3, skill: 4, defense: 4, wounds: 3, movement: 5 }
  stout: { cc: 3, rc: 3, might: 4, skill: 3, defense: 4, wounds: 3, movement: 4 }
weapons:
  sword:      { type: melee, class: sword, might: "+1", skill: "+1" }
  battle-axe: { type: melee, class: axe, might: "+2", skill: "-" }
  shortbow:   { type: ranged, class: bow, might: "+1", skill: "4", range: [3, 24] }
loadouts:
  keen-sword:       { fighter: keen, weapon: sword }
  stout-axe-medium: { fighter: stout, weapon: battle-axe, armor: medium, shield: none }
matchups:
  - { attacker: keen-sword, defender: stout-axe-medium }
  - { attacker: keen-sword, defender: stout-axe-medium, situation: { cover: close, aim: true } }
situation: { aim: false, gangUp: false, cover: none, brace: false, defenderState: active }
variants:
  base: {}
  defender-ties: { tieGoesTo: defender }
`;

/**
 * A copy of the build (dist/src with its timestamps, package.json, node_modules linked) in a fresh
 * folder, for tests that age or remove a built file; returns the folder.
 */
export function copyBuild(): string {
  const copy = tempDir();
  cpSync(join(ROOT, 'dist/src'), join(copy, 'dist/src'), { recursive: true, preserveTimestamps: true });
  cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}
