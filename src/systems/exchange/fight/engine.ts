/**
 * An exchange fight in Tactical Mode (seed 001): sides of characters and NPC groups on
 * a map of 2 m Spaces. Each turn: Refresh, stand up if Prone, then by policy choose a target, move
 * (Walk / Run / Sprint, one mode a turn, split around attacks), attack while proactive uses and
 * dice allow; Lingering Harm and Reeling at the end of the turn. Steps between two Spaces both
 * inside an enemy's melee reach give it an Opportunity Attack.
 * The fight's state and the Exchange are in core.ts, the per-character clauses in ../combatant.ts,
 * the Exchange's totals in ../rules.ts.
 */
import type { Dice } from '../../../dice/dice.js';
import { BROKE, COLLAPSED, IN_FIGHT } from '../combatant.js';
import { FightCore, END_BROKE, END_COLLAPSE, END_MAX_ROUNDS } from './core.js';
import { spaces } from './map.js';
import { TurnOrder, type TurnTaker } from './order.js';
import { chooseMode, chooseTarget, MODE_COST, pickFreshest } from './policies.js';
import { FULL, MOVE_KEEP_RANGE, ORDER_FRESH_FIRST, PARTIAL, RUN, SPRINT, WALK, type ExchangeFightSpec } from './spec.js';
import { PathFinder, type PathView } from './paths.js';
import { ExchangeValues } from './values.js';
import type { PlaceMemo} from './memo.js';
import { MEMO_MAX_FIGHTERS, memoOwner, sharedPlaceMemo, sharedSearchMemo, type SearchMemo } from './memo.js';
import { CLASH, FULL_GUARD, guardEdge, NO_RESPONSE } from '../rules.js';

export { END_BROKE, END_COLLAPSE, END_MAX_ROUNDS } from './core.js';
const MODE_NAMES = ['walk', 'run', 'sprint'];

/** What the own policy is about to do, for the game layer's hooks (ownTurn). */
export const OWN_END = 0;
/** A named policy's greedy walk towards t (a) until within want (b) Spaces and able to attack; keep-range first leaves melee reach. */
export const OWN_APPROACH = 1;
export const OWN_KEEP_RANGE = 2;
/** A broken named character's greedy withdrawal. */
export const OWN_WITHDRAW = 3;
/** An attack on a with Boost b. */
export const OWN_ATTACK = 4;
/** A Move along the last search's shortest path to Space a (mode b, -1: the mode already paid). */
export const OWN_PATH = 5;
/** One step to the neighbouring Space a (mode b). */
export const OWN_STEP = 6;

export class ExchangeFight extends FightCore implements TurnTaker, PathView {
  readonly order: TurnOrder;
  protected moveLeft = 0;
  protected modeChosen = false;
  /** `tactical`: attacks left this turn (proactive uses), the mode of the chosen destination, the last target's Disadvantage from the place. */
  protected usesLeft = 0;
  protected destMode = WALK;
  private lastBad = false;
  protected readonly paths: PathFinder | null;
  private readonly values: ExchangeValues | null;
  private readonly worthCache = new Map<number, number>();
  private readonly respScratch = new Int32Array(3);
  /** `tactical`: the answers of response and Boost searches by situation (memo.ts); null when keys would not be exact. */
  private readonly responseMemo: SearchMemo | null;
  private readonly attackMemo: SearchMemo | null;
  private readonly placeMemo: PlaceMemo | null;
  private readonly safeMemo: PlaceMemo | null;
  /** This engine's number in the shared PlaceMemos' keys. */
  private readonly owner: number;
  /** For one Space search (nobody moves meanwhile): the searcher's enemies in the fight, in listed order, and those with melee weapons. */
  private readonly foes: Int32Array;
  private readonly meleeFoes: Int32Array;
  private foeCount = 0;
  private meleeFoeCount = 0;
  /** The listed foes' Spaces (y * width + x), columns, rows and reach; for melee foes also reach plus Walk. */
  private readonly foeCell: Int32Array;
  private readonly foeX: Int32Array;
  private readonly foeY: Int32Array;
  private readonly foeReach: Int32Array;
  private readonly foeMelee: Uint8Array;
  private readonly meleeCell: Int32Array;
  private readonly meleeX: Int32Array;
  private readonly meleeY: Int32Array;
  private readonly meleeReach: Int32Array;
  private readonly meleeExposing: Int32Array;

  constructor(spec: ExchangeFightSpec, dice: Dice) {
    super(spec, dice);
    this.order = new TurnOrder(spec.units, this.count);
    const tactical = spec.fighters.some((x) => x.tactical);
    this.paths = tactical ? new PathFinder(this.map) : null;
    this.values = tactical ? new ExchangeValues(spec.knobs, this.chars.map((c) => c.strike), this.chars.map((c) => c.soak)) : null;
    const memo = tactical && this.count <= MEMO_MAX_FIGHTERS;
    this.responseMemo = memo ? sharedSearchMemo('response') : null;
    this.attackMemo = memo ? sharedSearchMemo('attack') : null;
    this.placeMemo = tactical ? sharedPlaceMemo('attack', this.count + 3, 16384) : null;
    this.safeMemo = tactical ? sharedPlaceMemo('safe', this.count + 3, 4096) : null;
    this.owner = memoOwner();
    this.foes = new Int32Array(this.count);
    this.meleeFoes = new Int32Array(this.count);
    this.foeCell = new Int32Array(this.count);
    this.foeX = new Int32Array(this.count);
    this.foeY = new Int32Array(this.count);
    this.foeReach = new Int32Array(this.count);
    this.foeMelee = new Uint8Array(this.count);
    this.meleeCell = new Int32Array(this.count);
    this.meleeX = new Int32Array(this.count);
    this.meleeY = new Int32Array(this.count);
    this.meleeReach = new Int32Array(this.count);
    this.meleeExposing = new Int32Array(this.count);
  }

  /** One whole fight; the result is left in winner (0 a, 1 b, 2 draw), end and round. */
  play(): void {
    this.reset();
    this.observer?.begin();
    const s = this.spec;
    const side = s.openerSide >= 0 ? s.openerSide : this.dice.roll(2) - 1;
    const opener = s.openerFighter >= 0 ? s.openerFighter : s.units[side]![0]![0]!;
    if (this.observer !== null) {
      this.round = 1;
      const how = s.openerFighter >= 0 ? 'named opener' : s.openerSide >= 0 ? 'opener side' : 'opener: random';
      this.emit(opener, -1, 'initiative', { result: `${s.sideLabels[this.sideOf[opener]!]!} opens with ${s.fighters[opener]!.name} (${how})` });
    }
    this.order.reset(opener);
    let due = side;
    this.winner = 2;
    this.end = END_MAX_ROUNDS;
    for (this.round = 1; this.round <= s.maxRounds; this.round++) {
      due = this.order.playRound(due, this.round === 1 ? opener : -1, this);
      if (this.fightOver()) {
        const loser = this.standing(0) === 0 ? 0 : 1;
        this.winner = 1 - loser;
        this.end = END_COLLAPSE;
        for (let f = 0; f < this.count; f++) if (this.sideOf[f] === loser && this.chars[f]!.status !== COLLAPSED) this.end = END_BROKE;
        this.observer?.end(this.winner, this.round);
        return;
      }
    }
    this.round = s.maxRounds;
    this.observer?.end(2, this.round);
  }

  pickUnit(side: number, candidates: Int32Array, n: number): number {
    if (this.spec.order[side] === ORDER_FRESH_FIRST) return pickFreshest(this, this.spec.units[side]!, this.order.acted, candidates, n);
    return 0;
  }

  /** One character's turn. */
  takeTurn(f: number): void {
    const c = this.chars[f]!;
    const sp = this.spec.fighters[f]!;
    this.active = f;
    c.refresh();
    const stood = c.standUp();
    this.adMove[f]! += stood;
    if (this.observer !== null) this.emit(f, -1, stood > 0 ? 'stand-up' : 'refresh', { ready: c.ready, cost: stood, state_after: this.stateName(f) });
    this.moveLeft = 0;
    this.modeChosen = false;
    if (sp.tactical) this.tacticalTurn(f);
    else this.namedTurn(f);
    if (this.gameHooks && c.status !== COLLAPSED && !this.fightOver()) this.ownTurn(OWN_END, f, 0, 0);
    // The first side out loses and the fight stops there: no end-of-turn effects after it.
    if (!this.fightOver()) this.endTurn(f);
  }

  /** The turn of a named policy (all-in, guard-first, reserve-N) after Refresh: its decision lists, greedy steps. */
  private namedTurn(f: number): void {
    const c = this.chars[f]!;
    const sp = this.spec.fighters[f]!;
    let uses = c.attackSkill + 1;
    let attacked = false;
    const ranged = c.ranged;
    for (let guard = 0; guard < 64 && c.status === IN_FIGHT && !this.fightOver(); guard++) {
      // After its last possible attack of the turn (no proactive use left, or it cannot pay for one
      // and keep its reserve) it walks no further towards enemies (seed 001: Orin moves, attacks, then
      // uses the rest to reach cover; moving to cover is not modelled): the turn's movement ends.
      if (attacked && (uses === 0 || c.attackBoost(c.attackSkill, c.baseCost, c.policy.reserve) < 0)) break;
      let t = chooseTarget(this, f, sp.move, this.spec.targeting[this.sideOf[f]!]!, this.focus);
      if (t < 0) break;
      if (this.gameHooks) this.ownTurn(ranged && sp.move === MOVE_KEEP_RANGE ? OWN_KEEP_RANGE : OWN_APPROACH, f, t, ranged ? this.effective[f]! : this.reach[f]!);
      if (ranged && sp.move === MOVE_KEEP_RANGE) this.keepRange(f, t);
      else this.approach(f, t, ranged ? this.effective[f]! : this.reach[f]!);
      if (c.status !== IN_FIGHT || uses === 0) break;
      // The chosen target out of reach (or out): attack the nearest enemy it can attack, if any.
      if (!this.inFight(t) || !this.canAttack(f, t)) t = this.nearestAttackable(f);
      if (t < 0) break;
      const boost = c.attackBoost(c.attackSkill, c.baseCost, c.policy.reserve);
      if (boost < 0) break;
      if (!ranged) this.stepBack(f, t);
      if (this.gameHooks) this.ownTurn(OWN_ATTACK, f, t, boost);
      uses--;
      attacked = true;
      this.exchange(f, t, boost, 'exchange');
    }
    // Broken (a failed Continuation Check, before or during this turn): seek safety with the movement left.
    if (c.status === BROKE && !this.fightOver()) this.withdraw(f);
  }

  // ---- The `tactical` policy (docs/rules/exchange-fight.md, "The tactical policy") ----

  /**
   * A `tactical` turn after Refresh: (1) attack from the best attack Space it can reach within what
   * it can afford (Walk free; Run or Sprint only when the path needs it and the attack is still
   * affordable after paying), moving by the shortest path with the fewest Opportunity Attacks;
   * (2) Boost by value; further attacks while they are worth their dice; (3) with no attack
   * reachable, Walk towards the nearest attack Space; (4) a ranged character then moves out of
   * melee enemies' Walk-and-reach; (5) broken: withdraw from all enemies' reach.
   */
  private tacticalTurn(f: number): void {
    const c = this.chars[f]!;
    this.usesLeft = c.attackSkill + 1;
    let attacked = false;
    for (let guard = 0; guard < 64 && c.status === IN_FIGHT && !this.fightOver() && this.usesLeft > 0; guard++) {
      if (c.ready < c.cost(c.baseCost) + (c.prone ? c.cost(1) : 0)) break;
      let t = this.cleanTargetHere(f);
      if (t < 0) {
        const dest = this.findAttackSpace(f);
        if (dest < 0) break;
        const here = this.y[f]! * this.map.width + this.x[f]!;
        if (dest !== here) {
          this.walkPath(f, dest, true);
          // Knocked down or stopped on the way: decide again from where it stands.
          if (this.y[f]! * this.map.width + this.x[f]! !== dest) continue;
        }
        t = this.bestTargetFrom(f, this.x[f]!, this.y[f]!);
        if (t < 0) break;
      }
      if (!this.upright(f)) break;
      const boost = this.valuedAttack(f, t, !attacked);
      if (boost < 0) break;
      if (!c.ranged) this.stepBack(f, t);
      if (this.gameHooks) this.ownTurn(OWN_ATTACK, f, t, boost);
      this.usesLeft--;
      attacked = true;
      this.exchange(f, t, boost, 'exchange');
    }
    if (c.status === IN_FIGHT && !this.fightOver() && !attacked) this.approachFree(f);
    if (c.status === IN_FIGHT && !this.fightOver() && c.ranged) this.keepAway(f);
    if (c.status === BROKE && !this.fightOver()) this.seekSafety(f);
  }

  // ---- Decision hooks for the game layer (game.ts): called only when gameHooks is set; the kernel never pays for them ----

  /**
   * The fighter's own policy is about to act (OWN_* kind: a Move to a Space, a named policy's greedy
   * walk, an attack, the end of the turn); the game layer asks the player and may leave the own
   * code for its own turn loop. a, b: the kind's operands (target and want or Boost; Space and mode).
   */
  protected ownTurn(_kind: number, _f: number, _a: number, _b: number): void {}

  /** Opportunity Attack of e on f: the own policy's Boost (-1: declined); returns the player's. */
  protected chosenOpportunity(_e: number, _f: number, own: number): number {
    return own;
  }

  /** PathView: e would take an Opportunity Attack (in the fight, melee, not Stunned). */
  threatens(e: number): boolean {
    const c = this.chars[e]!;
    return c.status === IN_FIGHT && !c.ranged && !c.stunned;
  }

  /** Some enemy melee weapon (in the fight) reaches (x, y) with a clear path. */
  private engagedAt(f: number, x: number, y: number): boolean {
    for (let e = 0; e < this.count; e++) {
      if (this.sideOf[e] === this.sideOf[f] || !this.inFight(e) || this.chars[e]!.ranged) continue;
      if (spaces(this.x[e]!, this.y[e]!, x, y) <= this.reach[e]! && this.map.path(this.x[e]!, this.y[e]!, x, y) !== FULL) return true;
    }
    return false;
  }

  /** Melee enemies (in the fight) whose Walk plus reach covers (x, y): they attack there next turn without paying to move. */
  private exposedAt(f: number, x: number, y: number): number {
    let n = 0;
    for (let e = 0; e < this.count; e++) {
      if (this.sideOf[e] === this.sideOf[f] || !this.inFight(e) || this.chars[e]!.ranged) continue;
      if (spaces(this.x[e]!, this.y[e]!, x, y) <= this.reach[e]! + this.allowance[e * 3]!) n++;
    }
    return n;
  }

  /** The enemy f attacks best from (x, y): no Disadvantage from the place first, then lowest VIT, then listed first; -1 if none. */
  private bestTargetFrom(f: number, x: number, y: number): number {
    let best = -1;
    let bestBad = true;
    const ranged = this.chars[f]!.ranged;
    const range = ranged ? this.maximum[f]! : this.reach[f]!;
    const side = this.sideOf[f]!;
    const map = this.map;
    const w = map.width;
    const cell = y * w + x;
    let engaged = -1;
    for (let e = 0; e < this.count; e++) {
      if (this.sideOf[e] === side || this.chars[e]!.status !== IN_FIGHT) continue;
      const ex = this.x[e]!;
      const ey = this.y[e]!;
      const d = spaces(x, y, ex, ey);
      if (d > range) continue;
      const cover = map.pathAt(cell, ey * w + ex);
      if (cover === FULL) continue;
      let bad = cover === PARTIAL;
      if (!bad && ranged) {
        if (d > this.effective[f]!) bad = true;
        else {
          if (engaged < 0) engaged = this.engagedAt(f, x, y) ? 1 : 0;
          bad = engaged === 1;
        }
      }
      if (best < 0 || (bestBad && !bad) || (bad === bestBad && this.vit(e) < this.vit(best))) {
        best = e;
        bestBad = bad;
      }
    }
    this.lastBad = bestBad;
    return best;
  }

  /**
   * What bestTargetFrom would find from (x, y), without choosing among targets: 0 no enemy to
   * attack, 1 only with Disadvantage from the place, 2 one without (the search's test per Space).
   */
  private attackQuality(f: number, x: number, y: number): number {
    const ranged = this.chars[f]!.ranged;
    const range = ranged ? this.maximum[f]! : this.reach[f]!;
    let q = 0;
    for (let e = 0; e < this.count; e++) {
      if (this.sideOf[e] === this.sideOf[f] || !this.inFight(e)) continue;
      const d = spaces(x, y, this.x[e]!, this.y[e]!);
      if (d > range || (q === 1 && ranged && d > this.effective[f]!)) continue;
      const cover = this.map.path(x, y, this.x[e]!, this.y[e]!);
      if (cover === FULL) continue;
      if (cover === PARTIAL || (ranged && d > this.effective[f]!)) {
        q = 1;
        continue;
      }
      if (!ranged) return 2;
      // A clear shot in Effective Range: Disadvantage only when engaged there, and then every shot from here has it.
      return this.engagedAt(f, x, y) ? 1 : 2;
    }
    return q;
  }

  /** Fills foes and meleeFoes (and their Spaces, reach, Walk) for a search by f. */
  private listFoes(f: number): void {
    let n = 0;
    let m = 0;
    const w = this.map.width;
    for (let e = 0; e < this.count; e++) {
      if (this.sideOf[e] === this.sideOf[f] || !this.inFight(e)) continue;
      const x = this.x[e]!;
      const y = this.y[e]!;
      const melee = !this.chars[e]!.ranged;
      this.foeCell[n] = y * w + x;
      this.foeX[n] = x;
      this.foeY[n] = y;
      this.foeReach[n] = this.reach[e]!;
      this.foeMelee[n] = melee ? 1 : 0;
      this.foes[n++] = e;
      if (melee) {
        this.meleeCell[m] = y * w + x;
        this.meleeX[m] = x;
        this.meleeY[m] = y;
        this.meleeReach[m] = this.reach[e]!;
        this.meleeExposing[m] = this.reach[e]! + this.allowance[e * 3]!;
        this.meleeFoes[m++] = e;
      }
    }
    this.foeCount = n;
    this.meleeFoeCount = m;
  }

  /** exposedAt over the listed foes (listFoes). */
  private foesExposing(x: number, y: number): number {
    let n = 0;
    const mx = this.meleeX;
    const my = this.meleeY;
    const reach = this.meleeExposing;
    for (let i = 0; i < this.meleeFoeCount; i++) {
      if (spaces(mx[i]!, my[i]!, x, y) <= reach[i]!) n++;
    }
    return n;
  }

  /** attackQuality over the listed foes (listFoes), engagedAt likewise, at Space `cell` = (x, y). */
  private foesQuality(f: number, cell: number, x: number, y: number): number {
    const ranged = this.chars[f]!.ranged;
    const range = ranged ? this.maximum[f]! : this.reach[f]!;
    const effective = this.effective[f]!;
    const map = this.map;
    let q = 0;
    for (let i = 0; i < this.foeCount; i++) {
      const d = spaces(x, y, this.foeX[i]!, this.foeY[i]!);
      if (d > range || (q === 1 && ranged && d > effective)) continue;
      const cover = map.pathAt(cell, this.foeCell[i]!);
      if (cover === FULL) continue;
      if (cover === PARTIAL || (ranged && d > effective)) {
        q = 1;
        continue;
      }
      if (!ranged) return 2;
      for (let j = 0; j < this.meleeFoeCount; j++) {
        if (spaces(this.meleeX[j]!, this.meleeY[j]!, x, y) <= this.meleeReach[j]! && map.pathAt(this.meleeCell[j]!, cell) !== FULL) return 1;
      }
      return 2;
    }
    return q;
  }

  /** A target from where f stands needing no search: melee, any; ranged, one without Disadvantage from the place while no melee enemy can Walk in. */
  private cleanTargetHere(f: number): number {
    const t = this.bestTargetFrom(f, this.x[f]!, this.y[f]!);
    if (t < 0 || !this.chars[f]!.ranged) return t;
    return !this.lastBad && this.exposedAt(f, this.x[f]!, this.y[f]!) === 0 ? t : -1;
  }

  /** Movement f can still use this turn in each mode it can afford with an attack after it: the mode's allowance, -1 if not. */
  private budget(f: number, mode: number): number {
    if (this.modeChosen) return mode === WALK ? this.moveLeft : -1;
    const c = this.chars[f]!;
    if (c.prone && !c.canStand()) return -1;
    const left = c.ready - (c.prone ? c.cost(1) : 0) - c.cost(MODE_COST[mode]!);
    if (mode !== WALK && left < c.cost(c.baseCost)) return -1;
    return this.allowance[f * 3 + mode]!;
  }

  /**
   * The Space f attacks from this turn: the cheapest movement mode that reaches an attack Space
   * (Walk, then Run, then Sprint, each only if the attack is still affordable after it), then no
   * Disadvantage from the place, then (ranged) out of melee enemies' Walk-and-reach, then fewest
   * Opportunity-Attack steps, then fewest steps. -1 when none is within what f can afford.
   */
  private findAttackSpace(f: number): number {
    const walk = this.budget(f, WALK);
    const run = this.budget(f, RUN);
    const sprint = this.budget(f, SPRINT);
    const most = Math.max(walk, run, sprint);
    if (most < 0) return -1;
    const p = this.paths!;
    const memo = walk < 1023 && run < 1023 && sprint < 1023 ? this.placeKey(this.placeMemo!, f, (walk + 1) | ((run + 1) << 10) | ((sprint + 1) << 20)) : null;
    if (memo !== null) {
      const at = memo.find();
      if (at >= 0) {
        const kept = memo.space(at);
        if (kept >= 0) {
          this.destMode = memo.mode(at);
          p.pathLength = memo.path(at, p.path);
        }
        return kept;
      }
    }
    const ranged = this.chars[f]!.ranged;
    this.listFoes(f);
    p.markThreats(this, this.sideOf[f]!);
    p.start(this.x[f]!, this.y[f]!, most);
    const col = this.map.colOf;
    const row = this.map.rowOf;
    const dist = p.dist;
    const risk = p.risk;
    // A step changes the distance to a foe by one Space at most: from fewer than `near` steps away no foe is in range.
    const range = ranged ? this.maximum[f]! : this.reach[f]!;
    let near = 0x7fff;
    for (let i = 0; i < this.foeCount; i++) near = Math.min(near, spaces(this.x[f]!, this.y[f]!, this.foeX[i]!, this.foeY[i]!) - range);
    let best = -1;
    let bestScore = Infinity;
    let bestTier = 3;
    for (let cell = p.next(); cell >= 0; cell = p.next()) {
      const d = dist[cell]!;
      const tier = d <= walk ? 0 : d <= run ? 1 : d <= sprint ? 2 : 3;
      if (tier > bestTier) break;
      if (tier === 3 || d < near) continue;
      const x = col[cell]!;
      const y = row[cell]!;
      // The score without the place's Disadvantage is a lower bound: skip the attack paths when even that cannot win.
      const bound = tier * 1e7 + (ranged ? Math.min(9, this.foesExposing(x, y)) * 1e5 : 0) + risk[cell]! * 1e3 + d;
      if (bound >= bestScore) continue;
      const q = this.foesQuality(f, cell, x, y);
      if (q === 0) continue;
      const score = bound + (q === 1 ? 1e6 : 0);
      if (score < bestScore) {
        best = cell;
        bestScore = score;
        bestTier = tier;
        // Nothing later (as many steps or more, no lower tier) beats no Disadvantage, no exposure and no Opportunity Attack.
        if (score === tier * 1e7 + d) break;
      }
    }
    if (best >= 0) this.destMode = bestTier;
    const n = best >= 0 ? p.trace(best) : 0;
    memo?.set(best, bestTier, p.path, n);
    return best;
  }

  /**
   * Writes the key of a Space search into `memo` (memo.ts PlaceMemo): this engine, who searches (`who`), its
   * allowances (`moves`), every fighter's Space and status: what findAttackSpace and safest read
   * besides the fixed map and loadouts. Returns the memo.
   */
  private placeKey(memo: PlaceMemo, who: number, moves: number): PlaceMemo {
    const k = memo.key;
    k[0] = this.owner;
    k[1] = who;
    k[2] = moves;
    const w = this.map.width;
    for (let e = 0; e < this.count; e++) {
      const st = this.chars[e]!.status;
      k[3 + e] = st === COLLAPSED ? -1 : (this.y[e]! * w + this.x[e]!) * 4 + st;
    }
    return memo;
  }

  /**
   * Moves f along the path the last search found to `dest` (`traced`: the path findAttackSpace
   * left in paths.path), first paying the movement mode the
   * path needs (destMode; none when a mode is already paid this turn). Stops when knocked down,
   * out of movement, or out of the fight (Opportunity Attacks on the way).
   */
  private walkPath(f: number, dest: number, traced = false): void {
    const p = this.paths!;
    const n = traced ? p.pathLength : p.trace(dest);
    if (n === 0) return;
    if (this.gameHooks) this.ownTurn(OWN_PATH, f, dest, this.modeChosen ? -1 : this.destMode);
    if (!this.modeChosen) this.payMode(f, this.destMode);
    const w = this.map.width;
    for (let i = 0; i < n; i++) {
      if (this.moveLeft <= 0 || !this.upright(f)) return;
      const cell = p.path[i]!;
      const x = cell % w;
      this.moveTo(f, x, (cell - x) / w);
      if (this.chars[f]!.status !== IN_FIGHT || this.fightOver()) return;
    }
  }

  /** Pays `mode` (Walk, Run, Sprint) for this turn: one mode a turn. */
  protected payMode(f: number, mode: number): void {
    const c = this.chars[f]!;
    const cost = c.cost(MODE_COST[mode]!);
    c.pay(cost);
    this.adMove[f]! += cost;
    this.moveLeft = this.allowance[f * 3 + mode]!;
    this.modeChosen = true;
    if (this.observer !== null && mode !== WALK) this.emit(f, -1, MODE_NAMES[mode]!, { cost, spaces: this.moveLeft });
  }

  /** No attack Space within what f can afford: Walk (free) along the shortest path towards the nearest one. */
  private approachFree(f: number): void {
    if (this.modeChosen ? this.moveLeft <= 0 : this.chars[f]!.prone) return;
    const p = this.paths!;
    // The search reads no allowance: kept in safeMemo under its own searcher numbers (after safest's).
    const memo = this.placeKey(this.safeMemo!, this.count * 2 + f, 0);
    const at = memo.find();
    let cell: number;
    if (at >= 0) {
      cell = memo.space(at);
      if (cell >= 0) p.pathLength = memo.path(at, p.path);
    } else {
      p.markThreats(this, this.sideOf[f]!);
      p.start(this.x[f]!, this.y[f]!, 0x3fff);
      const w = this.map.width;
      p.next();
      for (cell = p.next(); cell >= 0; cell = p.next()) {
        const x = cell % w;
        if (this.bestTargetFrom(f, x, (cell - x) / w) >= 0) break;
      }
      memo.set(cell, WALK, p.path, cell >= 0 ? p.trace(cell) : 0);
    }
    if (cell < 0) return;
    this.destMode = WALK;
    this.walkPath(f, cell, true);
  }

  /**
   * Where f stands after its attacks (ranged) or when broken (safety): out of the reach of every
   * enemy it can, then out of melee enemies' Walk-and-reach, then farthest from the nearest enemy's
   * reach, with the fewest Opportunity-Attack steps first. Walk (free) or the mode already paid.
   * The path there is left in paths.path (kept in safeMemo with the answer).
   */
  private safest(f: number, broken: boolean): number {
    const c = this.chars[f]!;
    if (c.prone && !broken) return -1;
    const left = this.modeChosen ? this.moveLeft : this.allowance[f * 3]!;
    if (left <= 0) return -1;
    const p = this.paths!;
    const memo = this.placeKey(this.safeMemo!, f * 2 + (broken ? 1 : 0), left);
    const at = memo.find();
    if (at >= 0) {
      const kept = memo.space(at);
      if (kept >= 0) p.pathLength = memo.path(at, p.path);
      return kept;
    }
    this.listFoes(f);
    p.markThreats(this, this.sideOf[f]!);
    p.search(this.x[f]!, this.y[f]!, left);
    const col = this.map.colOf;
    const row = this.map.rowOf;
    const n = this.foeCount;
    const fx = this.foeX;
    const fy = this.foeY;
    const fr = this.foeReach;
    const fm = this.foeMelee;
    let best = -1;
    let bestScore = Infinity;
    for (let i = 0; i < p.reached; i++) {
      const cell = p.order[i]!;
      // Every other term of the score is >= 0: a Space with more Opportunity-Attack steps than the best cannot win.
      if (p.risk[cell]! * 1e6 >= bestScore) continue;
      const x = col[cell]!;
      const y = row[cell]!;
      let inReach = 0;
      let margin = 20;
      for (let k = 0; k < n; k++) {
        const d = spaces(x, y, fx[k]!, fy[k]!) - fr[k]!;
        if (d <= 0) inReach += fm[k]!;
        if (d < margin) margin = d;
      }
      const score = p.risk[cell]! * 1e6 + inReach * 1e4 + this.foesExposing(x, y) * 100 + (20 - margin) + p.dist[cell]! * 0.01;
      if (score < bestScore) {
        best = cell;
        bestScore = score;
      }
    }
    memo.set(best, WALK, p.path, best >= 0 ? p.trace(best) : 0);
    return best;
  }

  /** A ranged character after its attacks: out of melee enemies' Walk-and-reach if it can be (safest). */
  private keepAway(f: number): void {
    if (this.exposedAt(f, this.x[f]!, this.y[f]!) === 0) return;
    const dest = this.safest(f, false);
    if (dest < 0 || dest === this.y[f]! * this.map.width + this.x[f]!) return;
    this.destMode = WALK;
    this.walkPath(f, dest, true);
  }

  /** A broken character seeks safety (seed 001, When You Fail): to the safest Space it can Walk to, away from every enemy's reach. */
  private seekSafety(f: number): void {
    const dest = this.safest(f, true);
    if (dest < 0 || dest === this.y[f]! * this.map.width + this.x[f]!) return;
    const p = this.paths!;
    const n = p.pathLength;
    if (this.gameHooks) this.ownTurn(OWN_PATH, f, dest, this.modeChosen ? -1 : WALK);
    if (!this.modeChosen) {
      this.moveLeft = this.allowance[f * 3]!;
      this.modeChosen = true;
    }
    const w = this.map.width;
    for (let i = 0; i < n && this.moveLeft > 0 && this.chars[f]!.status === BROKE; i++) {
      if (!this.upright(f)) return;
      const cell = p.path[i]!;
      const x = cell % w;
      this.moveTo(f, x, (cell - x) / w);
    }
  }

  /** The enemy in the fight nearest to f (ties: listed first): the attack its Ready AD are kept for. */
  private nominalThreat(f: number): number {
    return this.nearestFoe(f);
  }

  /**
   * What r Ready AD are worth to t against one more attack by e before t's next turn: the best
   * response value (expected Wounds dealt minus taken) to e's full attack (base cost + Skill Level
   * of Boost, no Edge) that r dice pay for. Cached per fight.
   */
  private worth(t: number, e: number, r: number): number {
    const d = this.chars[t]!;
    const key = ((t * 128 + e) * 64 + Math.min(63, Math.max(0, r))) * 4 + (d.disadvantaged ? 2 : 0) + (d.status === IN_FIGHT ? 1 : 0);
    const hit = this.worthCache.get(key);
    if (hit !== undefined) return hit;
    const a = this.chars[e]!;
    const nA = a.baseCost + a.attackSkill;
    const v = this.values!;
    let best = -v.net(e, t, nA, 0, NO_RESPONSE, 0, 0);
    const cm = d.slowed ? 2 : 1;
    const gSkill = a.ranged ? d.acrobatics : d.melee;
    for (let b = 0; b <= gSkill && (1 + b) * cm <= r; b++) best = Math.max(best, -v.net(e, t, nA, 0, FULL_GUARD, 1 + b, guardEdge(d.disadvantaged)));
    if (a.ranged === d.ranged && d.status === IN_FIGHT) {
      for (let b = 0; b <= d.attackSkill && (d.baseCost + b) * cm <= r; b++) best = Math.max(best, -v.net(e, t, nA, 0, CLASH, d.baseCost + b, d.disadvantaged ? -1 : 0));
    }
    this.worthCache.set(key, best);
    return best;
  }

  /** Another attack may come at t before its next turn: f still has attacks this turn, or another enemy of t in the fight has not had its turn this Round. */
  private moreAttacks(f: number, t: number): boolean {
    if (f === this.active && (!this.spec.fighters[f]!.tactical || this.usesLeft > 0)) return true;
    for (let e = 0; e < this.count; e++) {
      if (e !== f && this.sideOf[e] !== this.sideOf[t] && this.inFight(e) && this.order.acted[e] === 0) return true;
    }
    return false;
  }

  /**
   * Response of a `tactical` t to f's attack of nA dice at Edge eA, by value: each legal, affordable
   * answer (No Response; Full Guard or Clash with each Boost) scores the exact expected Wounds of
   * this Exchange (dealt minus taken) plus, when another attack may come before t's next turn,
   * what the Ready AD left are worth against it (worth); the best wins, ties to the cheaper.
   */
  protected override tacticalResponse(f: number, t: number, nA: number, eA: number, clashLegal: boolean): number {
    const d = this.chars[t]!;
    const a = this.chars[f]!;
    const v = this.values!;
    const m = this.moreAttacks(f, t);
    const r = d.ready;
    const clash = d.canClash(clashLegal);
    const clashEdge = clash ? this.attackEdge(t, f) : 0;
    // Everything the search below reads (memo.ts).
    const memo = this.responseMemo;
    let key = -1;
    if (memo !== null && r < 64 && nA < 32) {
      key = (((((((f * this.count + t) * 32 + nA) * 3 + eA + 1) * 64 + r) * 2 + (m ? 1 : 0)) * 2 + (d.disadvantaged ? 1 : 0)) * 3 + d.status) * 4 + (clash ? clashEdge + 2 : 0);
      const hit = memo.get(this.owner, key);
      if (hit !== undefined) return hit;
    }
    let best = -v.net(f, t, nA, eA, NO_RESPONSE, 0, 0) + (m ? this.worth(t, f, r) : 0);
    let choice = NO_RESPONSE << 8;
    if (d.canGuard()) {
      const skill = a.ranged ? d.acrobatics : d.melee;
      const top = Math.min(skill, d.boostFor(r - d.cost(1)));
      const edge = guardEdge(d.disadvantaged);
      for (let b = 0; b <= top; b++) {
        const val = -v.net(f, t, nA, eA, FULL_GUARD, 1 + b, edge) + (m ? this.worth(t, f, r - d.cost(1 + b)) : 0);
        if (val > best + 1e-12) {
          best = val;
          choice = (FULL_GUARD << 8) | b;
        }
      }
    }
    if (clash) {
      const top = Math.min(d.attackSkill, d.boostFor(r - d.cost(d.baseCost)));
      for (let b = 0; b <= top; b++) {
        const val = -v.net(f, t, nA, eA, CLASH, d.baseCost + b, clashEdge) + (m ? this.worth(t, f, r - d.cost(d.baseCost + b)) : 0);
        if (val > best + 1e-12) {
          best = val;
          choice = (CLASH << 8) | b;
        }
      }
    }
    if (key >= 0) memo!.set(this.owner, key, choice);
    return choice;
  }

  /** The response t would give to f's attack of nA dice (its own policy), as [response, dice, Edge] in respScratch. */
  private predictResponse(f: number, t: number, nA: number, eA: number, clashLegal: boolean): void {
    const d = this.chars[t]!;
    let response: number;
    let boost = 0;
    if (this.spec.fighters[t]!.tactical) {
      const r = this.tacticalResponse(f, t, nA, eA, clashLegal);
      response = r >> 8;
      boost = r & 255;
    } else {
      response = d.chooseResponse(clashLegal);
      if (response !== NO_RESPONSE) boost = d.responseBoost(response, this.chars[f]!.ranged);
    }
    this.respScratch[0] = response;
    this.respScratch[1] = response === NO_RESPONSE ? 0 : d.responseDice(response, boost);
    this.respScratch[2] = response === CLASH ? this.attackEdge(t, f) : guardEdge(d.disadvantaged);
  }

  /**
   * Boost of a `tactical` attack by f on t, by value: each affordable Boost scores the exact expected
   * Wounds of the Exchange against t's predicted response plus what f's Ready AD left are worth
   * against one attack by its nearest enemy before its next turn. `must`: the turn's first attack
   * (taken whatever it scores); otherwise (a further attack, an Opportunity Attack) only when the
   * best scores at least what keeping the dice is worth. Returns the Boost, or -1.
   */
  private valuedAttack(f: number, t: number, must: boolean): number {
    const a = this.chars[f]!;
    const r = a.ready;
    const base = a.baseCost;
    if (r < a.cost(base)) return -1;
    const v = this.values!;
    const e = this.nominalThreat(f);
    const eA = this.attackEdge(f, t);
    const d = this.chars[t]!;
    const clashLegal = a.ranged === d.ranged && this.canAttack(t, f);
    // Everything the search below reads, t's predicted responses included (memo.ts).
    const memo = this.attackMemo;
    let key = -1;
    // (Small enough fields keep the key a small integer for V8's Map: an attacker in the fight, Ready AD < 32.)
    if (memo !== null && r < 32 && d.ready < 32 && a.status === IN_FIGHT) {
      const clash = d.canClash(clashLegal);
      const m = this.spec.fighters[t]!.tactical && this.moreAttacks(f, t);
      let k = (f * this.count + t) * (this.count + 1) + e + 1;
      k = ((k * 2 + (must ? 1 : 0)) * 32 + r) * 3 + eA + 1;
      k = ((k * 2 + (clashLegal ? 1 : 0)) * 2 + (m ? 1 : 0)) * 32 + d.ready;
      k = ((k * 2 + (d.disadvantaged ? 1 : 0)) * 3 + d.status) * 4 + (clash ? this.attackEdge(t, f) + 2 : 0);
      key = k * 2 + (a.disadvantaged ? 1 : 0);
      const hit = memo.get(this.owner, key);
      if (hit !== undefined) return hit;
    }
    const top = Math.min(a.attackSkill, a.boostFor(r - a.cost(base)));
    let best = -Infinity;
    let boost = -1;
    for (let b = 0; b <= top; b++) {
      this.predictResponse(f, t, base + b, eA, clashLegal);
      const s = this.respScratch;
      const val = v.net(f, t, base + b, eA, s[0]!, s[1]!, s[2]!) + (e >= 0 ? this.worth(f, e, r - a.cost(base + b)) : 0);
      if (val > best + 1e-12) {
        best = val;
        boost = b;
      }
    }
    if (!must && e >= 0 && best < this.worth(f, e, r) - 1e-12) boost = -1;
    if (key >= 0) memo!.set(this.owner, key, boost);
    return boost;
  }

  /** The nearest enemy f can attack from where it stands (ties: listed first), or -1. */
  nearestAttackable(f: number): number {
    let best = -1;
    let bd = 0;
    for (let e = 0; e < this.count; e++) {
      if (this.sideOf[e] === this.sideOf[f] || !this.inFight(e) || !this.canAttack(f, e)) continue;
      const d = spaces(this.x[f]!, this.y[f]!, this.x[e]!, this.y[e]!);
      if (best < 0 || d < bd) {
        best = e;
        bd = d;
      }
    }
    return best;
  }

  /** Lingering Harm: 1 Wound from each source still affecting the character; then Reeling runs out. */
  endTurn(f: number): void {
    const c = this.chars[f]!;
    for (let s = 0; s < this.count && c.status !== COLLAPSED; s++) {
      if (!c.harmDue(s)) continue;
      this.harm(s, f, 1);
      if (this.observer !== null) {
        this.emit(f, s, 'lingering-harm', { wounds: 1, state_after: this.stateName(f) });
        this.traceCheck();
      }
    }
    if (c.status !== COLLAPSED) c.endTurn();
  }

  /** The first movement of the turn picks the mode (policy) and pays it once. */
  private startMoving(f: number, need: number): void {
    if (this.modeChosen) return;
    const c = this.chars[f]!;
    const a = f * 3;
    const mode = chooseMode(need, this.allowance[a]!, this.allowance[a + 1]!, this.allowance[a + 2]!, c.ready, c.slowed ? 2 : 1, c.cost(c.baseCost), c.policy.reserve);
    const cost = c.cost(MODE_COST[mode]!);
    c.pay(cost);
    this.adMove[f]! += cost;
    this.moveLeft = this.allowance[a + mode]!;
    this.modeChosen = true;
    if (this.observer !== null && mode !== WALK) this.emit(f, -1, MODE_NAMES[mode]!, { cost, spaces: this.moveLeft });
  }

  /** Close in until within `want` Spaces of t (and able to attack it). */
  private approach(f: number, t: number, want: number): void {
    for (let guard = 0; guard < 400; guard++) {
      const d = spaces(this.x[f]!, this.y[f]!, this.x[t]!, this.y[t]!);
      if (d <= want && this.canAttack(f, t)) return;
      if (!this.upright(f)) return;
      this.startMoving(f, d - want);
      if (this.moveLeft <= 0 || !this.step(f, this.x[t]!, this.y[t]!, 1)) return;
      if (this.chars[f]!.status !== IN_FIGHT || !this.inFight(t)) return;
    }
  }

  /** keep-range: leave melee reach first, then close to Effective Range. */
  private keepRange(f: number, t: number): void {
    this.retreat(f);
    if (this.chars[f]!.status === IN_FIGHT && this.inFight(t)) this.approach(f, t, this.effective[f]!);
  }

  /** Step away from the nearest enemy while some enemy's melee reach covers f. */
  private retreat(f: number): void {
    for (let guard = 0; guard < 400 && this.engaged(f) && this.chars[f]!.status === IN_FIGHT; guard++) {
      if (!this.upright(f)) return;
      const e = this.nearestFoe(f);
      if (e < 0) return;
      this.startMoving(f, 0);
      if (this.moveLeft <= 0 || !this.step(f, this.x[e]!, this.y[e]!, -1)) return;
    }
  }

  /** The enemy still in the fight nearest to f (ties: listed first), or -1. */
  protected nearestFoe(f: number): number {
    let e = -1;
    let bd = 0;
    const x = this.x[f]!;
    const y = this.y[f]!;
    const side = this.sideOf[f]!;
    for (let k = 0; k < this.count; k++) {
      if (this.sideOf[k] === side || this.chars[k]!.status !== IN_FIGHT) continue;
      const d = spaces(x, y, this.x[k]!, this.y[k]!);
      if (e < 0 || d < bd) {
        e = k;
        bd = d;
      }
    }
    return e;
  }

  /**
   * A broken character seeks safety (seed 001, When You Fail: no free escape, normal movement
   * costs): it Walks (0 AD, keeping its dice for Full Guard; a mode already paid this turn goes on)
   * away from the nearest enemy still in the fight, standing first if Prone, step by step with
   * Opportunity Attacks as usual, until its movement is used up or no step gets farther.
   */
  private withdraw(f: number): void {
    const c = this.chars[f]!;
    if (this.gameHooks) this.ownTurn(OWN_WITHDRAW, f, 0, 0);
    if (!this.modeChosen) {
      this.moveLeft = this.allowance[f * 3]!;
      this.modeChosen = true;
    }
    for (let guard = 0; guard < 400 && c.status === BROKE && this.moveLeft > 0; guard++) {
      const e = this.nearestFoe(f);
      if (e < 0 || !this.upright(f) || !this.step(f, this.x[e]!, this.y[e]!, -1)) return;
    }
  }

  /**
   * One step to the free neighbouring Space that best goes towards (dir 1) or away from (dir -1) the
   * goal: fewest (most) Spaces, then straight-line distance; only a step that improves. Then
   * Opportunity Attacks. Returns false when no step improves.
   */
  step(f: number, gx: number, gy: number, dir: number): boolean {
    const cell = this.stepTarget(f, gx, gy, dir);
    if (cell < 0) return false;
    const x = cell % this.map.width;
    this.moveTo(f, x, (cell - x) / this.map.width);
    return true;
  }

  /** The Space step() would enter (y * width + x), or -1 when no step improves; moves nobody. */
  protected stepTarget(f: number, gx: number, gy: number, dir: number): number {
    const x0 = this.x[f]!;
    const y0 = this.y[f]!;
    let bx = x0;
    let by = y0;
    let bc = dir * spaces(x0, y0, gx, gy);
    let be = dir * ((x0 - gx) * (x0 - gx) + (y0 - gy) * (y0 - gy));
    // The 8 neighbours in the map's order (rows, then columns, from the top left): FightMap.free through its tables.
    const map = this.map;
    const blocked = map.blocked;
    const nbr = map.neighbours;
    for (let k = (y0 * map.width + x0) * 8, end = k + 8; k < end; k++) {
      const n = nbr[k]!;
      if (blocked[n] !== 0) continue;
      const nx = map.colOf[n]!;
      const ny = map.rowOf[n]!;
      const c = dir * spaces(nx, ny, gx, gy);
      const e = dir * ((nx - gx) * (nx - gx) + (ny - gy) * (ny - gy));
      if (c < bc || (c === bc && e < be)) {
        bx = nx;
        by = ny;
        bc = c;
        be = e;
      }
    }
    if (bx === x0 && by === y0) return -1;
    return by * this.map.width + bx;
  }

  /** f enters the neighbouring Space (x, y): one Space of movement, then Opportunity Attacks. */
  protected moveTo(f: number, x: number, y: number): void {
    const x0 = this.x[f]!;
    const y0 = this.y[f]!;
    this.map.clear(x0, y0);
    this.x[f] = x;
    this.y[f] = y;
    this.map.place(f, x, y);
    this.moveLeft--;
    if (this.observer !== null) this.emit(f, -1, 'move', { from_x: x0, from_y: y0 });
    this.opportunityAttacks(f, x0, y0);
  }

  /**
   * Before a melee attack on t whose own melee weapon reaches f (so t could Clash back): when f's
   * reach is longer, one step back to a Space from which f still attacks t (no worse cover) but t's
   * weapon cannot reach (seed 001: "A spear can strike two Spaces away, but a Reach Rating 1 sword
   * cannot Clash back from there"), taken only when it is free (Walk, or movement already paid
   * this turn; not Prone) and no enemy's reach covers both Spaces (no Opportunity Attack).
   * Neighbouring Spaces in order (rows, then columns, from the top left); the first that fits.
   */
  private stepBack(f: number, t: number): void {
    const c = this.chars[f]!;
    const x0 = this.x[f]!;
    const y0 = this.y[f]!;
    const tx = this.x[t]!;
    const ty = this.y[t]!;
    const rt = this.reach[t]!;
    if (this.chars[t]!.ranged || this.reach[f]! <= rt || spaces(x0, y0, tx, ty) > rt || c.prone) return;
    if (this.modeChosen ? this.moveLeft <= 0 : this.allowance[f * 3]! <= 0) return;
    const cover = this.map.path(x0, y0, tx, ty);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x0 + dx;
        const ny = y0 + dy;
        if ((dx === 0 && dy === 0) || !this.map.free(nx, ny)) continue;
        const d = spaces(nx, ny, tx, ty);
        if (d <= rt || d > this.reach[f]! || this.map.path(nx, ny, tx, ty) > cover || this.opportunityRisk(f, x0, y0, nx, ny)) continue;
        if (this.gameHooks) this.ownTurn(OWN_STEP, f, ny * this.map.width + nx, this.modeChosen ? -1 : WALK);
        if (!this.modeChosen) {
          this.moveLeft = this.allowance[f * 3]!;
          this.modeChosen = true;
        }
        this.moveTo(f, nx, ny);
        return;
      }
    }
  }

  /** Some enemy of f still fighting (melee, not Stunned) reaches both (x0, y0) and (x1, y1) with a clear path: a step between them gives it an Opportunity Attack. */
  private opportunityRisk(f: number, x0: number, y0: number, x1: number, y1: number): boolean {
    for (let e = 0; e < this.count; e++) {
      const c = this.chars[e]!;
      if (this.sideOf[e] === this.sideOf[f] || c.status !== IN_FIGHT || c.ranged || c.stunned) continue;
      const ex = this.x[e]!;
      const ey = this.y[e]!;
      const r = this.reach[e]!;
      if (spaces(ex, ey, x0, y0) <= r && spaces(ex, ey, x1, y1) <= r && this.map.path(ex, ey, x0, y0) !== FULL && this.map.path(ex, ey, x1, y1) !== FULL) return true;
    }
    return false;
  }

  /**
   * Before each step (approach, retreat): a Prone character (knocked Prone by an Opportunity Attack
   * or a lost Clash this turn) stands up (1 AD, Slowed 2; the policy stands whenever it can
   * pay) and returns true; false when it cannot pay and stays Prone. Seed 001 gives standing a cost
   * and no way to move while Prone (its ground movement rules are not in the seed): it does not move.
   */
  protected upright(f: number): boolean {
    const c = this.chars[f]!;
    if (!c.prone) return true;
    const stood = c.standUp();
    if (stood === 0) return false;
    this.adMove[f]! += stood;
    if (this.observer !== null) this.emit(f, -1, 'stand-up', { ready: c.ready, cost: stood, state_after: this.stateName(f) });
    return true;
  }

  /**
   * After f steps from (x0, y0): every enemy (listed order) whose melee reach covered both Spaces
   * may make an Opportunity Attack, by policy whenever it can pay the attack and keep its reserve
   * (Stunned characters take no Reactions). No proactive use is spent.
   */
  private opportunityAttacks(f: number, x0: number, y0: number): void {
    for (let e = 0; e < this.count && this.chars[f]!.status !== COLLAPSED; e++) {
      const c = this.chars[e]!;
      if (this.sideOf[e] === this.sideOf[f] || c.status !== IN_FIGHT || c.ranged || c.stunned) continue;
      if (spaces(this.x[e]!, this.y[e]!, x0, y0) > this.reach[e]! || !this.canAttack(e, f)) continue;
      if (this.map.path(this.x[e]!, this.y[e]!, x0, y0) === FULL) continue;
      let boost = this.spec.fighters[e]!.tactical ? this.valuedAttack(e, f, false) : c.attackBoost(c.attackSkill, c.baseCost, c.policy.reserve);
      if (this.gameHooks) boost = this.chosenOpportunity(e, f, boost);
      if (boost >= 0) this.exchange(e, f, boost, 'opportunity-attack');
    }
  }
}
