/**
 * Fuzzing the command line (fast-check, fixed seed): valid studies of every mode, mutated by
 * deleting, duplicating, retyping and renaming keys, extreme numbers and reserved or formula-like
 * names, must end with exit 0 (a complete output set) or 2 (one line per problem, no output
 * directory, no temporaries) — never 1, never a stack trace, within a time bound. Runs in process
 * (runCli) with few trials. On failure fast-check prints the seed and path to replay.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ROOT, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';
import { quickOr } from '../helpers/sample.js';

const SEED = 20261129;
// The quick suite runs the first 25 cases of the full suite's 100 (the same seed).
const RUNS = quickOr(25, 100);
const CASE_MS = 30_000;

const CONFIGS = ['skirmish-attack-example', 'skirmish-duels', 'exchange-weapons-vs-armour', 'exchange-duels', 'd20-attacks', 'd20-party-vs-monsters'];

/** A config cut down to a quick study: its first matchup and first two variants. */
function base(name: string): Record<string, unknown> {
  const study = parse(readFileSync(join(ROOT, 'configs', `${name}.yaml`), 'utf8')) as Record<string, unknown>;
  if (Array.isArray(study['matchups'])) study['matchups'] = study['matchups'].slice(0, 1);
  if (study['variants'] && typeof study['variants'] === 'object') {
    study['variants'] = Object.fromEntries(Object.entries(study['variants']).slice(0, 2));
  }
  delete study['sweep'];
  return study;
}

const BASES = CONFIGS.map(base);

const EXTREME: unknown[] = [
  -1, 0, 0.5, 1e308, -1e308, 2 ** 53, 99999999999, '+99999999999', '1d8+100000000', '99d100', '', 'x', true, null, [], {}, [1, 2], { a: 1 },
];
const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '=1+1', '@x', '-x', '+x', '<b>x</b>', 'a\nb', '', 'ü', 'x'.repeat(300)];

type Mutation =
  | { kind: 'delete' | 'duplicate'; at: number }
  | { kind: 'sweep'; name: number }
  | { kind: 'retype'; at: number; value: number }
  | { kind: 'rename'; at: number; name: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('delete' as const, 'duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('retype' as const), at: fc.nat(), value: fc.nat(EXTREME.length - 1) }),
  fc.record({ kind: fc.constant('rename' as const), at: fc.nat(), name: fc.nat(NAMES.length - 1) }),
  fc.record({ kind: fc.constant('sweep' as const), name: fc.nat(NAMES.length - 1) }),
);

/** Every (container, key) in the study, depth first. */
function slots(node: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []): typeof out {
  if (Array.isArray(node)) {
    node.forEach((v, i) => {
      out.push([node, i]);
      slots(v, out);
    });
  } else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      out.push([node as Record<string, unknown>, k]);
      slots(v, out);
    }
  }
  return out;
}

/** Applies the mutations; a duplicated key is written into the YAML text. */
function mutate(study: Record<string, unknown>, ms: readonly Mutation[]): string {
  const s = structuredClone(study);
  let duplicate: string | null = null;
  for (const m of ms) {
    if (m.kind === 'sweep') {
      const root = ['fighters', 'characters', 'creatures'].find((r) => r in s) ?? 'fighters';
      s['sweep'] = { [`${root}.${NAMES[m.name]!}.cc`]: [1, 2] };
      continue;
    }
    const all = slots(s);
    if (all.length === 0) continue;
    const [node, key] = all[m.at % all.length]!;
    if (m.kind === 'delete') {
      if (Array.isArray(node)) node.splice(key as number, 1);
      else delete node[key as string];
    } else if (m.kind === 'retype') {
      (node as Record<string | number, unknown>)[key] = structuredClone(EXTREME[m.value]);
    } else if (m.kind === 'rename' && !Array.isArray(node)) {
      const value = node[key as string];
      delete node[key as string];
      Object.defineProperty(node, NAMES[m.name]!, { value, enumerable: true, writable: true, configurable: true });
    } else if (m.kind === 'duplicate' && !Array.isArray(node)) {
      duplicate = String(key);
    }
  }
  let text = stringify(s);
  if (duplicate !== null) {
    const line = text.split('\n').find((l) => l.trimStart().startsWith(`${duplicate}:`));
    if (line !== undefined) text = text.replace(line, `${line}\n${line}`);
  }
  return text;
}

const PROBLEM_LINE = /^(\S.*?(:\d+:\d+)?( \S+)?: .+|balance: .+|Run balance --help for usage\.)$/;
const FILES = ['distribution.csv', 'report.html', 'report.md', 'run.json', 'summary.csv'];

describe('fuzzing the CLI with mutated studies of every mode', () => {
  it(`exits 0 with a complete output set or 2 with one line per problem (${RUNS} cases, seed ${SEED})`, async () => {
    const codes = { 0: 0, 2: 0 };
    await fc.assert(
      fc.asyncProperty(fc.nat(BASES.length - 1), fc.array(mutation, { minLength: 0, maxLength: 3 }), async (which, ms) => {
        const parent = tempDir();
        const file = join(parent, 'study.yaml');
        writeFileSync(file, mutate(BASES[which]!, ms));
        const out = join(parent, 'out');
        const started = performance.now();
        const r = await balanceIn(['run', file, '--out', out, '--trials', '20', '--workers', '0']);
        const ms_ = performance.now() - started;
        expect(ms_).toBeLessThan(CASE_MS);
        expect([0, 2]).toContain(r.code);
        codes[r.code as 0 | 2]++;
        expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
        if (r.code === 2) {
          const lines = r.stderr.trim().split('\n');
          expect(lines.length).toBeGreaterThan(0);
          for (const l of lines) expect(l).toMatch(PROBLEM_LINE);
          expect(existsSync(out)).toBe(false);
        } else {
          expect(readdirSync(out).filter((f) => f !== 'compare.csv').sort()).toEqual(FILES);
        }
        expect(readdirSync(parent).sort()).toEqual(r.code === 0 ? ['out', 'study.yaml'] : ['study.yaml']);
        expect(process.memoryUsage().heapUsed).toBeLessThan(1.5e9);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // Both outcomes are exercised: the bases are valid studies, and most mutations break them.
    expect(codes[0]).toBeGreaterThan(RUNS / 20);
    expect(codes[2]).toBeGreaterThan(RUNS / 2);
  }, RUNS * CASE_MS);
});
