/**
 * Skirmish battles as a game (src/games/game.ts): the acting fighter's legal actions, applying one
 * with dice, clones, the end and its returns. The decisions are the fighters' own: each action of
 * an activation and each Ranged Reaction. Which fighter activates next, when a side spends a Pass
 * token and how far a Dodge or Shove moves stay with the battle's side and fighter policies
 * (BattlePolicies), as in play(); the game drives the same machine (engine.ts start, decide).
 *
 * legalActions() lists what the rules allow (allowed() is the rule for any one action): None,
 * Recover, Crawl destinations, Brace, Hide, Aim, Help, Melee and Mercy Kill at each enemy they may
 * strike, Ranged or Cast at each legal target, Charge destinations, Move destinations (menu.ts:
 * shortest legal paths, a finite set of useful stops) or, engaged with an Active enemy, Retreat
 * lengths. Moves, Charges and Crawls are destinations: apply() puts the fighter there (the path is
 * the rules' business: allowed() measures the shortest one). For a fighter that plays a named
 * policy the list also holds that policy's own pick when allowed() accepts it, as the duels'
 * candidates() do: the named policies move by their own straight lines, which the menu does not
 * list, and the illegal-action guard then checks each of their picks against the rules.
 */
import type { Game, GamePolicy } from '../../../games/game.js';
import { DEFAULT_SEARCH_BUDGET, searchPolicy, type SearchPolicy } from '../../../games/search.js';
import type { BattleSpec } from './setup.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../profile.js';
import { canCrawl, canHide, crawlAllowance } from '../fight-rules.js';
import { AGGRESSIVE, KITE, SHOOTER } from '../duel/setup.js';
import { ENGAGEMENT } from './board.js';
import { Act, ACT_NAMES, type Battle, PHASE_OVER, PHASE_REACTION } from './engine.js';
import { Menu, MIN_MOVE } from './menu.js';

const EPS = 1e-9;
/** Slack on a path's length against the allowance (floating point; a straight line measured two ways). */
const SLACK = 1e-6;

export interface BattleAction {
  readonly act: number;
  /** The fighter aimed at, struck, helped or headed for; -1 for none. */
  readonly target: number;
  /** Destination of MoveTo, ChargeTo, CrawlTo; inches of a Retreat (amount). */
  readonly x: number;
  readonly y: number;
  readonly amount: number;
}

export function describeAction(b: Battle, a: BattleAction): string {
  const name = a.act === Act.MoveTo || a.act === Act.ChargeTo || a.act === Act.CrawlTo ? `${ACT_NAMES[a.act]} to (${a.x.toFixed(3)}, ${a.y.toFixed(3)})` : ACT_NAMES[a.act]!;
  return `${name}${a.target >= 0 ? ` -> ${b.labels[a.target]}` : ''}${a.act === Act.Retreat ? ` ${a.amount.toFixed(3)}"` : ''}`;
}

function action(act: number, target = -1, x = 0, y = 0, amount = 0): BattleAction {
  return { act, target, x, y, amount };
}

const isMove = (act: number): boolean => act === Act.MoveTo || act === Act.ChargeTo || act === Act.CrawlTo;

/** One menu per battle object (menus hold scratch arrays). */
const MENUS = new WeakMap<Battle, Menu>();
export function menuOf(b: Battle): Menu {
  let m = MENUS.get(b);
  if (m === undefined) {
    m = new Menu(b);
    MENUS.set(b, m);
  }
  return m;
}

/** Whether fighter i may Move at all (not while engaged with an Active enemy: that is a Retreat). */
function mayMove(b: Battle, i: number): boolean {
  return b.state[i] === ACTIVE && !b.engaged(i, true);
}

/**
 * The rules for one action of fighter i now (`reaction`: in a Ranged Reaction): the checks the
 * engine's actions make, and for a destination a shortest legal path within the allowance (paths.ts),
 * on the board and not on a base.
 */
export function allowed(b: Battle, i: number, a: BattleAction, reaction: boolean): boolean {
  const st = b.state[i]!;
  const t = a.target;
  const enemy = t >= 0 && t < b.n && b.side[t] !== b.side[i] && b.state[t] !== OUT_OF_ACTION;
  const within = enemy && b.gap(i, t) <= ENGAGEMENT + EPS;
  switch (a.act) {
    case Act.None:
      return true;
    case Act.Recover:
      return st === DOWNED && !reaction;
    case Act.CrawlTo:
      return canCrawl(st, b.stunnedActs) && reachable(b, i, a.x, a.y, crawlAllowance(b.movement[i]!));
    default:
      break;
  }
  if (st !== ACTIVE) return false;
  switch (a.act) {
    case Act.Brace:
      return true;
    case Act.Hide:
      return canHide(b.nearTerrain(i), b.fired[i] === 1);
    case Act.Aim:
      return !reaction && b.shooting[i]! >= 0 && b.weapons[i]![b.shooting[i]!]!.kind !== 'cast';
    case Act.Help:
      return t >= 0 && t !== i && b.side[t] === b.side[i] && (b.state[t] === DOWNED || b.state[t] === STUNNED) && b.gap(i, t) <= ENGAGEMENT + EPS;
    case Act.Melee:
      return within && (b.state[t] === ACTIVE || b.engagedActive(i) === 0);
    case Act.MercyKill:
      return within && b.state[t] !== ACTIVE && b.mercyAllowed(i, t);
    case Act.Ranged:
    case Act.Cast: {
      const w = b.shooting[i]!;
      if (!enemy || w < 0 || (b.weapons[i]![w]!.kind === 'cast') !== (a.act === Act.Cast)) return false;
      b.rangedTargets(i, reaction);
      return b.candidate[t] === 1;
    }
    case Act.Retreat:
      return b.engaged(i, false) && a.amount > 0 && a.amount <= b.movement[i]! + EPS;
    case Act.MoveTo:
      return mayMove(b, i) && reachable(b, i, a.x, a.y, b.movement[i]!);
    case Act.ChargeTo:
      return mayMove(b, i) && reachable(b, i, a.x, a.y, b.movement[i]!) && engagesAt(b, i, a.x, a.y);
    default:
      return false;
  }
}

/** A base of i at (x, y): on the board, on no other base, and a shortest legal path from where i stands within `allowance`. */
function reachable(b: Battle, i: number, x: number, y: number, allowance: number): boolean {
  const m = menuOf(b);
  if (m.onBase(i, x, y) >= 0) return false;
  if (Math.abs(x - b.x[i]!) < EPS && Math.abs(y - b.y[i]!) < EPS) return true;
  return m.paths.find(i, b.x[i]!, b.y[i]!, x, y, -1) <= allowance + SLACK;
}

/** Whether a base of i at (x, y) would be within 1" of an enemy not Out of Action (a Charge's end). */
function engagesAt(b: Battle, i: number, x: number, y: number): boolean {
  for (let j = b.from(1 - b.side[i]!), end = b.to(1 - b.side[i]!); j !== end; ++j) {
    if (b.state[j] === OUT_OF_ACTION) continue;
    const g = Math.sqrt((x - b.x[j]!) ** 2 + (y - b.y[j]!) ** 2) - b.r[i]! - b.r[j]!;
    if (g <= ENGAGEMENT + EPS) return true;
  }
  return false;
}

/** The menu of fighter i now: every action allowed() accepts, moves as menu.ts destinations (see the head comment). */
export function menuActions(b: Battle, i: number, reaction: boolean): BattleAction[] {
  const out: BattleAction[] = [action(Act.None)];
  const st = b.state[i]!;
  const m = menuOf(b);
  if (st === DOWNED && !reaction) out.push(action(Act.Recover));
  if (canCrawl(st, b.stunnedActs)) {
    const n = m.moves(i, crawlAllowance(b.movement[i]!));
    for (let k = 0; k !== n; ++k) out.push(action(Act.CrawlTo, m.toward[k]!, m.x[k]!, m.y[k]!));
  }
  if (st !== ACTIVE) return out;
  out.push(action(Act.Brace));
  if (canHide(b.nearTerrain(i), b.fired[i] === 1)) out.push(action(Act.Hide));
  const w = b.shooting[i]!;
  const cast = w >= 0 && b.weapons[i]![w]!.kind === 'cast';
  if (w >= 0 && !cast && !reaction) out.push(action(Act.Aim));
  const activeNear = b.engagedActive(i);
  for (let k = 0; k !== b.n; ++k) {
    if (k === i || b.state[k] === OUT_OF_ACTION || b.gap(i, k) > ENGAGEMENT + EPS) continue;
    if (b.side[k] === b.side[i]) {
      if (b.state[k] !== ACTIVE) out.push(action(Act.Help, k));
    } else {
      if (b.state[k] === ACTIVE || activeNear === 0) out.push(action(Act.Melee, k));
      if (b.state[k] !== ACTIVE && b.mercyAllowed(i, k)) out.push(action(Act.MercyKill, k));
    }
  }
  if (w >= 0 && b.rangedTargets(i, reaction) > 0) {
    for (let k = 0; k !== b.n; ++k) if (b.candidate[k] === 1) out.push(action(cast ? Act.Cast : Act.Ranged, k));
  }
  if (b.engaged(i, false)) {
    // Retreat lengths: just out of engagement, the full Movement (a Retreat moves directly away from the nearest enemy).
    const near = b.nearestEnemy(i, false);
    const out1 = Math.min(b.movement[i]!, Math.max(MIN_MOVE, ENGAGEMENT + 0.01 - b.gap(i, near)));
    if (b.movement[i]! > 0) {
      out.push(action(Act.Retreat, -1, 0, 0, out1));
      if (b.movement[i]! > out1 + EPS) out.push(action(Act.Retreat, -1, 0, 0, b.movement[i]!));
    }
  }
  if (mayMove(b, i)) {
    let n = m.charges(i);
    for (let k = 0; k !== n; ++k) out.push(action(Act.ChargeTo, m.toward[k]!, m.x[k]!, m.y[k]!));
    n = m.moves(i, b.movement[i]!);
    for (let k = 0; k !== n; ++k) out.push(action(Act.MoveTo, m.toward[k]!, m.x[k]!, m.y[k]!));
  }
  return out;
}

/** Whether fighter i plays a named policy (aggressive, shooter, kite): its own pick is listed too. */
function named(b: Battle, i: number): boolean {
  const p = b.policy[i];
  return p === AGGRESSIVE || p === SHOOTER || p === KITE;
}

/**
 * The battle's named policies as they play (policies.ts decide()), turned into a game action: a
 * Move, Charge or Crawl becomes its destination (the engine's own line, measured and undone); a Move
 * while engaged with an Active enemy becomes the Retreat the engine makes of it.
 */
export function namedAction(b: Battle, i: number, reaction: boolean): BattleAction {
  const code = b.policies.action(b, i, reaction);
  const t = b.target;
  const full = b.amount > 0 ? b.amount : b.movement[i]!;
  const dx = b.dirX;
  const dy = b.dirY;
  b.dirX = 0;
  b.dirY = 0;
  const x0 = b.x[i]!;
  const y0 = b.y[i]!;
  switch (code) {
    case Act.Move:
    case Act.MoveAway:
      if (b.engaged(i, true)) return action(Act.Retreat, -1, 0, 0, full);
      if (code === Act.Move) b.moveToward(i, t, full, true);
      else if (dx !== 0 || dy !== 0) b.slide(i, dx, dy, full, true);
      else b.moveAway(i, t, full, true);
      break;
    case Act.Charge:
      b.moveToward(i, t, b.movement[i]!, true);
      break;
    case Act.Crawl:
      if (!canCrawl(b.state[i]!, b.stunnedActs)) return action(Act.None);
      b.moveAway(i, t, crawlAllowance(b.movement[i]!), true);
      break;
    case Act.Retreat:
      return action(Act.Retreat, -1, 0, 0, full);
    case Act.Aim:
    case Act.Brace:
    case Act.Hide:
    case Act.Recover:
    case Act.None:
      return action(code);
    default:
      return action(code, t);
  }
  const x = b.x[i]!;
  const y = b.y[i]!;
  b.moveTo(i, x0, y0);
  const to = code === Act.Charge ? Act.ChargeTo : code === Act.Crawl ? Act.CrawlTo : Act.MoveTo;
  return action(to, t, x, y);
}

export const battleGame: Game<Battle, BattleAction> = {
  actor: (b) => (b.phase === PHASE_OVER ? -1 : b.side[b.decider]!),
  fighter: (b) => (b.phase === PHASE_OVER ? -1 : b.decider),
  legalActions(b) {
    const i = b.decider;
    const reaction = b.phase === PHASE_REACTION;
    const out = menuActions(b, i, reaction);
    if (named(b, i)) {
      const own = namedAction(b, i, reaction);
      if (allowed(b, i, own, reaction) && !out.some((a) => battleGame.same(a, own))) out.unshift(own);
    }
    return out;
  },
  same(a, c) {
    if (a.act !== c.act) return false;
    if (isMove(a.act)) return Math.abs(a.x - c.x) < 1e-7 && Math.abs(a.y - c.y) < 1e-7;
    if (a.act === Act.Retreat) return Math.abs(a.amount - c.amount) < 1e-9;
    if (a.act === Act.Aim || a.act === Act.Brace || a.act === Act.Hide || a.act === Act.Recover || a.act === Act.None) return true;
    return a.target === c.target;
  },
  apply(b, a, dice) {
    if (!allowed(b, b.decider, a, b.phase === PHASE_REACTION)) throw new Error(`battle: ${describeAction(b, a)} is not allowed here`);
    b.dice.use(dice);
    b.target = a.target;
    b.amount = a.act === Act.Retreat ? a.amount : 0;
    b.dirX = 0;
    b.dirY = 0;
    b.destX = a.x;
    b.destY = a.y;
    b.decide(a.act);
  },
  clone: (b) => b.copy(),
  cloneInto: (b, into) => b.copyInto(into),
  isTerminal: (b) => b.phase === PHASE_OVER,
  returns: (b) => (b.winner === 2 ? [0.5, 0.5] : b.winner === 0 ? [1, 0] : [0, 1]),
  evaluate: evaluateBattle,
};

/**
 * A battle not over, scored per side for truncated play-outs (search.ts): each side's strength is
 * the sum over its fighters of 1 for Active, 1/2 for Stunned, 1/4 for Downed (Out of Action 0); a
 * side's score is its share of the two strengths.
 */
export function evaluateBattle(b: Battle): number[] {
  let a = 0;
  let c = 0;
  for (let i = 0; i < b.n; i++) {
    const st = b.state[i];
    const w = st === ACTIVE ? 1 : st === STUNNED ? 0.5 : st === DOWNED ? 0.25 : 0;
    if (b.side[i] === 0) a += w;
    else c += w;
  }
  return a + c === 0 ? [0.5, 0.5] : [a / (a + c), c / (a + c)];
}

/** The search player for the fighters of a battle that play `policy: search`; play-outs play every fighter by its own policy (tactical for the searching ones). */
export function battleSearch(spec: BattleSpec): SearchPolicy<Battle, BattleAction> {
  return searchPolicy(battleGame, { rollout: [battlePolicy, battlePolicy], budget: spec.search ?? DEFAULT_SEARCH_BUDGET, rolloutLegal: false });
}

/**
 * A whole battle with searching fighters: as Battle.play(), but a fighter with `search` takes what
 * `search` chooses among its legal actions. Play-outs run on copies, whose dice are the search's
 * streams (copies share the BattleDice: its source is put back before each step of the battle).
 */
export function playWithSearch(b: Battle, search: SearchPolicy<Battle, BattleAction>, key: number): number {
  search.reseed(key);
  const source = b.dice.source;
  const searching = [...b.spec.sides[0], ...b.spec.sides[1]].map((f) => f.search === true);
  b.start();
  while (b.phase !== PHASE_OVER) {
    const i = b.decider;
    const reaction = b.phase === PHASE_REACTION;
    if (searching[i] === true) {
      const a = search.choose(battleGame, b, battleGame.legalActions(b), source);
      battleGame.apply(b, a, source);
    } else {
      b.dice.use(source);
      b.decide(b.policies.action(b, i, reaction));
    }
  }
  b.dice.use(source);
  return b.winner;
}

/** The fighters' own policies (the battle's BattlePolicies: named or tactical) as a game policy. */
export const battlePolicy: GamePolicy<Battle, BattleAction> = {
  name: 'battle policies',
  choose(_game, b) {
    return b.phase === PHASE_OVER ? action(Act.None) : policyAction(b, b.decider, b.phase === PHASE_REACTION);
  },
};

/** What fighter i's own policy decides now, as a game action (named: namedAction; tactical: its menu pick). */
export function policyAction(b: Battle, i: number, reaction: boolean): BattleAction {
  if (named(b, i)) return namedAction(b, i, reaction);
  const code = b.policies.action(b, i, reaction);
  const t = b.target;
  if (isMove(code)) return action(code, t, b.destX, b.destY);
  if (code === Act.Retreat) return action(code, -1, 0, 0, b.amount > 0 ? b.amount : b.movement[i]!);
  if (code === Act.Aim || code === Act.Brace || code === Act.Hide || code === Act.Recover || code === Act.None) return action(code);
  return action(code, t);
}
