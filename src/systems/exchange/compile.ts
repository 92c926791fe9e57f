/** From profiles and a situation to an ExchangeSpec, with the checks the seed's costs impose. */
import { didYouMean } from '../../common/suggest.js';
import type { StudyProblem } from '../types.js';
import {
  attackEdge, CLASH, DEFAULT_EXCHANGE_KNOBS, FULL_GUARD, guardEdge, isRanged, NO_RESPONSE, strikeRating,
  type ExchangeKnobs, type ExchangeSpec,
} from './rules.js';
import type { CharacterInput, KnobsInput, SituationInput, WeaponInput } from './schema.js';

export interface ExchangeLoadout {
  readonly name: string;
  readonly character: CharacterInput;
  readonly weapon: WeaponInput;
  readonly soak: number;
}

export interface ExchangeParts {
  readonly characters: Readonly<Record<string, CharacterInput>>;
  readonly weapons: Readonly<Record<string, WeaponInput>>;
  readonly armours: Readonly<Record<string, { soak: number }>>;
  readonly loadouts: Readonly<Record<string, { character: string; weapon: string; armour?: string | undefined }>>;
}

export function resolveLoadout(name: string, p: ExchangeParts): ExchangeLoadout {
  const l = p.loadouts[name]!;
  return { name, character: p.characters[l.character]!, weapon: p.weapons[l.weapon]!, soak: l.armour ? p.armours[l.armour]!.soak : 0 };
}

export function checkParts(p: ExchangeParts): StudyProblem[] {
  const problems: StudyProblem[] = [];
  for (const [name, l] of Object.entries(p.loadouts)) {
    const ref = (field: string, kind: string, value: string, known: Record<string, unknown>): void => {
      if (!(value in known)) problems.push({ path: ['loadouts', name, field], message: `unknown ${kind} "${value}"${didYouMean(value, Object.keys(known))}` });
    };
    ref('character', 'character', l.character, p.characters);
    ref('weapon', 'weapon', l.weapon, p.weapons);
    if (l.armour !== undefined) ref('armour', 'armour', l.armour, p.armours);
  }
  for (const [name, w] of Object.entries(p.weapons)) {
    if (w.kind !== 'melee' && (w.effectiveRange === undefined || w.maxRange === undefined)) {
      problems.push({ path: ['weapons', name], message: 'a thrown or projectile weapon needs effectiveRange and maxRange' });
    }
    if (w.effectiveRange !== undefined && w.maxRange !== undefined && w.effectiveRange > w.maxRange) {
      problems.push({ path: ['weapons', name, 'maxRange'], message: `maxRange ${w.maxRange} is below effectiveRange ${w.effectiveRange}` });
    }
  }
  return problems;
}

export function resolveExchangeKnobs(...layers: readonly KnobsInput[]): ExchangeKnobs {
  let k = DEFAULT_EXCHANGE_KNOBS;
  for (const l of layers) {
    k = {
      faces: l.die?.faces ?? k.faces, edge: l.edge ?? k.edge, continuation: l.continuation ?? k.continuation, opener: l.opener ?? k.opener,
    };
  }
  return k;
}

const hits = (who: SituationInput['slowed'], side: 'attacker' | 'defender'): boolean => who === side || who === 'both';

export const RESPONSES = { none: NO_RESPONSE, guard: FULL_GUARD, clash: CLASH } as const;

/** The Skill Level an attack or response uses. */
export function attackSkill(c: CharacterInput, w: WeaponInput): number {
  return isRanged(w) ? c.ranged : c.melee;
}

/** Problems with a situation for this pair: Boost over the Skill Level, an illegal Clash, costs over the Action Dice. */
export function checkSituation(a: ExchangeLoadout, d: ExchangeLoadout, s: SituationInput): string[] {
  const out: string[] = [];
  const boost = s.attackerBoost ?? 0;
  const dBoost = s.defenderBoost ?? 0;
  const response = s.response ?? 'none';
  const aSkill = attackSkill(a.character, a.weapon);
  if (boost > aSkill) out.push(`attackerBoost ${boost} is above ${a.name}'s ${isRanged(a.weapon) ? 'Ranged' : 'Melee'} Skill Level ${aSkill}`);
  const ranged = isRanged(a.weapon);
  if (response === 'guard') {
    const lvl = ranged ? d.character.acrobatics : d.character.melee;
    if (dBoost > lvl) out.push(`defenderBoost ${dBoost} is above ${d.name}'s ${ranged ? 'Acrobatics' : 'Melee'} Skill Level ${lvl} (Full Guard)`);
  }
  if (response === 'clash') {
    if (isRanged(d.weapon) !== ranged) out.push(`${d.name} cannot Clash: a ${ranged ? 'Ranged' : 'Melee'} attack needs a ${ranged ? 'ranged' : 'melee'} weapon to answer`);
    const lvl = attackSkill(d.character, d.weapon);
    if (dBoost > lvl) out.push(`defenderBoost ${dBoost} is above ${d.name}'s Skill Level ${lvl} (Clash)`);
  }
  if (response === 'none' && dBoost > 0) out.push('defenderBoost needs a response (guard or clash)');
  const mult = (side: 'attacker' | 'defender'): number => (hits(s.slowed, side) ? 2 : 1);
  const aAD = a.character.actionDice ?? a.character.vitality;
  const dAD = d.character.actionDice ?? d.character.vitality;
  const aCost = (a.weapon.baseAttackCost + boost) * mult('attacker');
  if (aCost > aAD) out.push(`${a.name} cannot pay ${aCost} AD for the attack (Action Dice ${aAD})`);
  const dCost = response === 'guard' ? (1 + dBoost) * mult('defender') : response === 'clash' ? (d.weapon.baseAttackCost + dBoost) * mult('defender') : 0;
  if (dCost > dAD) out.push(`${d.name} cannot pay ${dCost} AD for the response (Action Dice ${dAD})`);
  return out;
}

/** The spec of one Exchange: dice, each roll's Edge (one source of each at most), Strike Ratings, Soak. */
export function compileExchange(a: ExchangeLoadout, d: ExchangeLoadout, s: SituationInput, knobs: ExchangeKnobs): ExchangeSpec {
  const ranged = isRanged(a.weapon);
  const response = RESPONSES[s.response ?? 'none'];
  const long = s.range === 'long';
  const attackerProne = hits(s.prone, 'attacker');
  const defenderProne = hits(s.prone, 'defender');
  const attEdge = attackEdge(
    ranged, hits(s.reeling, 'attacker'), attackerProne, defenderProne,
    s.attackerEdge === 'advantage', s.attackerEdge === 'disadvantage' || (ranged && long),
  );
  let defEdge = 0;
  let defDice = 0;
  const dBoost = s.defenderBoost ?? 0;
  if (response === FULL_GUARD) {
    defDice = 1 + dBoost;
    // Full Guard rolls with Advantage; another Advantage adds nothing; any Disadvantage cancels it.
    defEdge = guardEdge(s.defenderEdge === 'disadvantage' || hits(s.reeling, 'defender'));
  } else if (response === CLASH) {
    const dRanged = isRanged(d.weapon);
    defDice = d.weapon.baseAttackCost + dBoost;
    defEdge = attackEdge(
      dRanged, hits(s.reeling, 'defender'), defenderProne, attackerProne,
      s.defenderEdge === 'advantage', s.defenderEdge === 'disadvantage' || (dRanged && long),
    );
  }
  const maxFace = Math.max(...knobs.faces);
  const attDice = a.weapon.baseAttackCost + (s.attackerBoost ?? 0);
  return {
    knobs, attDice, attEdge, response, defDice, defEdge,
    attStrike: strikeRating(a.character, a.weapon), defStrike: strikeRating(d.character, d.weapon),
    attSoak: a.soak, defSoak: d.soak, defVitality: d.character.vitality,
    maxAtt: attDice * maxFace, maxDef: defDice * maxFace,
  };
}
