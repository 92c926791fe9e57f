/**
 * Audit of skirmish battles' artefacts (issue 34): plays N battles of every task of a battle study
 * with an observer and counts what a designer would not believe, per task:
 *   oscillations (an activation that Moves > 1" and ends within 0.5" of where the fighter's previous
 *   activation of > 1" began), Moves under 0.05", activations of Moves (every action a Move) that
 *   end where they began (< 0.05"; a Melee whose Shove pushed the attacker back and a Move back
 *   into contact is not one), draws with one side left only Stunned or Downed fighters, draws where no Active
 *   fighter sees an Active enemy (out of sight), Ranged shots taken while the shooter is within 1"
 *   of an Active enemy (by the task's rangedInMelee), and the first mover's win rate.
 *
 *   npm run build && node dist/scripts/battle-trace-audit.js STUDY.yaml [--battles N] [--seed S] [--players as-written|tactical|pinned]
 *
 * `pinned`: fighters with a Ranged or Cast weapon play `shooter`, the others `aggressive` (the old
 * defaults); `tactical`: every fighter plays the default player. Output: one CSV line per task.
 */
import { readFileSync } from 'node:fs';
import { RngDice } from '../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../src/dice/rng.js';
import { validate } from '../src/config/validate.js';
import { parseStudy } from '../src/config/load.js';
import { Act, Battle, type BattlePolicies } from '../src/systems/skirmish/battle/engine.js';
import { skirmishBattle } from '../src/systems/skirmish/battle/mode.js';
import { BATTLE_POLICIES } from '../src/systems/skirmish/battle/policies.js';
import { BattleDice } from '../src/systems/skirmish/battle/roll.js';
import type { BattleStudy } from '../src/systems/skirmish/battle/schema.js';
import { TACTICAL, type BattleSpec } from '../src/systems/skirmish/battle/setup.js';
import { AGGRESSIVE, SHOOTER } from '../src/systems/skirmish/duel/setup.js';
import { ACTIVE, OUT_OF_ACTION } from '../src/systems/skirmish/profile.js';

const MIN_MOVE = 0.05;

interface Counts {
  battles: number; moves: number; shortMoves: number; backWhereBegan: number; oscillations: number;
  draws: number; drawsFallen: number; drawsOutOfSight: number; shots: number; shotsInContact: number; firstMoverWins: number;
}

function arg(name: string, fallback: string): string {
  const k = process.argv.indexOf(name);
  return k > 0 ? process.argv[k + 1]! : fallback;
}

function withPlayers(spec: BattleSpec, players: string): BattleSpec {
  if (players === 'as-written') return spec;
  const probe = new Battle(spec, new BattleDice(new RngDice(new Xoshiro128ss(deriveStream(0)))), BATTLE_POLICIES);
  let i = 0;
  const side = (fs: BattleSpec['sides'][0]) => fs.map((f) => {
    const ranged = probe.shooting[i++]! >= 0;
    return { ...f, policy: players === 'tactical' ? TACTICAL : ranged ? SHOOTER : AGGRESSIVE };
  });
  return { ...spec, sides: [side(spec.sides[0]), side(spec.sides[1])] };
}

function audit(spec: BattleSpec, n: number, seed: number): Counts {
  const c: Counts = { battles: 0, moves: 0, shortMoves: 0, backWhereBegan: 0, oscillations: 0, draws: 0, drawsFallen: 0, drawsOutOfSight: 0, shots: 0, shotsInContact: 0, firstMoverWins: 0 };
  const rng = new Xoshiro128ss(deriveStream(seed, 34));

  // Positions before each decision; the activation's start; each fighter's previous activation (start, end).
  let fromX = 0;
  let fromY = 0;
  let deciding = -1;
  let cur = -1;
  let moved = false;
  // Whether the current activation took an action other than a Move.
  let other = false;
  // Where the current activation began, read at its own `activate` event: b.actX is already the
  // next fighter's start when close() runs on that fighter's `activate` event.
  let startX = 0;
  let startY = 0;
  const prev = new Map<number, [number, number, number, number]>();
  const policies: BattlePolicies = {
    ...BATTLE_POLICIES,
    action: (bt, i, reaction) => {
      const a = BATTLE_POLICIES.action(bt, i, reaction);
      if (a === Act.Ranged) {
        c.shots++;
        if (bt.engagedActive(i) > 0) c.shotsInContact++;
      }
      if (!reaction && i === cur && a !== Act.MoveTo && a !== Act.Move && a !== Act.MoveAway) other = true;
      deciding = i;
      fromX = bt.x[i]!;
      fromY = bt.y[i]!;
      return a;
    },
  };
  const close = () => {
    if (cur < 0) return;
    const dx = b.x[cur]! - startX;
    const dy = b.y[cur]! - startY;
    const d = Math.hypot(dx, dy);
    if (moved && !other && d < MIN_MOVE) c.backWhereBegan++;
    const p = prev.get(cur);
    if (moved && d > 1 && p !== undefined && Math.hypot(b.x[cur]! - p[0], b.y[cur]! - p[1]) < 0.5) c.oscillations++;
    if (moved && d > 1) prev.set(cur, [startX, startY, b.x[cur]!, b.y[cur]!]);
    cur = -1;
  };
  const b = new Battle(spec, new BattleDice(new RngDice(rng), rng), policies);
  b.observer = {
    begin: () => prev.clear(),
    event: (e) => {
      if (e.action === 'activate' || e.action === 'initiative') {
        close();
        if (e.action === 'activate') {
          cur = b.labels.indexOf(e.actor);
          moved = false;
          other = false;
          startX = b.x[cur]!;
          startY = b.y[cur]!;
        }
      }
      if (e.action === 'move' && e.reaction !== true && deciding >= 0) {
        c.moves++;
        if (deciding === cur) moved = true;
        if (Math.hypot(b.x[deciding]! - fromX, b.y[deciding]! - fromY) < MIN_MOVE) c.shortMoves++;
      }
    },
    end: () => close(),
  };
  for (let k = 0; k !== n; ++k) {
    const w = b.play();
    c.battles++;
    if (w === b.firstMover) c.firstMoverWins++;
    if (w !== 2) continue;
    c.draws++;
    const fallenOnly = (s: number) => {
      let left = 0;
      for (let i = b.from(s), end = b.to(s); i !== end; ++i) {
        if (b.state[i] === ACTIVE) return false;
        if (b.state[i] !== OUT_OF_ACTION) left++;
      }
      return left > 0;
    };
    if (fallenOnly(0) || fallenOnly(1)) c.drawsFallen++;
    else {
      let sight = false;
      for (let i = 0; i !== b.n && !sight; ++i) {
        if (b.state[i] !== ACTIVE) continue;
        for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
          if (b.state[j] === ACTIVE && b.hidden[j] === 0 && b.lineOfSight(i, j)) sight = true;
        }
      }
      if (!sight) c.drawsOutOfSight++;
    }
  }
  return c;
}

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write('usage: node dist/scripts/battle-trace-audit.js STUDY.yaml [--battles N] [--seed S] [--players as-written|tactical|pinned]\n');
  process.exit(2);
}
const n = Number(arg('--battles', '2000'));
const seed = Number(arg('--seed', '1'));
const players = arg('--players', 'as-written');
const study = validate(parseStudy(file, readFileSync(file, 'utf8')), skirmishBattle.schema) as BattleStudy;
const tasks = skirmishBattle.plan(study, n);
process.stdout.write('task,variant,a,b,players,rangedInMelee,battles,moves,short_moves,back_where_began,oscillations,draws,draws_fallen_only,draws_out_of_sight,shots,shots_in_contact,first_mover_win_rate\n');
tasks.forEach((t, k) => {
  const c = audit(withPlayers(t.spec, players), n, seed * 1000 + k);
  const l = t.labels as Record<string, string>;
  process.stdout.write(`${k},${l['variant']},${l['a']},${l['b']},${players},${t.spec.knobs.rangedInMelee ?? 'allowed'},${c.battles},${c.moves},${c.shortMoves},${c.backWhereBegan},${c.oscillations},${c.draws},${c.drawsFallen},${c.drawsOutOfSight},${c.shots},${c.shotsInContact},${(c.firstMoverWins / c.battles).toFixed(4)}\n`);
});
