/**
 * d20 fights as a game (src/games/game.ts, d20/fight/game.ts): every named policy and `tactical` play
 * whole fights through the illegal-action guard without tripping it; the game drives the same
 * engine as Fight.play() (same dice, same results); clones are independent; the study with every
 * policy named writes the files it wrote before tactical existed, byte for byte.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guarded, playOut } from '../../../src/games/game.js';
import { ACT_WORDS, DEAD, TACTICAL } from '../../../src/systems/d20/fight/engine.js';
import { d20Game, d20Policy, describeAction, legalActions, startFight, type D20Action } from '../../../src/systems/d20/fight/game.js';
import { POLICIES } from '../../../src/systems/d20/schema.js';
import { balanceIn } from '../../helpers/inprocess.js';
import { quickOr } from '../../helpers/sample.js';
import { studyFile, tempDir } from '../../helpers/cli.js';
import { allPlay, seeded, studySpecs } from './players.js';

const FILES = ['configs/d20-party-vs-monsters.yaml', 'test/fixtures/d20-named.yaml'];
const specs = FILES.flatMap((f) => studySpecs(f));
const snapshot = (f: ReturnType<typeof seeded>['f']) => ({
  hp: f.creatures.map((c) => c.hp), state: f.creatures.map((c) => c.state), supply: f.creatures.map((c) => c.supply),
  fatigue: f.creatures.map((c) => c.fatigue), winner: f.winner, rounds: f.rounds, cursor: f.cursor, round: f.round, phase: f.phaseNo,
});

describe('every d20 policy through the illegal-action guard', () => {
  POLICIES.forEach((name, policy) => {
    it(`${name}: whole fights of every study and variant, each declaration one of the legal actions`, () => {
      const n = quickOr(3, 50);
      let decided = 0;
      specs.forEach((spec, k) => {
        for (let s = 0; s < n; s++) {
          const { f, dice } = seeded(allPlay(spec, policy), 1000 * k + s);
          f.begin();
          const guard = guarded(d20Policy('own'), (a: D20Action) => describeAction(f, a));
          const counting = { name, choose: (...args: Parameters<typeof guard.choose>) => (decided++, guard.choose(...args)) };
          const r = playOut(d20Game, f, [counting, counting], dice);
          expect(r[0]! + r[1]!).toBe(1);
        }
      });
      expect(decided).toBeGreaterThan(100);
    });
  });

  it('the study files as written (named and tactical fighters mixed) too', () => {
    specs.forEach((spec, k) => {
      for (let s = 0; s < quickOr(3, 50); s++) {
        const { f, dice } = seeded(spec, 77 + 100 * k + s);
        f.begin();
        playOut(d20Game, f, [guarded(d20Policy('own')), guarded(d20Policy('own'))], dice);
      }
    });
  });
});

describe('one engine, two drivers', () => {
  POLICIES.forEach((name, policy) => {
    it(`${name}: the game with the fighters' own policies plays each fight as play() does (same dice, winner, rounds, HP, states)`, () => {
      specs.forEach((spec0, k) => {
        const spec = allPlay(spec0, policy);
        for (let s = 0; s < quickOr(3, 40); s++) {
          const direct = seeded(spec, 5 * k + s);
          const r = direct.f.play();
          const game = startFight(spec, seeded(spec, 5 * k + s).dice);
          const ret = playOut(d20Game, game, [d20Policy('own'), d20Policy('own')], game.dice);
          expect(ret).toEqual(r.winner === 2 ? [0.5, 0.5] : r.winner === 0 ? [1, 0] : [0, 1]);
          expect(snapshot(game)).toEqual(snapshot(direct.f));
          expect(game.dice.roll(1000)).toBe(direct.f.dice.roll(1000));
        }
      });
    });
  });

  it('a named policy given to the game plays its fighters by that policy, whatever the study says', () => {
    const spec = specs[0]!;
    const direct = seeded(allPlay(spec, POLICIES.indexOf('support')), 8);
    direct.f.play();
    const game = startFight(spec, seeded(spec, 8).dice);
    playOut(d20Game, game, [d20Policy('support'), d20Policy('support')], game.dice);
    expect(snapshot(game)).toEqual(snapshot(direct.f));
  });
});

describe('the game interface', () => {
  it('a clone plays on alone: the original is left as it was, and plays on to the same end on the same dice', () => {
    const spec = allPlay(specs[0]!, TACTICAL);
    const { f, dice } = seeded(spec, 3);
    f.begin();
    const pol = d20Policy('own');
    for (let k = 0; k < 12; k++) d20Game.apply(f, pol.choose(d20Game, f, d20Game.legalActions(f), dice), dice);
    const before = snapshot(f);
    const c = d20Game.clone(f);
    const other = seeded(spec, 99).dice;
    playOut(d20Game, c, [pol, pol], other);
    expect(d20Game.isTerminal(c)).toBe(true);
    expect(snapshot(f)).toEqual(before);
    expect(d20Game.isTerminal(f)).toBe(false);
    expect(d20Game.actor(f)).toBe(f.creatures[f.cursor]!.side);
    expect(d20Game.fighter(f)).toBe(f.cursor);
    const twin = d20Game.clone(f);
    const s1 = seeded(spec, 42).dice;
    const s2 = seeded(spec, 42).dice;
    expect(playOut(d20Game, f, [pol, pol], s1)).toEqual(playOut(d20Game, twin, [pol, pol], s2));
    expect(snapshot(twin)).toEqual(snapshot(f));
  });

  it('legal actions: attacks only on standing foes in reach or foes at 0 HP, Stabilize only on a dying ally with Supply in hand', () => {
    const spec = allPlay(specs[1]!, TACTICAL);
    const { f, dice } = seeded(spec, 6);
    f.begin();
    const pol = d20Policy('own');
    let checked = 0;
    while (!d20Game.isTerminal(f)) {
      const c = f.creatures[f.cursor]!;
      for (const a of legalActions(f, f.cursor)) {
        const t = a.target >= 0 ? f.creatures[a.target]! : undefined;
        const word = ACT_WORDS[a.act];
        if (word === 'attack') expect(t!.side).not.toBe(c.side);
        if (word === 'attack') expect(t!.state).not.toBe(DEAD);
        if (word === 'stabilize') expect([t!.side, t!.state, c.supply > 0]).toEqual([c.side, 1, true]);
        if (word === 'help') expect(t!.side).toBe(c.side);
        checked++;
      }
      d20Game.apply(f, pol.choose(d20Game, f, d20Game.legalActions(f), dice), dice);
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('named policies stay pinned', () => {
  it('the study with every policy named writes summary.csv and distribution.csv byte for byte as before tactical (150 fights, seed 4)', async () => {
    const out = tempDir();
    const r = await balanceIn(['run', join(process.cwd(), 'test/fixtures/d20-named.yaml'), '--trials', '150', '--seed', '4', '--workers', '0', '--out', out]);
    expect(r.code).toBe(0);
    const sha = (file: string) => createHash('sha256').update(readFileSync(join(out, file))).digest('hex');
    // Recorded with the engine of commit 084a4c2 (before the game interface and tactical).
    expect(sha('summary.csv')).toBe('1ec9659cd3ec35ff8ccf9d45c7e2889326d89003142ef61444c28e5bf03d8a63');
    expect(sha('distribution.csv')).toBe('1805dbbce0989f70a2af5cb65dbac769789fd499a7a1f10c266b178bdd4e82a7');
  });
});

describe('the trace contract', () => {
  it('every jsonl event, the end included, has fight, round, side and actor; the end\'s side is the winner\'s (null for a draw), its actor null', async () => {
    const party = readFileSync(join(process.cwd(), 'configs/d20-party-vs-monsters.yaml'), 'utf8').replace('maxRounds: 20', 'maxRounds: 4');
    const r = await balanceIn(['trace', studyFile(party), '--fights', '30', '--seed', '3', '--format', 'jsonl']);
    expect(r.code).toBe(0);
    const events = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const e of events) expect(Object.keys(e)).toEqual(expect.arrayContaining(['fight', 'round', 'side', 'actor', 'action']));
    const ends = events.filter((e) => e['action'] === 'end');
    expect(ends).toHaveLength(30);
    const side = { a: 'heroes', b: 'enemies', draw: null } as Record<string, string | null>;
    for (const e of ends) {
      expect(e).toEqual({ fight: e['fight'], round: e['rounds'], side: side[e['winner'] as string], actor: null, action: 'end', winner: e['winner'], rounds: e['rounds'] });
      const last = events.filter((x) => x['fight'] === e['fight'] && x['action'] !== 'end').at(-1)!;
      // A draw's after-fight rolls carry the round past the last (as before the game interface).
      expect(e['winner'] === 'draw' ? [e['round'], (e['round'] as number) + 1] : [e['round']]).toContain(last['round']);
    }
    expect(new Set(ends.map((e) => e['winner'])).size).toBeGreaterThan(1);
    expect(ends.some((e) => e['side'] === null)).toBe(true);
  });
});
