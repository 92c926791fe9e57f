/** `balance merge` trusts nothing it reads: every tampered, foreign or damaged shard is exit 2 in one line. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checksumOf, type ShardFile } from '../../src/cli/shard.js';
import { EXAMPLE, ROOT, studyFile, tempDir } from '../helpers/cli.js';
import { balanceIn } from '../helpers/inprocess.js';

const STUDY = EXAMPLE.replace('trials: 20000', 'trials: 3000');
let study: string;
let shards: [string, string];
let original: ShardFile;

beforeAll(async () => {
  study = studyFile(STUDY);
  const dir = tempDir();
  for (const i of [1, 2]) expect((await balanceIn(['run', study, '--shard', `${i}/2`, '--out', dir, '--workers', '0'])).code).toBe(0);
  shards = [join(dir, 'shard-1-of-2.json'), join(dir, 'shard-2-of-2.json')];
  original = JSON.parse(readFileSync(shards[0], 'utf8')) as ShardFile;
});

/** Writes shard 1 changed by `edit`, re-sealed with a valid checksum unless `seal` is false. */
function tampered(edit: (s: Record<string, unknown>) => void, seal = true): string {
  const s = structuredClone(original) as unknown as Record<string, unknown>;
  edit(s);
  if (seal) s['checksum'] = checksumOf(s as unknown as ShardFile);
  const file = join(tempDir(), 'shard-1-of-2.json');
  writeFileSync(file, JSON.stringify(s));
  return file;
}

async function merge(first: string): Promise<[number, string]> {
  const r = await balanceIn(['merge', study, first, shards[1], '--out', join(tempDir(), 'm')]);
  // the example study's two warnings are not what these tests are about
  return [r.code ?? -1, r.stderr.trim().split('\n').filter((l) => !l.includes(': warning: ')).join('\n')];
}

const setCount = (v: unknown) => (s: Record<string, unknown>): void => {
  (s['tallies'] as unknown[][])[0]![0] = v;
};

describe('balance merge', () => {
  it('merges the untouched shards into a run of the planned trials', async () => {
    const out = join(tempDir(), 'm');
    const r = await balanceIn(['merge', study, ...shards, '--out', out]);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'))).toMatchObject({ shards: 2, total_trials: 4 * 3000 });
    expect(original.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('an edited count fails the checksum', async () => {
    const file = tampered((s) => setCount(((s['tallies'] as number[][])[0]![0] ?? 0) + 100000)(s), false);
    expect(await merge(file)).toEqual([2, `${file}: its checksum does not match its contents (edited or damaged); run this shard again`]);
  });

  it.each([
    ['+100000', 100000, /task 1 holds \d+ trials; shard 1\/2 of this run has \d+$/],
    ['negative', -1, /task 1 count 1 is -1; counts are non-negative integers$/],
    ['fractional', 0.5, /task 1 count 1 is 0\.5; counts are non-negative integers$/],
    ['huge', 1e308, /task 1 count 1 is 1e\+308; counts are non-negative integers$/],
    ['a string', '12', /not a valid shard file: tallies\.0\.0: Invalid input: expected number, received string$/],
    ['null', null, /not a valid shard file: tallies\.0\.0: Invalid input: expected number, received null$/],
  ])('a re-sealed shard with a %s count is refused', async (_label, value, message) => {
    const file = tampered((s) => {
      const t = (s['tallies'] as unknown[][])[0]!;
      t[0] = typeof value === 'number' && value === 100000 ? Number(t[0]) + value : value;
    });
    const [code, err] = await merge(file);
    expect(code).toBe(2);
    expect(err.split('\n')).toHaveLength(1);
    expect(err).toMatch(message);
  });

  it('a shard relabelled as another, from another seed, study or version, or malformed, is refused', async () => {
    const relabelled = tampered((s) => {
      s['shard'] = [2, 2];
    });
    expect(await merge(relabelled)).toEqual([2, 'merge: needs each of the 2 shards exactly once; missing 1']);
    const [c1, e1] = await merge(tampered((s) => {
      s['seed'] = 8;
    }));
    expect([c1, e1]).toEqual([2, expect.stringMatching(/shard-2-of-2\.json: seed 7 differs from 8 in .*shard-1-of-2\.json$/)]);
    const [c2, e2] = await merge(tampered((s) => {
      s['study_sha256'] = 'f'.repeat(64);
    }));
    expect([c2, e2]).toEqual([2, expect.stringMatching(/: was run from another version of the study \(sha256 ffffffffffff\)$/)]);
    const [c3, e3] = await merge(tampered((s) => {
      s['version'] = '0.0.1';
    }));
    expect([c3, e3]).toEqual([2, expect.stringMatching(/: was written by tabletop-balance "0\.0\.1", this is \d+\.\d+\.\d+; run the shards again with this version$/)]);
    const bad = join(tempDir(), 'x.json');
    writeFileSync(bad, '{"tool": "tabletop-balance", ');
    expect(await merge(bad)).toEqual([2, expect.stringMatching(/x\.json: not a shard file \(invalid JSON: /)]);
    writeFileSync(bad, '[1, 2]');
    expect(await merge(bad)).toEqual([2, `${bad}: not a shard file (written by balance run --shard i/n)`]);
  });

  it('a device or a huge shard count is one bounded line: /dev/urandom is read only up to the shard limit, a missing list is cut', async () => {
    const r = await balanceIn(['merge', study, shards[0], '/dev/urandom', '--out', join(tempDir(), 'm')]);
    expect([r.code, r.stderr.trim().split('\n').pop()]).toEqual([2, '/dev/urandom: is not a regular file and gave more than 256 MB; a shard file may be at most 256 MB']);
    const alone = await balanceIn(['merge', study, tampered((s) => { s['shard'] = [1, 10_000]; }), '--out', join(tempDir(), 'm')]);
    expect(alone.code).toBe(2);
    expect(alone.stderr.trim().split('\n').pop()).toBe('merge: needs each of the 10000 shards exactly once; missing 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21 and 9979 more');
  });

  it('a shard with a missing task or a short tally is refused', async () => {
    const [c1, e1] = await merge(tampered((s) => {
      (s['tallies'] as unknown[]).pop();
    }));
    expect([c1, e1]).toEqual([2, expect.stringMatching(/: has 3 task tallies; the study plans 4$/)]);
    const [c2, e2] = await merge(tampered((s) => {
      (s['tallies'] as unknown[][])[1]!.pop();
    }));
    expect([c2, e2]).toEqual([2, expect.stringMatching(/: task 2 has \d+ counts, expected \d+$/)]);
  });
});

describe('balance merge: a re-sealed tally that no run could give (fights: every mode reads its own rows)', () => {
  const battle = readFileSync(join(ROOT, 'test/fixtures/small-battle.yaml'), 'utf8').replace('trials: 4500', 'trials: 300');
  let file: string;
  let dir: string;
  let first: ShardFile;

  beforeAll(async () => {
    file = studyFile(battle);
    dir = tempDir();
    for (const i of [1, 2]) expect((await balanceIn(['run', file, '--shard', `${i}/2`, '--out', dir, '--workers', '0'])).code).toBe(0);
    first = JSON.parse(readFileSync(join(dir, 'shard-1-of-2.json'), 'utf8')) as ShardFile;
  });

  async function mergeForged(at: (tally: number[]) => number, add: number): Promise<[number, string]> {
    const s = structuredClone(first) as unknown as { tallies: number[][]; checksum: string };
    const tally = s.tallies[0]!;
    tally[at(tally)]! += add;
    s.checksum = checksumOf(s as unknown as ShardFile);
    const forged = join(tempDir(), 'shard-1-of-2.json');
    writeFileSync(forged, JSON.stringify(s));
    const r = await balanceIn(['merge', file, forged, join(dir, 'shard-2-of-2.json'), '--out', join(tempDir(), 'm')]);
    return [r.code ?? -1, r.stderr.trim()];
  }

  it('merges the untouched shards', async () => {
    const r = await balanceIn(['merge', file, join(dir, 'shard-1-of-2.json'), join(dir, 'shard-2-of-2.json'), '--out', join(tempDir(), 'm')]);
    expect([r.code, r.stderr]).toEqual([0, '']);
  });

  it('a fighter out of action in more battles than were played (a rate above 1) is refused', async () => {
    // The last fighter's out-of-action count: its first of FIGHTER_STATS = 4 slots, before the two
    // first-mover counts that end the tally.
    const [code, err] = await mergeForged((t) => t.length - 2 - 4, 100_000);
    expect(code).toBe(2);
    expect(err).toMatch(/shard-1-of-2\.json: task 1: its counts give out_of_action_rate = [\d.]+ in fighters\.csv; no run of \d+ trials gives that/);
  });

  it('a rounds histogram that holds more battles than the tally does is refused', async () => {
    // tally[3 + k]: battles that ended in round k (the winner counts, which give the trials, are untouched).
    const [code, err] = await mergeForged(() => 3 + 2, 1);
    expect(code).toBe(2);
    expect(err).toMatch(/shard-1-of-2\.json: task 1: its rounds counts add up to \d+ trials in distribution\.csv; no run of \d+ trials gives that/);
  });
});
