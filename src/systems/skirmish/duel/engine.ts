/**
 * One skirmish duel (rules.md 1.8): rounds of activations of 2 actions, initiative, a distance
 * between the two fighters, every action of seeds 000 and 002 a duel can use, Ranged Reactions,
 * wound states, and a draw after maxRounds. The engine enforces what the rules allow (a Move away
 * from an engaged Active enemy is a Retreat); a policy (duel/actions.ts) chooses among it. The Duel
 * is built once per task and reused for every duel (no allocation per duel once its attack tables
 * exist). With an observer attached it reports every action (src/systems/trace.ts).
 * Longer than our ~300-line guide on purpose: one class keeps the hot loop monomorphic and lets
 * V8 inline the actions; event building lives in events.ts and is only reached when tracing.
 */
import type { TraceEvent, TraceObserver } from '../../trace.js';
import { ACTIVE, DOWNED, OUT_OF_ACTION, type Loadout } from '../profile.js';
import { UNARMED as UNARMED_WEAPON } from '../resolve.js';
import {
  activates, canCrawl, canHide, castingResult, crawlAllowance, initiative, manoeuvreDistance, manoeuvresAfter, MERCY_ATTACK, MERCY_TAKE_OUT,
  mercyKillKind, mercyKillLands, MISHAP, GOES_OFF, recoverResult, retreatLeaves, retreatPasses, shotLegal, initiativeCode, movedBy, hiddenAfterMoving,
  MOVEMENT_MOVE, MOVEMENT_CHARGE, MOVEMENT_RETREAT, MOVEMENT_CRAWL,
} from '../fight-rules.js';
import { DODGE_MOVED, SHOVE_MOVED } from '../spec.js';
import { woundLookup, woundTable, type WoundTable } from '../wound-table.js';
import { Action, DODGE, DODGE_THEN_SHOVE, ENGAGEMENT, SHOVE, type DuelPolicy, type DuelView } from './actions.js';
import type { DuelDice, RolledDice } from './dice.js';
import {
  traceAction, traceAttack, traceCastFails, traceHide, traceInitiative, traceMercyTakeOut, tracePrimerFails, traceRecover, traceRetreat,
} from './events.js';
import { Fighter } from './fighter.js';
import { AttackCache, type DuelSpec } from './setup.js';

export { Action, ENGAGEMENT, HIDDEN_RANGE } from './actions.js';
export { Fighter } from './fighter.js';

export interface DuelResult {
  /** 0 = a won, 1 = b won, 2 = draw (maxRounds reached). */
  readonly winner: number;
  readonly rounds: number;
}

/** Either manoeuvre's movement bit in an outcome code. */
const MOVED = DODGE_MOVED | SHOVE_MOVED;

export class Duel implements DuelView {
  readonly fighters: readonly [Fighter, Fighter];
  /** attacks[s]: side s attacking the other side. */
  private readonly attacks: readonly [AttackCache, AttackCache];
  distance = 0;
  round = 0;
  /** 0 during the round's first activation, 1 during the second (a solved policy's table is keyed by it). */
  which = 0;
  /** Actions left in the current activation (a policy reads it to plan Aim). */
  actionsLeft = 0;
  over = false;
  /** The tracer, or null (run: one predictable branch per action). */
  observer: TraceObserver | null = null;
  /** Inside a Ranged Reaction (events say so). */
  reacting = false;
  /** Knobs read every round, as plain fields: initiative, stunnedActs, failedRetreat stays. */
  private readonly initiativeKnob: number;
  private readonly stunnedActs: boolean;
  private readonly failedStays: boolean;
  private readonly stepPerHit: boolean;
  /** The Apply Wounds rule (woundStep) for every state, Wounds left and hits these fighters can meet. */
  private readonly wounds: WoundTable;
  /** acts[state] = 1 when a fighter in that state activates (the rule activates(), evaluated once per knob setting). */
  private readonly acts: Uint8Array;

  constructor(readonly spec: DuelSpec, private readonly dice: DuelDice, private readonly policy: DuelPolicy) {
    const { a, b } = withUnarmed(spec);
    this.initiativeKnob = initiativeCode(spec.knobs.initiative);
    this.stunnedActs = spec.knobs.stunnedActs;
    this.failedStays = spec.knobs.failedRetreat === 'stays';
    this.stepPerHit = spec.knobs.stepPerHit;
    this.acts = new Uint8Array(4);
    for (let st = 0; st !== 4; ++st) this.acts[st] = activates(st, this.stunnedActs) ? 1 : 0;
    this.fighters = [new Fighter(a, spec.policies[0], spec), new Fighter(b, spec.policies[1], spec)];
    this.wounds = woundTable(Math.max(this.fighters[0].wounds, this.fighters[1].wounds), this.stepPerHit);
    this.attacks = [
      new AttackCache(a, b, spec.knobs, spec.settings.cover),
      new AttackCache(b, a, spec.knobs, spec.settings.cover),
    ];
  }

  /** Attaches (or detaches) a tracer; per-die dice then keep the faces they roll. */
  observe(observer: TraceObserver | null): void {
    this.observer = observer;
    this.dice.record(observer !== null);
  }

  /** The faces rolled since the last event (tracing; null when the dice keep none). */
  rolled(): RolledDice | null {
    return this.dice.take();
  }

  /** Plays one duel to the end. */
  play(): DuelResult {
    const winner = this.playOut();
    return { winner, rounds: this.round };
  }

  /** Plays one duel to the end; returns the winner (as winner()), the rounds played are in `round` (kernels: nothing allocated). */
  playOut(): number {
    this.start();
    if (this.observer !== null) this.observer.begin();
    const maxRounds = this.spec.settings.maxRounds;
    // The round counter in a local: a duel that reaches maxRounds leaves `round` at maxRounds with no
    // extra store on that rare path (an unvisited store there deoptimised the kernel at its first draw).
    this.round = 0;
    for (let round = 1; round <= maxRounds; round++) {
      this.round = round;
      const first = this.initiative();
      if (first >= 0) {
        this.which = 0;
        this.activate(first);
        this.which = 1;
        if (!this.over) this.activate(1 - first);
      }
      if (this.over) break;
    }
    const winner = this.winner();
    if (this.observer !== null) this.observer.end(winner, this.round);
    return winner;
  }

  /** The state before round 1: both fighters fresh, the study's starting distance. */
  start(): void {
    this.fighters[0].reset();
    this.fighters[1].reset();
    this.distance = this.spec.settings.distance;
    this.over = false;
  }

  /** 0 = a won, 1 = b won, 2 = draw (not over after maxRounds). */
  winner(): number {
    return !this.over ? 2 : this.fighters[0].state === OUT_OF_ACTION ? 1 : 0;
  }

  /** Whether side s activates this round: Active or Downed (Stunned too with knob stunnedActs). */
  activates(s: number): boolean {
    return this.acts[this.fighters[s]!.state] === 1;
  }

  /**
   * The side that activates first, or -1 if neither activates: the shared rule (fight-rules.ts), with
   * an activation count of 0 or 1 per side. Traced when the counts are equal (the knob decided).
   */
  initiative(): number {
    const a = this.activates(0) ? 1 : 0;
    const b = this.activates(1) ? 1 : 0;
    if (a !== b) return a === 1 ? 0 : 1; // only one side activates: no initiative to decide
    const first = initiative(a, b, this.initiativeKnob, this.round, this.dice);
    if (this.observer !== null && first >= 0) traceInitiative(this, first);
    return first;
  }

  /**
   * One activation of side s: 2 actions (a Recover of 6 adds one). The loop is actionsGoOn() and
   * nextAction() written out (the exact drivers step through those; here V8 keeps it in one frame).
   */
  activate(s: number): void {
    if (!this.beginActivation(s)) return;
    const f = this.fighters[s]!;
    while (this.actionsLeft > 0 && !this.over && this.acts[f.state] === 1) {
      this.actionsLeft--;
      this.perform(s, this.policy.decide(this, s, false), false);
    }
  }

  /** The start of side s's activation (flags that last one activation end); false if s does not activate. */
  beginActivation(s: number): boolean {
    const f = this.fighters[s]!;
    if (!this.activates(s)) return false;
    f.braced = 0;
    f.aimed = 0;
    f.rangedThisActivation = false;
    // "Moved this activation" is per activation: the enemy's flag from its own activation does not
    // carry into its reactions during this one (a heavy weapon may fire back unless it moves now).
    f.moved = false;
    const other = this.fighters[1 - s]!;
    other.moved = false;
    // Aim and "a Ranged action earlier this activation" end with the other fighter's own activation too.
    other.aimed = 0;
    other.rangedThisActivation = false;
    this.actionsLeft = 2;
    return true;
  }

  /** Whether side s's activation has another action. */
  actionsGoOn(s: number): boolean {
    return this.actionsLeft > 0 && !this.over && this.activates(s);
  }

  /** One action of side s's activation, as its policy decides. */
  nextAction(s: number): void {
    this.actionsLeft--;
    this.perform(s, this.policy.decide(this, s, false), false);
  }

  /** Performs one action of side s (an action of its activation, or a reaction). */
  perform(s: number, action: Action, reaction: boolean): void {
    const f = this.fighters[s]!;
    switch (action) {
      case Action.MoveToward:
        this.move(s, -this.policy.moveInches(this, s, action, f.movement));
        break;
      case Action.MoveAway:
        this.leave(s, Action.MoveAway);
        break;
      case Action.Charge:
        this.charge(s);
        break;
      case Action.Melee:
        if (this.distance <= ENGAGEMENT) this.attackAction(s, f.melee, 0, false, 'melee');
        break;
      case Action.Ranged:
        this.ranged(s, reaction);
        break;
      case Action.Cast:
        this.castAction(s);
        break;
      case Action.Aim:
        f.aimed = 1;
        if (this.observer !== null) traceAction(this, s, 'aim', -1);
        break;
      case Action.Brace:
        f.braced = 1;
        if (this.observer !== null) traceAction(this, s, 'brace', -1);
        break;
      case Action.Retreat:
        this.leave(s, Action.Retreat);
        break;
      case Action.Hide:
        this.hide(s);
        break;
      case Action.MercyKill:
        this.mercyKill(s);
        break;
      case Action.Recover:
        this.recover(s);
        break;
      case Action.CrawlAway:
        this.crawl(s);
        break;
      default:
        break;
    }
  }

  /** Hide (002, fight-rules.ts canHide): needs terrain (the study's `terrain`) and no Ranged action earlier this activation. */
  hide(s: number): void {
    const f = this.fighters[s]!;
    if (this.canHide(s)) f.hidden = true;
    if (this.observer !== null) traceHide(this, s);
  }

  /**
   * Move away (or Retreat): leaving an Active enemy's engagement range is a Retreat, whatever the
   * policy called it (002); otherwise a plain Move away.
   */
  leave(s: number, action: Action): void {
    if (this.engagedWithActive(s)) this.retreat(s);
    else this.move(s, this.policy.moveInches(this, s, action === Action.Retreat ? Action.MoveAway : action, this.fighters[s]!.movement));
  }

  /** Within 1" of an enemy that is Active (the one a Retreat is needed to leave). */
  engagedWithActive(s: number): boolean {
    return this.distance <= ENGAGEMENT && this.fighters[1 - s]!.state === ACTIVE;
  }

  /** Move: toward (negative inches) or away; a fighter cannot end on the other's base. */
  move(s: number, inches: number): void {
    const before = this.distance;
    this.moveBy(s, inches, MOVEMENT_MOVE);
    if (this.observer !== null) traceAction(this, s, 'move', before);
  }

  /** Side s's own movement of `kind` (fight-rules.ts MOVEMENT_*), then afterMovement(). */
  moveBy(s: number, inches: number, kind: number): void {
    this.distance = Math.max(0, this.distance + inches);
    this.afterMovement(s, kind);
  }

  /** After side s's own movement of `kind`: "Moved or Charged" (movedBy) and Hidden (hiddenAfterMoving), the rules both engines share. */
  afterMovement(s: number, kind: number): void {
    const f = this.fighters[s]!;
    if (movedBy(kind)) f.moved = true;
    if (f.hidden && !hiddenAfterMoving(kind, this.spec.settings.terrain, this.distance)) f.hidden = false;
  }

  canCharge(s: number): boolean {
    return this.distance - this.fighters[s]!.movement <= ENGAGEMENT;
  }

  /** Charge: up to Movement, ending in base contact; only when it can end within 1". */
  charge(s: number): void {
    if (!this.canCharge(s)) return;
    const before = this.distance;
    this.distance = 0;
    this.afterMovement(s, MOVEMENT_CHARGE);
    if (this.observer !== null) traceAction(this, s, 'charge', before);
  }

  /** Whether weapon i of side s can shoot now (range, a Hidden target beyond 6", heavy after moving). */
  canShootWith(s: number, i: number): boolean {
    const f = this.fighters[s]!;
    const w = f.weapons[i];
    if (w === undefined || !(w.ranged || w.cast)) return false;
    return shotLegal(w, this.distance, this.fighters[1 - s]!.hidden, f.moved);
  }

  /** The first Ranged (cast = false) or Cast (cast = true) weapon of side s that can shoot now, or -1. */
  firstShot(s: number, cast: boolean): number {
    const ws = this.fighters[s]!.weapons;
    for (let i = 0; i !== ws.length; ++i) {
      if (ws[i]!.cast === cast && this.canShootWith(s, i)) return i;
    }
    return -1;
  }

  canShoot(s: number): boolean {
    const f = this.fighters[s]!;
    const w = f.weapons[f.shooting];
    if (w === undefined) return false;
    // `shooting` is a Ranged or Cast weapon: the shot's legality is all canShootWith() would add.
    return shotLegal(w, this.distance, this.fighters[1 - s]!.hidden, f.moved) || (f.shooters > 1 && this.firstShot(s, w.cast) >= 0);
  }

  canHide(s: number): boolean {
    return canHide(this.spec.settings.terrain, this.fighters[s]!.rangedThisActivation);
  }

  /**
   * A Ranged action: one Ranged Attack Action with the first weapon that can fire, or with every
   * one that can for a gunslinger (002); each gives the target its Ranged Reaction.
   */
  ranged(s: number, reaction: boolean): void {
    const f = this.fighters[s]!;
    const first = f.shooting;
    const w = f.weapons[first];
    // canShootWith(s, first) for a Ranged weapon, without fetching it again.
    if (!f.gunslinger && w !== undefined && w.ranged && shotLegal(w, this.distance, this.fighters[1 - s]!.hidden, f.moved)) {
      this.fire(s, first, reaction);
      return;
    }
    for (let i = 0; i !== f.weapons.length && !this.over; ++i) {
      if (!f.weapons[i]!.ranged || !this.canShootWith(s, i)) continue;
      this.fire(s, i, reaction);
      if (!f.gunslinger) return;
    }
  }

  /** One Ranged Attack Action (primer roll first for firearms), then the target's Ranged Reaction. */
  fire(s: number, weapon: number, reaction: boolean): void {
    const f = this.fighters[s]!;
    const w = f.weapons[weapon]!;
    f.hidden = false;
    f.rangedThisActivation = true;
    const aim = f.aimed;
    f.aimed = 0;
    if (!w.firearm || this.dice.d6() >= w.primer) this.attackAction(s, weapon, aim, false, 'ranged');
    else {
      f.primary = weapon;
      if (this.observer !== null) tracePrimerFails(this, s);
    }
    // Ranged Reaction: the target, if neither Downed nor Out of Action (nor Stunned), acts at once;
    // a reaction never triggers a reaction.
    const t = 1 - s;
    if (!reaction && !this.over && this.fighters[t]!.state === ACTIVE) this.react(t);
  }

  /** Side t's Ranged Reaction: one action its policy picks (events mark it). */
  private react(t: number): void {
    this.reacting = true;
    this.perform(t, this.policy.decide(this, t, true), true);
    this.reacting = false;
  }

  /** Cast (no Ranged Reaction): Casting Roll 2d6 + casting; double 1s is a mishap (backlash), below the difficulty fizzles. */
  castAction(s: number): void {
    const weapon = this.firstShot(s, true);
    if (weapon < 0) return;
    const f = this.fighters[s]!;
    const w = f.weapons[weapon]!;
    f.hidden = false;
    f.primary = weapon;
    const r1 = this.dice.d6();
    const r2 = this.dice.d6();
    const outcome = castingResult(r1, r2, f.casting, w.difficulty);
    if (outcome === MISHAP) this.wound(s, w.backlash, false);
    if (outcome !== GOES_OFF) {
      if (this.observer !== null) traceCastFails(this, s, outcome, r1 + r2 + f.casting, w);
      return;
    }
    this.attackAction(s, weapon, 0, false, 'cast');
  }

  /**
   * One Attack Sequence by side s with a weapon (-1: unarmed, the last entry of the loadout): its
   * Wounds applied, its event, then the target's Dodge / Shove movement. Mercy Kill on a Downed
   * target: any unblocked hit takes it Out of Action (and nobody moves).
   */
  attackAction(s: number, weapon: number, aim: number, mercy: boolean, name: string): void {
    const f = this.fighters[s]!;
    const t = 1 - s;
    const target = this.fighters[t]!;
    const before = this.distance;
    const targetBefore = target.state;
    const w = weapon < 0 ? f.loadout.weapons.length - 1 : weapon;
    f.primary = w;
    f.hidden = false;
    const defState = targetBefore === ACTIVE ? 0 : targetBefore === DOWNED ? 1 : 2;
    const entry = this.attacks[s as 0 | 1].get(w, target.primary, aim, target.braced, defState);
    const code = this.dice.attack(entry);
    const unblocked = code >> 2;
    if (mercy) {
      if (mercyKillLands(unblocked)) this.takeOut(t);
    } else {
      this.wound(t, unblocked, entry.spec.impact);
    }
    if (this.observer !== null) traceAttack(this, s, name, before, targetBefore, code);
    // Only an outcome with a movement bit can move anyone (manoeuvresAfter decides whether it does).
    if (!mercy && (code & MOVED) !== 0) this.manoeuvres(t, code);
  }

  /** Dodge / Shove movement of an attack on side t, only while t is still Active; t's policy picks how far (up to 2"). */
  manoeuvres(t: number, code: number): void {
    const moves = manoeuvresAfter(code, this.fighters[t]!.state, DODGE_MOVED, SHOVE_MOVED);
    if (moves & DODGE_MOVED) this.manoeuvre(t, moves & SHOVE_MOVED ? DODGE_THEN_SHOVE : DODGE, 'dodge');
    if (moves & SHOVE_MOVED) this.manoeuvre(t, SHOVE, 'shove');
  }

  private manoeuvre(t: number, which: number, name: string): void {
    const before = this.distance;
    const inches = manoeuvreDistance(this.policy.manoeuvreInches(this, t, which));
    this.distance += inches;
    if (this.observer !== null) traceAction(this, t, name, before);
  }

  /** Applies unblocked hits to side t with the shared rule (wounds.ts, looked up in its table), ending the duel at Out of Action. */
  wound(t: number, unblocked: number, impact: boolean): void {
    if (unblocked <= 0) return;
    const f = this.fighters[t]!;
    const r = woundLookup(this.wounds, f.state, f.woundsLeft, unblocked, impact, this.stepPerHit);
    f.state = r & 3;
    f.woundsLeft = r >>> 2;
    // Going Downed or Stunned does not lose Hidden (002: a Downed fighter may Recover without losing it).
    if (f.state === OUT_OF_ACTION) this.over = true;
  }

  takeOut(t: number): void {
    this.fighters[t]!.state = OUT_OF_ACTION;
    this.over = true;
  }

  /**
   * Retreat: a Skill check; on a fail the enemy (if Active) makes a free Melee attack; then, if
   * still Active, the fighter moves away, unless it failed and the knob failedRetreat is `stays`.
   */
  retreat(s: number): void {
    const f = this.fighters[s]!;
    const before = this.distance;
    const face = this.dice.d6();
    const passed = retreatPasses(face, f.skillFace);
    const check = this.observer !== null ? this.rolled() : null;
    const e = 1 - s;
    const free = !passed && this.fighters[e]!.state === ACTIVE;
    // Traced, the free attack is held and shown after the `retreat` event that caused it (as in battles).
    const observer = this.observer;
    const held: TraceEvent[] = [];
    if (free && observer !== null) this.observer = { begin: () => undefined, event: (x) => held.push(x), end: () => undefined };
    if (free) this.attackAction(e, this.fighters[e]!.melee, 0, false, 'free-attack');
    this.observer = observer;
    const leaves = retreatLeaves(passed, this.failedStays);
    if (!this.over && f.state === ACTIVE && leaves) this.moveBy(s, this.policy.moveInches(this, s, Action.Retreat, f.movement), MOVEMENT_RETREAT);
    if (observer !== null) {
      traceRetreat(this, s, before, check, passed, leaves, free ? 1 : 0);
      for (const x of held) observer.event(x);
    }
  }

  /** Mercy Kill: a Stunned enemy within 1" goes Out of Action; a Downed one takes a Melee attack. */
  mercyKill(s: number): void {
    const t = 1 - s;
    const target = this.fighters[t]!;
    if (this.distance > ENGAGEMENT) return;
    const kind = mercyKillKind(target.state);
    if (kind === MERCY_TAKE_OUT) {
      this.takeOut(t);
      if (this.observer !== null) traceMercyTakeOut(this, s);
    } else if (kind === MERCY_ATTACK) this.attackAction(s, this.fighters[s]!.melee, 0, true, 'mercy-kill');
  }

  /** Recover (Downed): 1 Stunned; 2-3 stays Downed; 4-5 Active with 1 Wound; 6 also one more action. */
  recover(s: number): void {
    const f = this.fighters[s]!;
    if (f.state !== DOWNED) return;
    const r = recoverResult(this.dice.d6());
    f.state = r.state;
    f.woundsLeft = r.woundsLeft;
    if (r.extraAction) this.actionsLeft++;
    if (this.observer !== null) traceRecover(this, s, r.extraAction);
  }

  /** Crawl (Downed; Stunned too with knob stunnedActs): half Movement (rounded up) away. */
  crawl(s: number): void {
    const f = this.fighters[s]!;
    if (!canCrawl(f.state, this.stunnedActs)) return;
    const before = this.distance;
    this.moveBy(s, this.policy.moveInches(this, s, Action.CrawlAway, crawlAllowance(f.movement)), MOVEMENT_CRAWL);
    if (this.observer !== null) traceAction(this, s, 'crawl', before);
  }
}

/** Every loadout gets bare hands as its last weapon, for Melee without a melee weapon. */
function withUnarmed(spec: DuelSpec): { a: Loadout; b: Loadout } {
  const add = (l: Loadout): Loadout => ({ ...l, weapons: [...l.weapons, UNARMED_WEAPON] });
  return { a: add(spec.a), b: add(spec.b) };
}
