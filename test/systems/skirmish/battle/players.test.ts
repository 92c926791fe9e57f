/**
 * Trace invariants of `tactical`, the battles' default player (issues 28 and 34), over a few hundred
 * battles of the players fixture and the shipped terrain study with every fighter tactical (many
 * more under BALANCE_TEST_FULL=1), checked at each decision as the battle is played:
 * - no Move goes nowhere (< 0.05");
 * - no activation of Moves ends where it began (34.3: oscillation);
 * - a fighter with a Ranged or Cast weapon never ends a Move inside an Active melee threat's charge
 *   reach (its Movement + 1"), and when it Moves out of one while a destination out of reach keeps
 *   a shot it takes such a destination (28: "when a destination allows it");
 * - a fighter without one never ends a Move inside the charge reach of a threat still to activate
 *   this round (34.1: the initiative must not make it be struck first);
 * - the battles end (34.2): a draw with one side left only Downed or Stunned fighters and the other
 *   an Active one is rare (kites froze in 163 of 189 draws);
 * - shooters do not always Aim (34.6): two shots where they put the target down more often.
 */
import { describe, expect, it } from 'vitest';
import { Act, type Battle, PHASE_OVER, PHASE_REACTION } from '../../../../src/systems/skirmish/battle/engine.js';
import { menuOf } from '../../../../src/systems/skirmish/battle/game.js';
import { MIN_MOVE } from '../../../../src/systems/skirmish/battle/menu.js';
import { TACTICAL } from '../../../../src/systems/skirmish/battle/setup.js';
import { inReach, shotFrom } from '../../../../src/systems/skirmish/battle/tactical.js';
import { ACTIVE, OUT_OF_ACTION } from '../../../../src/systems/skirmish/profile.js';
import { quickOr } from '../../../helpers/sample.js';
import { allPlay, seeded, studySpecs } from './players.js';

interface Tally {
  battles: number;
  moves: number;
  shortMoves: number;
  activations: number;
  backWhereBegan: number;
  shooterMovesInReach: number;
  threatenedMoves: number;
  shotLost: number;
  meleeMovesInReach: number;
  draws: number;
  frozenDraws: number;
  aims: number;
  shots: number;
}

function blank(): Tally {
  return { battles: 0, moves: 0, shortMoves: 0, activations: 0, backWhereBegan: 0, shooterMovesInReach: 0, threatenedMoves: 0, shotLost: 0, meleeMovesInReach: 0, draws: 0, frozenDraws: 0, aims: 0, shots: 0 };
}

/** Whether a menu destination of i's Move is out of every threat's reach and keeps a shot. */
function safeShotExists(b: Battle, i: number): boolean {
  const m = menuOf(b);
  const n = m.moves(i, b.movement[i]!);
  const xs = Array.from(m.x.subarray(0, n));
  const ys = Array.from(m.y.subarray(0, n));
  return xs.some((x, k) => !inReach(b, i, x, ys[k]!, false) && shotFrom(b, i, x, ys[k]!));
}

/** Plays one battle decision by decision with the fighters' own policies, counting into t. */
function play(b: Battle, t: Tally): void {
  b.start();
  // Per activation (round:fighter): where it began, whether every action was a Move.
  const acts = new Map<string, { x: number; y: number; i: number; moves: number; other: number; endX: number; endY: number }>();
  while (b.phase !== PHASE_OVER) {
    const i = b.decider;
    const reaction = b.phase === PHASE_REACTION;
    const code = b.policies.action(b, i, reaction);
    if (b.policy[i] === TACTICAL) {
      const key = `${b.round}:${b.cur}`;
      if (!reaction && !acts.has(key)) acts.set(key, { x: b.actX, y: b.actY, i, moves: 0, other: 0, endX: b.actX, endY: b.actY });
      const a = reaction ? undefined : acts.get(key);
      if (code === Act.Aim) t.aims++;
      if (code === Act.Ranged) t.shots++;
      if (code === Act.MoveTo) {
        t.moves++;
        if (a !== undefined) a.moves++;
        const x = b.destX;
        const y = b.destY;
        if (Math.hypot(x - b.x[i]!, y - b.y[i]!) < MIN_MOVE) t.shortMoves++;
        if (b.shooting[i]! >= 0) {
          if (inReach(b, i, x, y, false)) t.shooterMovesInReach++;
          if (inReach(b, i, b.x[i]!, b.y[i]!, false)) {
            t.threatenedMoves++;
            if (!shotFrom(b, i, x, y) && safeShotExists(b, i)) t.shotLost++;
          }
        } else if (inReach(b, i, x, y, true)) {
          t.meleeMovesInReach++;
        }
      } else if (a !== undefined) {
        a.other++;
      }
    }
    const a = !reaction && b.policy[i] === TACTICAL ? acts.get(`${b.round}:${b.cur}`) : undefined;
    b.decide(code);
    if (a !== undefined) {
      a.endX = b.x[i]!;
      a.endY = b.y[i]!;
    }
  }
  for (const a of acts.values()) {
    t.activations++;
    if (a.moves > 0 && a.other === 0 && Math.hypot(a.endX - a.x, a.endY - a.y) < MIN_MOVE) t.backWhereBegan++;
  }
  t.battles++;
  if (b.winner === 2) {
    t.draws++;
    const standing = (s: number, st: number) => {
      for (let k = b.from(s), end = b.to(s); k !== end; ++k) if (b.state[k] === st) return true;
      return false;
    };
    const lamed = (s: number) => !standing(s, ACTIVE) && [...Array(b.to(s) - b.from(s)).keys()].some((k) => b.state[b.from(s) + k] !== OUT_OF_ACTION);
    if ((lamed(0) && standing(1, ACTIVE)) || (lamed(1) && standing(0, ACTIVE))) t.frozenDraws++;
  }
}

const FILES = ['test/fixtures/battle-players.yaml', 'configs/skirmish-battle-terrain.yaml'];

describe('tactical, the default player: trace invariants over a few hundred battles', () => {
  const t = blank();
  const specs = FILES.flatMap((f) => studySpecs(f)).map((s) => allPlay(s, TACTICAL));
  const per = quickOr(9, 100);
  it(`plays ${per} battles of each of ${specs.length} tasks`, () => {
    specs.forEach((spec, k) => {
      for (let s = 0; s < per; s++) play(seeded(spec, 31 * k + s).b, t);
    });
    expect(t.battles).toBe(per * specs.length);
    expect(t.moves).toBeGreaterThan(100);
  });

  it('no Move goes nowhere (< 0.05")', () => expect(t.shortMoves).toBe(0));
  it('no activation of Moves ends where it began', () => expect(t.backWhereBegan).toBe(0));
  it('a shooter never ends a Move inside an Active melee threat\'s charge reach', () => expect(t.shooterMovesInReach).toBe(0));
  it('a threatened shooter keeps its shot whenever a destination out of reach keeps one', () => expect(t.shotLost).toBe(0));
  it('a melee fighter never ends a Move inside the charge reach of a threat still to activate this round', () => expect(t.meleeMovesInReach).toBe(0));
  it('battles end: draws with one side left only Downed or Stunned fighters are rare (kite: 2.42%)', () => {
    // Seen: 1 in 189 (a fighter Stunned in the last round): the reference rate p0. The bound is
    // derived from its standard error at this many battles (4 SE), not hand-tuned.
    const p0 = 1 / 189;
    const bound = p0 + 4 * Math.sqrt((p0 * (1 - p0)) / t.battles);
    expect(t.frozenDraws / t.battles).toBeLessThanOrEqual(bound);
  });
  it('shooters both Aim and shoot twice (by the exact distributions, issue 34.6)', () => {
    expect(t.aims).toBeGreaterThan(0);
    expect(t.shots).toBeGreaterThan(2 * t.aims);
  });
});
