/**
 * Steps 1-4 of the Attack Sequence (seed 000, rules.md 1.1-1.6) as readable functions from
 * profiles to numbers. Every path through here is shared by the per-die reference, the exact
 * engine and the hot kernel, which differ only in how they roll and count.
 */
import type { Knobs, Loadout, Situation, Weapon } from './profile.js';

export type AttackKind = 'melee' | 'ranged' | 'cast';

/** The maximum number of dice in a Strike Pool. */
export const STRIKE_POOL_CAP = 15;

/** A check against value v passes on a d6 showing at least clamp(8 - v, 2, 6) (rules.md 1.1). */
export function checkFace(value: number): number {
  return Math.min(6, Math.max(2, 8 - value));
}

/** One d6 check against the face `need` (checkFace): a natural 1 always fails, a natural 6 always passes. */
export function passes(face: number, need: number): boolean {
  return face !== 1 && (face === 6 || face >= need);
}

/** Cast actions are attacks with a `spell`; other attacks are Melee or Ranged by weapon type. */
export function attackKind(weapon: Weapon): AttackKind {
  return weapon.class === 'spell' ? 'cast' : weapon.type;
}

export function hasKeyword(weapon: Weapon, keyword: string): boolean {
  return weapon.keywords.includes(keyword);
}

/** Step 1 before bonuses: the weapon profile applied to the attacker's Might and Skill. */
export function basePool(loadout: Loadout, weapon: Weapon): { might: number; skill: number } {
  const f = loadout.fighter;
  if (weapon.class === 'unarmed') return { might: f.might, skill: f.skill };
  const apply = (spec: Weapon['might'], attr: number): number => (spec.kind === 'add' ? attr + spec.n : spec.n);
  return { might: Math.max(0, apply(weapon.might, f.might)), skill: Math.max(0, apply(weapon.skill, f.skill)) };
}

/** Aim's die: the colour whose printed number is larger; a tie is the attacker's choice. */
export function dominantType(weapon: Weapon): 'might' | 'skill' | 'either' {
  if (weapon.might.printed > weapon.skill.printed) return 'might';
  if (weapon.skill.printed > weapon.might.printed) return 'skill';
  return 'either';
}

export interface AttackContext {
  readonly attacker: Loadout;
  readonly weapon: Weapon;
  readonly defender: Loadout;
  readonly situation: Situation;
  readonly knobs: Knobs;
}

export interface PoolCandidate {
  readonly might: number;
  readonly skill: number;
  /** What the attacker chose to get here ('' when nothing was chosen). */
  readonly choice: string;
}

/**
 * Every Strike Pool the attacker may end with: Gang Up (melee, either colour), Aim (ranged, the
 * dominant colour or either on a tie), then the 15-die cap (any mix of dice removed).
 * Candidates with more Might come first, so ties in value fall to Might.
 */
export function poolCandidates(ctx: AttackContext): PoolCandidate[] {
  const kind = attackKind(ctx.weapon);
  const base = basePool(ctx.attacker, ctx.weapon);
  let pools: PoolCandidate[] = [{ ...base, choice: '' }];
  const addDie = (label: string, colours: readonly ('might' | 'skill')[]): void => {
    const next: PoolCandidate[] = [];
    for (const p of pools) {
      for (const c of colours) {
        const note = colours.length > 1 ? `${label} ${c}` : '';
        next.push({
          might: p.might + (c === 'might' ? 1 : 0),
          skill: p.skill + (c === 'skill' ? 1 : 0),
          choice: joinChoice(p.choice, note),
        });
      }
    }
    pools = next;
  };
  if (ctx.situation.gangUp && kind === 'melee') addDie('gang-up', ['might', 'skill']);
  if (ctx.situation.aim && kind === 'ranged') {
    const d = dominantType(ctx.weapon);
    addDie('aim', d === 'either' ? ['might', 'skill'] : [d]);
  }
  const capped: PoolCandidate[] = [];
  for (const p of pools) {
    const total = p.might + p.skill;
    if (total <= STRIKE_POOL_CAP) {
      capped.push(p);
      continue;
    }
    const drop = total - STRIKE_POOL_CAP;
    for (let dm = 0; dm <= drop; dm++) {
      const ds = drop - dm;
      if (dm > p.might || ds > p.skill) continue;
      const parts = [dm > 0 ? `${dm} might` : '', ds > 0 ? `${ds} skill` : ''].filter((s) => s !== '');
      capped.push({ might: p.might - dm, skill: p.skill - ds, choice: joinChoice(p.choice, `cap drops ${parts.join(' + ')}`) });
    }
  }
  const seen = new Set<string>();
  const unique = capped.filter((p) => {
    const key = `${p.might}/${p.skill}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort((a, b) => b.might - a.might);
  return unique;
}

function joinChoice(a: string, b: string): string {
  return a === '' ? b : b === '' ? a : `${a}; ${b}`;
}

/** The face a hit needs: Close Combat for melee, Ranged Combat for ranged and Cast, plus Hit modifiers. */
export function hitFace(ctx: AttackContext): number {
  const f = ctx.attacker.fighter;
  return checkFace((attackKind(ctx.weapon) === 'melee' ? f.cc : f.rc) + ctx.situation.hitMod);
}

function beats(relation: Readonly<Record<string, readonly string[]>>, a: string, b: string): boolean {
  return relation[a]?.includes(b) ?? false;
}

/** Weapon triangle: a melee attack whose class beats the defender's primary weapon class. */
export function triangleAdvantage(ctx: AttackContext): boolean {
  if (attackKind(ctx.weapon) !== 'melee') return false;
  const defending = ctx.defender.weapons[0];
  if (defending === undefined) return false;
  if (ctx.knobs.hammerBreaksTriangle && (ctx.weapon.class === 'hammer' || defending.class === 'hammer')) return false;
  return beats(ctx.knobs.triangle, ctx.weapon.class, defending.class);
}

/** Magic triangle: the attacking school comes just before the defender's school in a configured cycle. */
export function magicAdvantage(ctx: AttackContext): boolean {
  const mine = ctx.weapon.school;
  const theirs = ctx.defender.weapons[0]?.school ?? null;
  if (mine === null || theirs === null) return false;
  for (const cycle of Object.values(ctx.knobs.magicTriangles)) {
    const i = cycle.indexOf(mine);
    if (i >= 0 && cycle.length > 1 && cycle[(i + 1) % cycle.length] === theirs) return true;
  }
  return false;
}

/**
 * Step 3: the lowest natural face that is a critical hit (7 = none). Triangle, magic triangle
 * and firearms give 6; Aim (Ranged attacks only) gives 6, or 5 when the attack already had 6.
 */
export function critFace(ctx: AttackContext): number {
  let face = 7;
  if (triangleAdvantage(ctx) || magicAdvantage(ctx) || ctx.weapon.class === 'firearm') face = 6;
  if (ctx.situation.aim && attackKind(ctx.weapon) === 'ranged') face = face === 6 ? 5 : 6;
  return face;
}

export interface DefencePool {
  /** The face each Might defence die needs (shield-shifted dice first). */
  readonly might: readonly number[];
  /** The face each Skill defence die needs. */
  readonly skill: readonly number[];
}

/**
 * Step 4: the defence pool. Might and Skill, armour (light +1 Sk, medium +1 Mt, heavy +2 Mt -1 Sk),
 * cover against Ranged and Cast (+1 Sk, +2 within 1"), Brace (+1 Mt); Stunned rolls no Skill dice.
 * Shields shift single dice by one Df. Piercing drops armour and shield bonuses; their penalties
 * stay unless the knob piercingKeepsPenalties is off.
 */
export function defencePool(ctx: AttackContext): DefencePool {
  const d = ctx.defender;
  const kind = attackKind(ctx.weapon);
  const piercing = hasKeyword(ctx.weapon, 'piercing');
  const bonuses = !piercing;
  const penalties = !piercing || ctx.knobs.piercingKeepsPenalties;

  let might = d.fighter.might;
  let skill = d.fighter.skill;
  if (bonuses) {
    if (d.armor === 'light') skill += 1;
    if (d.armor === 'medium') might += 1;
    if (d.armor === 'heavy') might += 2;
  }
  if (penalties && d.armor === 'heavy') skill -= 1;
  skill = Math.max(0, skill);
  if (kind !== 'melee') skill += ctx.situation.cover === 'close' ? 2 : ctx.situation.cover === 'cover' ? 1 : 0;
  if (ctx.situation.brace) might += 1;
  if (ctx.situation.defenderState === 'stunned') skill = 0;

  let mightShift = 0;
  let mightShifted = 0;
  let skillShift = 0;
  if (bonuses && d.shield === 'shield') [mightShift, mightShifted] = [1, 1];
  if (bonuses && d.shield === 'tower') [mightShift, mightShifted] = [1, 2];
  if (bonuses && d.shield === 'buckler') skillShift = 1;
  if (penalties && d.shield === 'tower') skillShift = -1;

  const df = d.fighter.defense;
  const mightFaces: number[] = [];
  for (let i = 0; i < might; i++) mightFaces.push(checkFace(df + (i < mightShifted ? mightShift : 0)));
  const skillFaces: number[] = [];
  for (let i = 0; i < skill; i++) skillFaces.push(checkFace(df + (i === 0 ? skillShift : 0)));
  return { might: mightFaces, skill: skillFaces };
}

/** Whether the defender wins a tie (knob tieGoesTo; `shield`: any shield carried wins it). */
export function defenderWinsTies(ctx: AttackContext): boolean {
  const rule = ctx.knobs.tieGoesTo;
  return rule === 'defender' || (rule === 'shield' && ctx.defender.shield !== 'none');
}

export interface ColourBlock {
  /** Normal hits that get through. */
  readonly through: number;
  /** Defence successes left over for manoeuvres. */
  readonly left: number;
}

/**
 * Colour blocking (rules.md 1.6) for h normal hits and d successes of one colour:
 * d > h blocks all with d - h left; d = h >= 1 is a tie (attacker's: one gets through, none
 * left; defender's: all blocked); d < h lets h - d through.
 */
export function blockColour(h: number, d: number, tieToDefender: boolean): ColourBlock {
  return { through: colourThrough(h, d, tieToDefender), left: colourLeft(h, d) };
}

/** blockColour's hits through, on plain numbers (hot loops: nothing allocated). */
export function colourThrough(h: number, d: number, tieToDefender: boolean): number {
  if (d > h) return 0;
  if (d === h) return h >= 1 && !tieToDefender ? 1 : 0;
  return h - d;
}

/** blockColour's successes left over. */
export function colourLeft(h: number, d: number): number {
  return d > h ? d - h : 0;
}
