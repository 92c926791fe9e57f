/**
 * The actions of a battle that resolve attacks and their consequences: Melee (Gang Up, Multiple
 * Engagement), the Attack Sequence with Wounds and Dodge/Shove movement, Ranged and Cast actions
 * (clustered enemies, friendly fire, the Ranged Reaction), Retreat, Mercy Kill, Recover and Help.
 * engine.ts adds rounds, activations and the dispatch of the policies' decisions.
 */
import { ACTIVE, DOWNED, OUT_OF_ACTION, STUNNED } from '../profile.js';
import { passes, type AttackResult } from '../reference.js';
import { stateAfter, woundsLeftAfter } from '../wounds.js';
import { DODGE_MOVED, SHOVE_MOVED, type AttackSpec } from '../spec.js';
import {
  castingResult, GOES_OFF, helpResult, hiddenAfterMoving, manoeuvreDistance, manoeuvresAfter, MERCY_ATTACK, MERCY_TAKE_OUT, mercyKillKind,
  mercyKillLands, MISHAP, movedBy, MOVEMENT_RETREAT, recoverResult, retreatLeaves, retreatPasses,
} from '../fight-rules.js';
import type { TraceEvent, TraceObserver } from '../../trace.js';
import { attackResult, attackRolls, castFailsResult, PRIMER_FAILS, recoverNote, STATE_NAMES } from '../duel/events.js';
import { segmentNearPoint } from './geometry.js';
import { Board, ENGAGEMENT } from './board.js';
import type { BattleDice } from './roll.js';
import { BattleAttacks, MAX_SPLIT, splitIndex, type BattleSpec } from './setup.js';

const EPS = 1e-9;
const NO_ROLLS: readonly number[] = [];

export abstract class Fight extends Board {
  readonly attacks: BattleAttacks;
  round = 0;
  actionsLeft = 0;
  over = false;
  /** The side whose fighter is activating (Ranged Reactions are for the other side). */
  activeSide = -1;
  /** Set for the next attack when friendly fire will need its natural 1s. */
  needOnes = false;
  /** Inside a Ranged Reaction (its events carry `reaction: true`, as in duels). */
  reacting = false;
  /** The target of the Ranged Attack Action just resolved whose Ranged Reaction comes next, or -1. */
  pendingReactor = -1;
  /** A gunslinger's Ranged action interrupted by a reaction: shooter, declared target, next weapon (-1: none). */
  private volleyBy = -1;
  private volleyAt = -1;
  private volleyNext = -1;
  observer: TraceObserver | null = null;
  /** Traced events held back (a failed Retreat's free attacks, shown after its `retreat` event); null: sent at once. */
  held: TraceEvent[] | null = null;
  /** Tracing only: the d6s rolled just before the next attack (a firearm's primer, a Casting Roll), shown in its event. */
  private preRolls: readonly number[] = NO_ROLLS;
  /** Tracing only: the declared target of the Ranged or Cast action being resolved (its events' `declared_target`), else -1. */
  private declared = -1;
  /** Per fighter, this battle: unblocked hits dealt to enemies, enemies taken Out of Action, friendly-fire unblocked hits dealt. */
  readonly dealt: Float64Array;
  readonly takedowns: Float64Array;
  readonly friendly: Float64Array;
  private readonly list: Int32Array;

  constructor(spec: BattleSpec, readonly dice: BattleDice) {
    super(spec);
    this.attacks = new BattleAttacks(this.loadouts, spec.knobs);
    this.dealt = new Float64Array(this.n);
    this.takedowns = new Float64Array(this.n);
    this.friendly = new Float64Array(this.n);
    this.list = new Int32Array(this.n);
  }

  /** A Ranged Reaction of fighter t is due (its decision comes next: pendingReactor). */
  reactionDue(t: number): void {
    this.pendingReactor = t;
  }

  /** Inches (0 to 2, clamped by the rule) fighter t's policy wants its Dodge (0) or Shove (1) against attacker i to move. */
  abstract manoeuvreInches(t: number, i: number, which: number): number;

  /** Whether side s has a fighter that is not Out of Action. */
  standing(s: number): boolean {
    for (let i = this.from(s), end = this.to(s); i !== end; ++i) if (this.state[i] !== OUT_OF_ACTION) return true;
    return false;
  }

  /**
   * Melee: Multiple Engagement with knob `split` shares the pool among every engaged Active enemy
   * (splitShare, round-robin); else all on t. Gang Up adds one die to the whole Strike Pool before
   * the split (002), not one per share: when a friend of i is also within 1" of any of the enemies
   * sharing the pool, the die goes with the share of the first such enemy (roster order), the
   * colour chosen against that enemy as usual.
   */
  melee(i: number, t: number): void {
    if (t < 0 || this.gap(i, t) > ENGAGEMENT + EPS || this.state[t] === OUT_OF_ACTION) return;
    const w = this.meleeWeapon[i]!;
    if (this.split && this.state[t] === ACTIVE) {
      let k = 0;
      for (let j = 0; j !== this.n && k < MAX_SPLIT; ++j) {
        if (this.side[j] !== this.side[i] && this.state[j] === ACTIVE && this.gap(i, j) <= ENGAGEMENT + EPS) this.list[k++] = j;
      }
      if (k >= 2) {
        let gangAt = -1;
        for (let p = 0; p !== k && gangAt < 0; ++p) if (this.gangUp(i, this.list[p]!)) gangAt = p;
        for (let p = 0; p !== k && !this.over; ++p) this.attack(i, w, this.list[p]!, 0, false, splitIndex(k, p), 'melee', p === gangAt ? 1 : 0);
        return;
      }
    }
    this.attack(i, w, t, 0, false, 0, 'melee');
  }

  /**
   * One Attack Sequence by i with weapon w against t: Gang Up (melee), cover (Ranged and Cast),
   * Brace, the target's state; Wounds; Dodge and Shove movement. Mercy Kill on a Downed target:
   * any unblocked hit takes it Out of Action. `gang` (melee): 1 or 0 decided by the caller (a
   * split pool's share), -1 (default) to work Gang Up out against t. Returns the outcome code.
   */
  attack(i: number, w: number, t: number, aim: number, mercy: boolean, split: number, action: string, gang = -1): number {
    this.primary[i] = w;
    this.hidden[i] = 0;
    const melee = this.weapons[i]![w]!.kind === 'melee';
    if (!melee) gang = 0;
    else if (gang < 0) gang = this.gangUp(i, t) ? 1 : 0;
    const cover = melee ? 0 : this.cover(i, t);
    const before = this.state[t]!;
    const entry = this.attacks.get(i, w, t, this.primary[t]!, aim, gang, cover, this.braced[t]!, before, split);
    const spec = entry.spec;
    // Traced, the dice keep every face (the same dice, rolled in the same order).
    const code = this.dice.attack(entry, this.needOnes, this.observer !== null);
    this.needOnes = false;
    const unblocked = code >> 2;
    let moves = 0;
    if (mercy) {
      if (mercyKillLands(unblocked)) this.takeOut(i, t);
    } else {
      this.hurt(i, t, unblocked, spec.impact, false);
      moves = manoeuvresAfter(code, this.state[t]!, DODGE_MOVED, SHOVE_MOVED);
      if (moves & DODGE_MOVED) this.moveAway(t, i, manoeuvreDistance(this.manoeuvreInches(t, i, 0)), false);
      if (moves & SHOVE_MOVED) this.moveAway(i, t, manoeuvreDistance(this.manoeuvreInches(t, i, 1)), false, true);
    }
    if (this.observer !== null) {
      // The duel's rolls and result (duel/events.ts); no faces after a table draw (dice.last null).
      const rolls = this.dice.last === null ? undefined : attackRolls({ d6: this.preRolls, attack: this.dice.last }, action);
      this.preRolls = NO_ROLLS;
      this.emit(i, action, t, {
        ...(rolls !== undefined ? { rolls } : {}),
        wounds: unblocked, target_state_before: STATE_NAMES[before]!, target_state_after: STATE_NAMES[this.state[t]!]!,
        result: attackResult((unblocked << 2) | moves),
        // choice: the attacker's pick (the colour of the Gang Up or Aim die, dice dropped at the cap).
        gang_up: gang === 1, cover, ...(spec.choice !== '' ? { choice: spec.choice } : {}),
        // dodge / shove: the manoeuvre's movement happened (not when the target went down: nobody moves).
        ...(moves & DODGE_MOVED ? { dodge: true } : {}), ...(moves & SHOVE_MOVED ? { shove: true } : {}),
        ...attackDetails(spec, this.dice.last, aim === 1, this.braced[t] === 1),
      });
    }
    return code;
  }

  /** Applies unblocked hits from `src` (-1: none, e.g. a spell's backlash) to t (rules.md 1.7). */
  hurt(src: number, t: number, unblocked: number, impact: boolean, friendlyFire: boolean): void {
    if (unblocked <= 0) return;
    const state = stateAfter(this.state[t]!, this.woundsLeft[t]!, unblocked, impact, this.stepPerHit);
    this.woundsLeft[t] = woundsLeftAfter(this.state[t]!, this.woundsLeft[t]!, unblocked);
    this.state[t] = state;
    if (src >= 0) {
      if (friendlyFire) this.friendly[src]! += unblocked;
      else this.dealt[src]! += unblocked;
    }
    // Going Downed or Stunned does not lose Hidden (002: a Downed fighter may Recover without losing it).
    if (state === OUT_OF_ACTION) {
      if (src >= 0 && !friendlyFire && this.side[src] !== this.side[t]) this.takedowns[src]! += 1;
      this.checkOver();
    }
  }

  takeOut(src: number, t: number): void {
    this.state[t] = OUT_OF_ACTION;
    if (src >= 0 && this.side[src] !== this.side[t]) this.takedowns[src]! += 1;
    this.checkOver();
  }

  private checkOver(): void {
    if (!this.standing(0) || !this.standing(1)) this.over = true;
  }

  /**
   * A Ranged action: one Ranged Attack Action (clustered-enemies check, primer for firearms,
   * friendly fire on natural 1s, then the target's Ranged Reaction) with the first ranged weapon;
   * a `gunslinger` then fires each other Ranged weapon that can still shoot the declared target,
   * one Ranged Attack Action (and reaction) each (002, as in duels). Or a Cast action (clustered
   * check, Casting Roll; no reaction).
   */
  shoot(i: number, declared: number, reaction: boolean): void {
    const w = this.shooting[i]!;
    if (declared < 0 || !this.canShootAt(i, declared, reaction)) return;
    if (this.weapons[i]![w]!.kind === 'cast') {
      this.castAt(i, w, declared);
      return;
    }
    this.fire(i, w, declared, reaction);
    if (this.gunslinger[i] === 0) return;
    this.volley(i, declared, reaction, w + 1);
  }

  /**
   * A gunslinger's other Ranged weapons from index `from` on, each that can still shoot the declared
   * target; a Ranged Reaction in between (pendingReactor) interrupts it, continueVolley() goes on after it.
   */
  private volley(i: number, declared: number, reaction: boolean, from: number): void {
    const ws = this.weapons[i]!;
    for (let v = from; v < ws.length && !this.over; ++v) {
      if (this.pendingReactor >= 0) {
        this.volleyBy = i;
        this.volleyAt = declared;
        this.volleyNext = v;
        return;
      }
      if (ws[v]!.ranged && this.canShootWith(i, v, declared)) this.fire(i, v, declared, reaction);
    }
  }

  /** Copies the state of another fight of the same spec (the game interface's clone()). */
  copyFight(o: Fight): void {
    this.copyBoard(o);
    this.round = o.round;
    this.actionsLeft = o.actionsLeft;
    this.over = o.over;
    this.activeSide = o.activeSide;
    this.needOnes = o.needOnes;
    this.reacting = o.reacting;
    this.pendingReactor = o.pendingReactor;
    this.volleyBy = o.volleyBy;
    this.volleyAt = o.volleyAt;
    this.volleyNext = o.volleyNext;
    this.dealt.set(o.dealt);
    this.takedowns.set(o.takedowns);
    this.friendly.set(o.friendly);
  }

  /** No reaction pending, no Ranged action interrupted (a new battle). */
  clearPending(): void {
    this.pendingReactor = -1;
    this.volleyBy = -1;
    this.reacting = false;
  }

  /** The rest of a gunslinger's Ranged action after the Ranged Reaction that interrupted it (nothing if none). */
  continueVolley(): void {
    const i = this.volleyBy;
    if (i < 0) return;
    this.volleyBy = -1;
    // Only an action of the activating side (never a reaction) is interrupted by a reaction.
    this.volley(i, this.volleyAt, false, this.volleyNext);
  }

  /** A Cast action with spell w at the declared target. */
  private castAt(i: number, w: number, declared: number): void {
    const info = this.weapons[i]![w]!;
    this.hidden[i] = 0;
    // Only a Ranged action blocks a later Hide (002), not a Cast (fight-rules.ts canHide).
    if (this.observer !== null) this.declared = declared;
    const t = this.clustered(i, declared);
    const r1 = this.dice.d6();
    const r2 = this.dice.d6();
    this.primary[i] = w;
    const outcome = castingResult(r1, r2, this.loadouts[i]!.fighter.casting ?? 0, info.difficulty);
    if (outcome === MISHAP) this.hurt(-1, i, info.backlash, false, false);
    if (outcome === GOES_OFF) {
      if (this.observer !== null) this.preRolls = [r1, r2];
      // Knob castAttack `ranged`: friendly fire as for a Ranged Attack Action (the friend found at declaration).
      const ff = this.castRanged ? this.atRisk(i, t) : -1;
      this.needOnes = ff >= 0;
      this.attack(i, w, t, 0, false, 0, 'cast');
      const ones = ff >= 0 ? this.dice.onesMight + this.dice.onesSkill : 0;
      if (ones > 0 && !this.over && this.state[ff] === ACTIVE) this.friendlyFire(i, w, ff, 0);
    } else if (this.observer !== null) {
      this.emit(i, 'cast', t, { rolls: [r1, r2], result: castFailsResult(outcome, r1 + r2 + (this.loadouts[i]!.fighter.casting ?? 0), info) });
    }
    this.declared = -1;
  }

  /** One Ranged Attack Action of i with weapon w at the declared target, then the target's Ranged Reaction. */
  private fire(i: number, w: number, declared: number, reaction: boolean): void {
    const info = this.weapons[i]![w]!;
    this.hidden[i] = 0;
    this.fired[i] = 1;
    if (this.observer !== null) this.declared = declared;
    const t = this.clustered(i, declared);
    const aim = this.aimed[i]!;
    this.aimed[i] = 0;
    const ff = this.atRisk(i, t);
    const primer = info.firearm ? this.dice.d6() : 0;
    if (!info.firearm || primer >= info.primer) {
      if (info.firearm && this.observer !== null) this.preRolls = [primer];
      this.needOnes = ff >= 0;
      this.attack(i, w, t, aim, false, 0, 'ranged');
      const ones = this.dice.onesMight + this.dice.onesSkill;
      if (ff >= 0 && ones > 0 && !this.over && this.state[ff] === ACTIVE) this.friendlyFire(i, w, ff, aim);
    } else {
      this.primary[i] = w;
      if (this.observer !== null) this.emit(i, 'ranged', t, { rolls: [primer], result: PRIMER_FAILS });
    }
    this.declared = -1;
    if (!reaction && !this.over && this.state[t] === ACTIVE && this.side[t] !== this.activeSide) {
      this.reactionDue(t);
    }
  }

  /** Natural 1s of the Strike Pool hit the at-risk friend ff, who defends normally (it may Dodge). */
  private friendlyFire(i: number, w: number, ff: number, aim: number): void {
    const onesM = this.dice.onesMight;
    const onesS = this.dice.onesSkill;
    const spec = this.attacks.get(i, w, ff, this.primary[ff]!, aim, 0, this.cover(i, ff), this.braced[ff]!, ACTIVE, 0).spec;
    const code = this.dice.hits(spec, onesM, onesS, this.observer !== null);
    const unblocked = code >> 2;
    this.hurt(i, ff, unblocked, spec.impact, true);
    const moves = manoeuvresAfter(code, this.state[ff]!, DODGE_MOVED, 0);
    if (moves !== 0) this.moveAway(ff, i, manoeuvreDistance(this.manoeuvreInches(ff, i, 0)), false);
    if (this.observer !== null) {
      // The friend's defence dice (the hits are the natural 1s in the shot's strike faces); none after a table draw.
      const r = this.dice.last;
      this.emit(i, 'friendly-fire', ff, {
        ...(r !== null ? { rolls: { defence_might: r.might.defenceFaces, defence_skill: r.skill.defenceFaces } } : {}),
        wounds: unblocked, hits: onesM + onesS, target_state_after: STATE_NAMES[this.state[ff]!]!, result: attackResult((unblocked << 2) | moves),
      });
    }
  }

  /**
   * Friendly fire: the Active friend of i nearest to i (base to base; ties to the lower index) whose
   * base lies on the line between the centres of i and t, or who is within 1" of t; -1 if none.
   */
  atRisk(i: number, t: number): number {
    let best = -1;
    let bestGap = Infinity;
    for (let k = this.from(this.side[i]!), end = this.to(this.side[i]!); k !== end; ++k) {
      if (k === i || this.side[k] !== this.side[i] || this.state[k] !== ACTIVE) continue;
      const onLine = segmentNearPoint(this.x[i]!, this.y[i]!, this.x[t]!, this.y[t]!, this.x[k]!, this.y[k]!, this.r[k]!);
      if (!onLine && this.gap(k, t) > ENGAGEMENT + EPS) continue;
      const g = this.gap(i, k);
      if (g < bestGap) {
        best = k;
        bestGap = g;
      }
    }
    return best;
  }

  /**
   * Clustered enemies: other fighters of t's side within 1" of t make i pass a Skill check; on a
   * fail the one other becomes the target, or with two or more a random one of them all
   * (the declared target included: a d(k+1), the others in roster order, then the declared one).
   */
  clustered(i: number, t: number): number {
    let k = 0;
    for (let j = this.from(this.side[t]!), end = this.to(this.side[t]!); j !== end; ++j) {
      if (j !== t && this.side[j] === this.side[t] && this.state[j] !== OUT_OF_ACTION && this.gap(j, t) <= ENGAGEMENT + EPS) this.list[k++] = j;
    }
    if (k === 0) return t;
    const face = this.dice.d6();
    if (passes(face, this.skillFace[i]!)) {
      if (this.observer !== null) this.traceClustered(i, t, t, face, 0, k);
      return t;
    }
    const roll = k === 1 ? 0 : this.dice.roll(k + 1);
    const to = k === 1 ? this.list[0]! : pick(roll, this.list, k, t);
    if (this.observer !== null) this.traceClustered(i, t, to, face, roll, k);
    return to;
  }

  /**
   * The `clustered` event: the Skill check's d6 (`skill_check`), pass or fail; on a fail with two or
   * more others, the d(k+1) (`pick`) and the fighters it picks from (`pick_from`: this.list's k, then
   * the declared target). `roll` 0: no pick; `to` === `declared` with roll 0: the check passed.
   */
  private traceClustered(i: number, declared: number, to: number, face: number, roll: number, k: number): void {
    const from = this.labels[declared]!;
    if (to === declared && roll === 0) {
      this.emit(i, 'clustered', to, { rolls: { skill_check: [face] }, result: `Skill check passes: ${from} stays the target` });
      return;
    }
    const picks = roll === 0 ? '' : `d${k + 1} picks ${this.labels[to]!}: `;
    this.emit(i, 'clustered', to, {
      rolls: roll === 0 ? { skill_check: [face] } : { skill_check: [face], pick: [roll] },
      ...(roll === 0 ? {} : { pick_from: [...Array.from(this.list.subarray(0, k), (j) => this.labels[j]!), from] }),
      result: `Skill check fails: ${picks}${from} -> ${this.labels[to]!}`,
    });
  }

  /**
   * Retreat: a Skill check; on a fail each Active enemy within 1" that is not engaged with another
   * fighter of i's side makes a free Melee attack; then, if still Active (and it passed, or knob
   * failedRetreat is `leaves`), i moves `length` inches directly away from the nearest enemy within 1".
   * Traced as `retreat` with its check (after any free attack). False when i was not engaged (nothing happens).
   */
  retreat(i: number, length: number): boolean {
    if (!this.engaged(i, false)) return false;
    const face = this.dice.d6();
    const passed = retreatPasses(face, this.skillFace[i]!);
    // Traced, the free attacks are held and shown after the `retreat` event that caused them.
    const held: TraceEvent[] | null = this.observer !== null ? [] : null;
    let free = 0;
    if (!passed) {
      this.held = held;
      for (let j = 0; j !== this.n && !this.over && this.state[i] === ACTIVE; ++j) {
        if (this.side[j] === this.side[i] || this.state[j] !== ACTIVE || this.gap(i, j) > ENGAGEMENT + EPS) continue;
        if (this.engagedWithOther(j, i)) continue;
        this.attack(j, this.meleeWeapon[j]!, i, 0, false, 0, 'free-attack');
        free++;
      }
      this.held = null;
    }
    const from = this.nearestEnemy(i, false);
    if (!this.over && this.state[i] === ACTIVE && retreatLeaves(passed, this.failedStays)) {
      if (from >= 0) this.moveAway(i, from, length, true);
      this.afterMovement(i, MOVEMENT_RETREAT);
    }
    if (held !== null) {
      this.emit(i, 'retreat', from, { rolls: [face], result: `Skill check ${passed ? 'passes' : 'fails'}`, free_attacks: free });
      for (const e of held) this.observer!.event(e);
    }
    return true;
  }

  /**
   * After fighter i's own movement of `kind` (fight-rules.ts MOVEMENT_*), the rules both engines
   * share: whether it "Moved or Charged" (movedBy: a `heavy` weapon cannot fire) and whether it
   * stays Hidden (hiddenAfterMoving).
   */
  afterMovement(i: number, kind: number): void {
    if (movedBy(kind)) this.moved[i] = 1;
    if (this.hidden[i] === 1 && !hiddenAfterMoving(kind, this.nearTerrain(i), this.nearestEnemyGap(i))) this.hidden[i] = 0;
  }

  /** Whether enemy j is within 1" of a fighter of i's side other than i (not Out of Action; knob freeAttackEngaged `active`: Active). */
  engagedWithOther(j: number, i: number): boolean {
    for (let k = this.from(this.side[i]!), end = this.to(this.side[i]!); k !== end; ++k) {
      const st = this.state[k];
      if (st === OUT_OF_ACTION || (this.engagedActiveOnly && st !== ACTIVE)) continue;
      if (k !== i && this.side[k] === this.side[i] && this.gap(j, k) <= ENGAGEMENT + EPS) return true;
    }
    return false;
  }

  /** The nearest enemy on the board (Active only if asked); -1 if none. */
  nearestEnemy(i: number, activeOnly: boolean): number {
    let best = -1;
    let bestGap = Infinity;
    for (let j = this.from(1 - this.side[i]!), end = this.to(1 - this.side[i]!); j !== end; ++j) {
      if (this.side[j] === this.side[i] || this.state[j] === OUT_OF_ACTION || (activeOnly && this.state[j] !== ACTIVE)) continue;
      const g = this.gap(i, j);
      if (g < bestGap) {
        best = j;
        bestGap = g;
      }
    }
    return best;
  }

  /** The gap to the nearest enemy on the board (nearestEnemy()'s gap, without its index); Infinity if none. */
  nearestEnemyGap(i: number): number {
    let best = Infinity;
    for (let j = this.from(1 - this.side[i]!), end = this.to(1 - this.side[i]!); j !== end; ++j) {
      if (this.state[j] === OUT_OF_ACTION) continue;
      const g = this.gap(i, j);
      if (g < best) best = g;
    }
    return best;
  }

  /** Mercy Kill: a Stunned enemy within 1" goes Out of Action; a Downed one takes a Melee attack (not while another Active or Downed enemy is within 1"). */
  mercyKill(i: number, t: number): void {
    if (t < 0 || this.gap(i, t) > ENGAGEMENT + EPS || !this.mercyAllowed(i, t)) return;
    const kind = mercyKillKind(this.state[t]!);
    if (kind === MERCY_TAKE_OUT) {
      this.hidden[i] = 0;
      this.takeOut(i, t);
      if (this.observer !== null) this.emit(i, 'mercy-kill', t, { target_state_before: STATE_NAMES[STUNNED], target_state_after: STATE_NAMES[OUT_OF_ACTION] });
    } else if (kind === MERCY_ATTACK) {
      this.attack(i, this.meleeWeapon[i]!, t, 0, true, 0, 'mercy-kill');
    }
  }

  /** Recover (a Downed fighter): its d6 (recoverResult), traced with the die and the result as in duels. False when i was not Downed (nothing rolled, not traced). */
  recover(i: number): boolean {
    if (this.state[i] !== DOWNED) return false;
    const face = this.dice.d6();
    const r = recoverResult(face);
    this.state[i] = r.state;
    this.woundsLeft[i] = r.woundsLeft;
    if (r.extraAction) this.actionsLeft++;
    if (this.observer !== null) {
      const note = recoverNote(r.extraAction);
      this.emit(i, 'recover', -1, { rolls: [face], ...(note !== undefined ? { result: note } : {}) });
    }
    return true;
  }

  /** Help a Downed or Stunned friend within 1" (traced with its d6 and the friend's state). */
  help(i: number, t: number): void {
    if (t < 0 || t === i || this.side[t] !== this.side[i] || this.gap(i, t) > ENGAGEMENT + EPS) return;
    const st = this.state[t]!;
    if (st !== DOWNED && st !== STUNNED) return;
    const face = this.dice.d6();
    const r = helpResult(face, st, this.woundsLeft[t]!);
    this.state[t] = r.state;
    this.woundsLeft[t] = r.woundsLeft;
    if (r.state === OUT_OF_ACTION) this.checkOver();
    if (this.observer !== null) {
      const result = r.state === st ? 'no effect' : STATE_NAMES[r.state]!;
      this.emit(i, 'help', t, { rolls: [face], result, target_state_before: STATE_NAMES[st]!, target_state_after: STATE_NAMES[r.state]! });
    }
  }

  sideName(s: number): string {
    return s === 0 ? 'a' : 'b';
  }

  /** Builds and sends one trace event (only ever called with an observer attached). */
  emit(i: number, action: string, t: number, extra: Partial<TraceEvent>): void {
    const e: TraceEvent = {
      round: this.round,
      side: i >= 0 ? this.sideName(this.side[i]!) : 'both',
      actor: i >= 0 ? this.labels[i]! : '',
      action,
      ...(this.reacting ? { reaction: true } : {}),
      ...(t >= 0 ? { target: this.labels[t]! } : {}),
      // The declared target of a Ranged or Cast action (the clustered-enemies check may move the shot).
      ...(this.declared >= 0 && (action === 'ranged' || action === 'cast') ? { declared_target: this.labels[this.declared]! } : {}),
      ...(i >= 0 ? { x: round2(this.x[i]!), y: round2(this.y[i]!), state_after: STATE_NAMES[this.state[i]!]! } : {}),
      ...(t >= 0 ? { target_x: round2(this.x[t]!), target_y: round2(this.y[t]!), distance_after: round2(i >= 0 ? this.gap(i, t) : 0) } : {}),
      ...extra,
    };
    if (this.held !== null) this.held.push(e);
    else this.observer!.event(e);
  }
}

function pick(face: number, list: Int32Array, k: number, declared: number): number {
  return face > k ? declared : list[face - 1]!;
}

/**
 * What a checker needs of an attack event beyond its faces: the face that hits (`hit_on`) and the
 * lowest natural face that is critical (`crit_on`, null when none is), the face each defence die
 * needs in rolling order (`defence_needs`), whether the attacker's Aim and the target's Brace count
 * (`aimed`, `target_braced`); with the faces (not after a table draw): the critical dice of each
 * colour (`crit_dice`) and the hits Dodge and Shove blocked (`dodge_blocks`, `shove_blocks`,
 * whether or not anyone moved).
 */
function attackDetails(spec: AttackSpec, last: AttackResult | null, aimed: boolean, braced: boolean): Partial<TraceEvent> {
  return {
    hit_on: spec.hitFace, crit_on: spec.critFace <= 6 ? spec.critFace : null,
    defence_needs: { might: [...spec.defMight], skill: [...spec.defSkill] }, aimed, target_braced: braced,
    ...(last !== null ? { crit_dice: { might: last.might.crits, skill: last.skill.crits }, dodge_blocks: last.dodgeBlocks, shove_blocks: last.shoveBlocks } : {}),
  };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
