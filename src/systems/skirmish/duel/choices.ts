/**
 * What a solving side (`best-response`, `optimal`) may choose, and among which options (solve.ts,
 * decisions.ts). The named policy's own choice always comes first in every list, so a solved
 * side can do whatever the named one does (best response >= named holds exactly) and keeps it
 * on ties.
 *
 * - candidates(): the action at an action boundary, among those the rules allow there.
 * - reactionOptions(): the Ranged Reaction (seed 000: the target "may perform a single free
 *   action"): any action the rules allow, or none (Action.None: declining).
 * - moveStops(): how far a Move toward or away, a Retreat or a Crawl goes: the named policy's
 *   length, the full allowance, and the stops that matter within the allowance (stops()).
 * - manoeuvreStops(): how far a Dodge or Shove moves ("up to 2""): the named policy's length,
 *   2", 0", and the stops that matter within 2".
 * A Charge has no length to choose: it ends in base contact (engine.ts charge()).
 */
import { ACTIVE, DOWNED, STUNNED } from '../profile.js';
import { Action, ENGAGEMENT, HIDDEN_RANGE, MANOEUVRE_INCHES, type DuelView } from './actions.js';
import { DUEL_POLICY } from './policies.js';

const EPS = 1e-9;

/**
 * The actions the rules give side s at an action boundary, the named policy's pick always among
 * them (so a solved side can do whatever the named one does). Actions the engine would turn into
 * nothing are left out; Retreat is the same engine path as Move away (a Move away while engaged
 * with an Active enemy is a Retreat).
 */
export function candidates(duel: DuelView, s: number): Action[] {
  const out: Action[] = [];
  const named = DUEL_POLICY.decide(duel, s, false);
  addAction(out, named === Action.Retreat ? Action.MoveAway : named);
  legalActions(duel, s, out);
  return out;
}

/**
 * Side s's Ranged Reaction options: the named policy's reaction, declining, then every action the
 * rules allow except Aim (a reaction's Aim would only serve a second reaction in the same enemy
 * activation; left out to keep the reaction's tree small, unless the named policy picks it).
 */
export function reactionOptions(duel: DuelView, s: number): Action[] {
  const out: Action[] = [];
  const named = DUEL_POLICY.decide(duel, s, true);
  addAction(out, named === Action.Retreat ? Action.MoveAway : named);
  addAction(out, Action.None);
  legalActions(duel, s, out, false);
  return out;
}

function addAction(out: Action[], a: Action): void {
  if (!out.includes(a)) out.push(a);
}

function legalActions(duel: DuelView, s: number, out: Action[], aim = true): void {
  const f = duel.fighters[s]!;
  const e = duel.fighters[1 - s]!;
  if (f.state === DOWNED) {
    addAction(out, Action.Recover);
    addAction(out, Action.CrawlAway);
    return;
  }
  if (f.state === STUNNED || f.state !== ACTIVE) return;
  const engaged = duel.distance <= ENGAGEMENT;
  if (duel.distance > 0) addAction(out, Action.MoveToward);
  addAction(out, Action.MoveAway);
  if (duel.distance > ENGAGEMENT && duel.canCharge(s)) addAction(out, Action.Charge);
  if (engaged && e.state === ACTIVE) addAction(out, Action.Melee);
  if (engaged && (e.state === DOWNED || e.state === STUNNED)) addAction(out, Action.MercyKill);
  if (f.shooting >= 0 && duel.canShoot(s)) {
    if (f.weapons.some((w) => w.ranged)) addAction(out, Action.Ranged);
    if (f.weapons.some((w) => w.cast)) addAction(out, Action.Cast);
    if (aim && f.aimed === 0) addAction(out, Action.Aim);
  }
  addAction(out, Action.Brace);
  if (duel.canHide(s) && !f.hidden) addAction(out, Action.Hide);
}

/** A distance that matters to side s, and why (explain-policy prints the reason). */
export interface Stop {
  readonly at: number;
  readonly why: string;
}

/** stops() per fighter (a duel's fighters and terrain never change: the list is built once). */
const STOPS = new WeakMap<object, readonly Stop[]>();

/**
 * The distances that matter to side s (whole inches: "just outside" a bound is 1" beyond it): its
 * own charge reach (Movement + 1"), just out of the enemy's charge reach (its Movement + 2"),
 * each Ranged or Cast weapon's range bounds of either side just inside and just outside (min - 1,
 * min, max, max + 1), and with terrain the Hidden range (6", 7"). Engagement itself is the
 * Charge's business (a Move that could end within 1" could Charge) and base contact is a Move's
 * full allowance; a Retreat's or Crawl's "just out of engagement" (2") is added by moveStops.
 */
export function stops(duel: DuelView, s: number): readonly Stop[] {
  const f = duel.fighters[s]!;
  const known = STOPS.get(f);
  if (known !== undefined) return known;
  const e = duel.fighters[1 - s]!;
  const out: Stop[] = [
    { at: f.movement + ENGAGEMENT, why: 'in its charge reach' },
    { at: e.movement + ENGAGEMENT + 1, why: "out of the enemy's charge reach" },
  ];
  for (const [who, x] of [['its', f], ["the enemy's", e]] as const) {
    for (const w of x.weapons) {
      if (!w.ranged && !w.cast) continue;
      out.push({ at: w.max, why: `in ${who} range` }, { at: w.max + 1, why: `out of ${who} range` });
      if (w.min > 0) out.push({ at: w.min, why: `in ${who} range` }, { at: w.min - 1, why: `inside ${who} minimum range` });
    }
  }
  if (duel.spec.settings.terrain) out.push({ at: HIDDEN_RANGE, why: 'within 6", where Hidden does not protect' }, { at: HIDDEN_RANGE + 1, why: 'beyond 6", where Hidden protects' });
  const list = out.filter((x) => x.at > 0);
  STOPS.set(f, list);
  return list;
}

/** Just out of engagement range: where a Retreat or a Crawl out of Mercy Kill range may stop. */
const LEAVE: Stop = { at: ENGAGEMENT + 1, why: 'out of engagement' };

/** The distance after side s moves `inches` with `action` (a Move toward closes, anything else opens). */
function target(duel: DuelView, action: Action, inches: number): number {
  return action === Action.MoveToward ? Math.max(0, duel.distance - inches) : duel.distance + inches;
}

function addInches(out: number[], duel: DuelView, action: Action, inches: number): void {
  const t = target(duel, action, inches);
  for (let k = 0; k !== out.length; ++k) if (Math.abs(target(duel, action, out[k]!) - t) < EPS) return;
  out.push(inches);
}

/**
 * How far side s may move with `action` (MoveToward, MoveAway, Retreat, CrawlAway) and
 * `allowance`: the named policy's inches first, then the full allowance, then every stop of
 * stops() strictly within the allowance (a Retreat only to beyond engagement range). Options
 * with the same end distance count once.
 */
export function moveStops(duel: DuelView, s: number, action: Action, allowance: number, named: number): number[] {
  const d = duel.distance;
  const out: number[] = [named];
  const list = stops(duel, s);
  if (action === Action.MoveToward) {
    addInches(out, duel, action, Math.min(allowance, d));
    for (let k = 0; k !== list.length; ++k) {
      const x = list[k]!;
      if (x.at < d - EPS && d - x.at <= allowance + EPS) addInches(out, duel, action, d - x.at);
    }
  } else {
    addInches(out, duel, action, allowance);
    const least = action === Action.Retreat ? ENGAGEMENT + EPS : 0;
    if (action !== Action.MoveAway) addStop(out, duel, action, allowance, least, LEAVE);
    for (let k = 0; k !== list.length; ++k) addStop(out, duel, action, allowance, least, list[k]!);
  }
  return out;
}

/** moveStops' stop x of a move away (Retreat, Crawl): when beyond the distance and `least`, and within the allowance. */
function addStop(out: number[], duel: DuelView, action: Action, allowance: number, least: number, x: Stop): void {
  const d = duel.distance;
  if (x.at > d + EPS && x.at > least && x.at - d <= allowance + EPS) addInches(out, duel, action, x.at - d);
}

/**
 * How far side s's Dodge or Shove moves: the named policy's inches, the full 2", or none. Only
 * these (no stops within the 2"): a manoeuvre's options multiply every choice after it in the
 * step (the Ranged Reaction and its own dice), and in ranged duels more options cost the solver
 * several times its time (measured: docs/performance.md, "Exact duels and solved policies").
 */
export function manoeuvreStops(duel: DuelView, named: number): number[] {
  const out: number[] = [named];
  addInches(out, duel, Action.MoveAway, MANOEUVRE_INCHES);
  addInches(out, duel, Action.MoveAway, 0);
  return out;
}

/** Why a move of `inches` is worth making (explain-policy): the stop it ends at, or "full Movement". */
export function stopReason(duel: DuelView, s: number, action: Action, allowance: number, inches: number): string {
  const t = target(duel, action, inches);
  const hit = [...stops(duel, s), LEAVE].find((x) => Math.abs(x.at - t) < EPS);
  if (hit !== undefined) return hit.why;
  return Math.abs(inches - allowance) < EPS ? 'full Movement' : t === 0 ? 'base contact' : '';
}
