/**
 * Solved duel policies: `best-response` (a Markov decision process against the other side's
 * named policy) and `optimal` (both sides solve: the zero-sum game's subgame-perfect value). The
 * score is P(a wins) + 1/2 P(draw); a maximises it, b minimises it. Backward induction by
 * memoised recursion over the same boundaries as the exact walker (exact.ts): round start,
 * activation start, action boundary. At an action boundary a solving side tries every action the
 * rules allow there (candidates()) and each is one step of the SAME engine, replayed per dice
 * path. Sub-decisions inside an action (Ranged Reactions, how far a Move, Dodge or Shove goes)
 * stay with the side's named policy.
 *
 * Decision table (for `policy: best-response | optimal` in studies; solved-table.ts): pass a
 * SolvedTable as `table` and, at every action boundary where a side solves, the solver records
 * the action it picked with `table.record(round, side, which, s, action)` (s: the saved state
 * at the boundary, actions left before the action is counted; which: 0 for the round's first
 * activation, 1 for the second). SolvedPolicy (solved-policy.ts) plays the table through
 * `table.decide(duel, side)`, which answers that pick or -1. A faster solver must keep calling
 * record() once per solved boundary it values, with the action it keeps (ties, within TIE: the
 * first candidate, the named pick); the table test (test/systems/skirmish/duel/solved-policy.test.ts)
 * checks that every state solved play reaches is in the table.
 */
import { ACTIVE, DOWNED, STUNNED } from '../profile.js';
import { Action, ENGAGEMENT, type DuelPolicy, type DuelView } from './actions.js';
import { DuelWalker, MAX_EXACT_PATHS, MAX_EXACT_STATES } from './exact.js';
import { DUEL_POLICY } from './policies.js';
import type { DuelSpec } from './setup.js';
import type { SolvedTable } from './solved-table.js';
import { atActivationStart, restoreState, saveState, stateKey } from './state.js';

/**
 * A candidate replaces the best so far only when better by more than this: values are sums of
 * path probabilities, so an action worth exactly as much can come out 1e-16 ahead, and the
 * table would then swap a sure Mercy Kill for a walk away. Ties keep the first candidate (the
 * named pick).
 */
const TIE = 1e-12;

/** How each side chooses: its named policy, or solved (a maximises, b minimises). */
export type SideMode = 'named' | 'solved';

/** The named policy, except that the walker may force the next activation action. */
class ForcedPolicy implements DuelPolicy {
  forced = -1;
  decide(duel: DuelView, s: number, reaction: boolean): Action {
    if (!reaction && this.forced >= 0) {
      const a = this.forced as Action;
      this.forced = -1;
      return a;
    }
    return DUEL_POLICY.decide(duel, s, reaction);
  }
  moveInches(duel: DuelView, s: number, action: Action, allowance: number): number {
    return DUEL_POLICY.moveInches(duel, s, action, allowance);
  }
  manoeuvreInches(duel: DuelView, s: number, manoeuvre: number): number {
    return DUEL_POLICY.manoeuvreInches(duel, s, manoeuvre);
  }
}

/**
 * The actions the rules give side s at an action boundary, the named policy's pick always among
 * them (so a solved side can do whatever the named one does). Actions the engine would turn into
 * nothing are left out; Retreat is the same engine path as Move away (a Move away while engaged
 * with an Active enemy is a Retreat).
 */
export function candidates(duel: DuelView, s: number): Action[] {
  const f = duel.fighters[s]!;
  const e = duel.fighters[1 - s]!;
  const out: Action[] = [];
  const add = (a: Action): void => {
    if (!out.includes(a)) out.push(a);
  };
  const named = DUEL_POLICY.decide(duel, s, false);
  add(named === Action.Retreat ? Action.MoveAway : named);
  if (f.state === DOWNED) {
    add(Action.Recover);
    add(Action.CrawlAway);
    return out;
  }
  if (f.state === STUNNED) return out;
  if (f.state !== ACTIVE) return out;
  const engaged = duel.distance <= ENGAGEMENT;
  if (duel.distance > 0) add(Action.MoveToward);
  add(Action.MoveAway);
  if (duel.distance > ENGAGEMENT && duel.canCharge(s)) add(Action.Charge);
  if (engaged && e.state === ACTIVE) add(Action.Melee);
  if (engaged && (e.state === DOWNED || e.state === STUNNED)) add(Action.MercyKill);
  if (f.shooting >= 0 && duel.canShoot(s)) {
    if (f.weapons.some((w) => w.ranged)) add(Action.Ranged);
    if (f.weapons.some((w) => w.cast)) add(Action.Cast);
    if (f.aimed === 0) add(Action.Aim);
  }
  add(Action.Brace);
  if (duel.canHide(s) && !f.hidden) add(Action.Hide);
  return out;
}

export interface SolveResult {
  /** P(a wins) + 1/2 P(draw) under the solved play. */
  readonly value: number;
  /** Distinct boundary states valued. */
  readonly states: number;
  readonly paths: number;
}

/** Solves a duel: each side plays its named policy or solves (modes[0] for a, modes[1] for b). */
export function solveDuel(
  spec: DuelSpec, modes: readonly [SideMode, SideMode], limits = { states: MAX_EXACT_STATES, paths: MAX_EXACT_PATHS }, table: SolvedTable | null = null,
): SolveResult {
  const policy = new ForcedPolicy();
  const w = new DuelWalker(spec, policy, limits);
  const { duel } = w;
  const maxRounds = spec.settings.maxRounds;
  const memo = new Map<string, number>();
  const remember = (key: string, v: number): number => {
    if (++w.states > limits.states) w.tooMany();
    memo.set(key, v);
    return v;
  };
  const terminal = (winner: number): number => (winner === 0 ? 1 : winner === 1 ? 0 : 0.5);

  /** Start of round r. */
  const round = (r: number, s: number[]): number => {
    if (r > maxRounds) return 0.5;
    const key = `r${r}|${stateKey(s)}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let v = 0;
    for (const o of w.step(s, r, 2, () => duel.initiative())) v += o.p * (o.value < 0 ? round(r + 1, o.s) : activation(r, o.value, 0, o.s));
    return remember(key, v);
  };
  /** Start of side's activation (which: 0 first, 1 second of the round). */
  const activation = (r: number, side: number, which: number, s: number[]): number => {
    const key = `s${r}|${side}|${which}|${stateKey(s)}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let v = 0;
    for (const o of w.step(s, r, 0, () => (duel.beginActivation(side) ? 1 : 0))) v += o.p * action(r, side, which, o.s);
    return remember(key, v);
  };
  /** An action boundary of side's activation. */
  const action = (r: number, side: number, which: number, s: number[]): number => {
    restoreState(duel, s);
    duel.over = false;
    duel.round = r;
    if (!duel.actionsGoOn(side)) {
      const next = atActivationStart([...s]);
      return which === 0 ? activation(r, 1 - side, 1, next) : round(r + 1, next);
    }
    const key = `a${r}|${side}|${which}|${stateKey(s)}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const solving = modes[side] === 'solved';
    // The policy decides after the action is counted (Duel.nextAction): show it the same count.
    duel.actionsLeft--;
    const choices: number[] = solving ? candidates(duel, side) : [-1];
    duel.actionsLeft++;
    let best = solving ? (side === 0 ? -1 : 2) : 0;
    let pick = -1;
    for (const c of choices) {
      let v = 0;
      for (const o of w.step(s, r, Infinity, () => {
        policy.forced = c;
        duel.nextAction(side);
        policy.forced = -1;
        return 0;
      })) v += o.p * (o.over ? terminal(o.winner) : action(r, side, which, o.s));
      if (!solving) best = v;
      else if (side === 0 ? v > best + TIE : v < best - TIE) {
        best = v;
        pick = c;
      }
    }
    if (table !== null && pick >= 0) table.record(r, side, which, s, pick as Action);
    return remember(key, best);
  };

  duel.start();
  const value = round(1, saveState(duel));
  return { value, states: w.states, paths: w.paths };
}
