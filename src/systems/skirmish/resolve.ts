/**
 * From a validated study to resolved profiles: the one place that fills defaults, plus the
 * cross-reference checks the schema cannot express (with "did you mean").
 */
import { didYouMean } from '../../common/suggest.js';
import { expandAttackMatchups, type AttackMatchup } from '../attack-rows.js';
import { ATTACK_SIDES, checkPairs } from '../pairs.js';
import type { StudyProblem } from '../types.js';
import {
  DEFAULT_KNOBS, DEFAULT_SITUATION, WEAPON_CLASSES,
  type DiceSpec, type Fighter, type Knobs, type Loadout, type Situation, type Weapon,
} from './profile.js';
import type {
  FighterInput, KnobsInput, LoadoutInput, MatchupInput, SituationInput, WeaponInput,
} from './schema.js';

export function parseDiceSpec(v: string | number): DiceSpec {
  if (typeof v === 'number') return { kind: 'fixed', n: v, printed: v };
  if (v === '-') return { kind: 'add', n: 0, printed: 0 };
  const n = Number(v.replace('+', ''));
  return v.startsWith('+') ? { kind: 'add', n, printed: n } : { kind: 'fixed', n, printed: n };
}

/** Default range of a ranged weapon without one: minimum 3" (seed 000), maximum 24". */
export const DEFAULT_RANGE: readonly [number, number] = [3, 24];
/** Spells "can be cast while in melee": minimum 0", maximum 12" unless given. */
export const DEFAULT_SPELL_RANGE: readonly [number, number] = [0, 12];
/** Casting Difficulty of a spell without one. */
export const DEFAULT_DIFFICULTY = 7;

export function resolveFighter(name: string, f: FighterInput): Fighter {
  return {
    name, cc: f.cc, rc: f.rc, might: f.might, skill: f.skill, defense: f.defense ?? f.defence!, wounds: f.wounds,
    movement: f.movement, casting: f.casting ?? null, keywords: f.keywords,
  };
}

export function resolveWeapon(name: string, w: WeaponInput): Weapon {
  let range: readonly [number, number] | null = null;
  const spell = w.class === 'spell';
  if (w.type === 'ranged' || spell) {
    const def = spell ? DEFAULT_SPELL_RANGE : DEFAULT_RANGE;
    if (w.range === undefined) range = def;
    else range = typeof w.range === 'number' ? [Math.min(def[0], w.range), w.range] : w.range;
  }
  return {
    name, type: w.type, class: w.class, might: parseDiceSpec(w.might), skill: parseDiceSpec(w.skill), range,
    keywords: w.keywords, school: w.school ?? null, primer: w.primer ?? null,
    difficulty: w.difficulty ?? DEFAULT_DIFFICULTY, backlash: w.backlash ?? 1,
  };
}

/** The bare hands every fighter has: base Might and Skill. */
export const UNARMED: Weapon = resolveWeapon('unarmed', { type: 'melee', class: 'unarmed', might: '-', skill: '-', keywords: [] });

export interface Profiles {
  readonly fighters: Readonly<Record<string, FighterInput>>;
  readonly weapons: Readonly<Record<string, WeaponInput>>;
  readonly loadouts: Readonly<Record<string, LoadoutInput>>;
}

export function loadoutWeapons(l: LoadoutInput): string[] {
  return l.weapons ?? (l.weapon !== undefined ? [l.weapon] : []);
}

export function resolveLoadout(name: string, p: Profiles): Loadout {
  const l = p.loadouts[name]!;
  const names = loadoutWeapons(l);
  return {
    name,
    fighter: resolveFighter(l.fighter, p.fighters[l.fighter]!),
    weapons: names.length === 0 ? [UNARMED] : names.map((w) => resolveWeapon(w, p.weapons[w]!)),
    armor: l.armor ?? l.armour ?? 'none',
    shield: l.shield,
  };
}

export function resolveKnobs(...layers: readonly KnobsInput[]): Knobs {
  let k: Knobs = DEFAULT_KNOBS;
  for (const layer of layers) {
    const { triangle, ...rest } = layer;
    k = { ...k, ...stripUndefined(rest) };
    if (triangle !== undefined) {
      k = { ...k, triangle: Object.fromEntries(Object.entries(triangle).map(([a, b]) => [a, typeof b === 'string' ? [b] : b])) };
    }
  }
  return k;
}

export function resolveSituation(...layers: readonly (SituationInput | undefined)[]): Situation {
  let s: Situation = DEFAULT_SITUATION;
  for (const layer of layers) if (layer) s = { ...s, ...stripUndefined(layer) };
  return s;
}

type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

function stripUndefined<T extends object>(o: T): Defined<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Defined<T>;
}

/** A short label of what differs from the default situation ('' when nothing does). */
export function situationLabel(s: Situation): string {
  const parts: string[] = [];
  if (s.aim) parts.push('aim');
  if (s.gangUp) parts.push('gang-up');
  if (s.cover !== 'none') parts.push(`cover=${s.cover}`);
  if (s.brace) parts.push('brace');
  if (s.defenderState !== 'active') parts.push(`defender=${s.defenderState}`);
  if (s.defenderWounds !== null) parts.push(`wounds-left=${s.defenderWounds}`);
  if (s.hitMod !== 0) parts.push(`hit${s.hitMod > 0 ? '+' : ''}${s.hitMod}`);
  return parts.join(' ');
}

export type ExpandedMatchup = AttackMatchup<SituationInput>;

/** Every attacker x defender pair of every matchup entry, in the order written. */
export function expandMatchups(matchups: readonly MatchupInput[]): ExpandedMatchup[] {
  return expandAttackMatchups<SituationInput>(matchups);
}

function refProblem(path: StudyProblem['path'], kind: string, name: string, known: Record<string, unknown>): StudyProblem {
  const names = Object.keys(known);
  const list = names.length > 0 ? '' : ` (no ${kind}s are defined)`;
  return { path, message: `unknown ${kind} "${name}"${didYouMean(name, names)}${list}` };
}

export interface SkirmishStudyParts extends Profiles {
  readonly rules: KnobsInput;
  readonly variants: Readonly<Record<string, KnobsInput>>;
}

/** References between fighters, weapons and loadouts, and the knobs' class names. */
export function checkProfiles(s: SkirmishStudyParts): StudyProblem[] {
  const problems: StudyProblem[] = [];
  for (const [name, f] of Object.entries(s.fighters)) {
    if (f.defense !== undefined && f.defence !== undefined) {
      problems.push({ path: ['fighters', name, 'defence'], message: 'give either defense or defence, not both' });
    } else if (f.defense === undefined && f.defence === undefined) {
      problems.push({ path: ['fighters', name], message: 'missing defense (or defence): the fighter\'s Defense, 0-10' });
    }
  }
  for (const [name, w] of Object.entries(s.weapons)) {
    if (Array.isArray(w.range) && w.range[0] > w.range[1]) {
      problems.push({ path: ['weapons', name, 'range'], message: `minimum range ${w.range[0]} is above maximum ${w.range[1]}` });
    }
    if (w.range !== undefined && w.type === 'melee' && w.class !== 'spell') {
      problems.push({ path: ['weapons', name, 'range'], message: 'a melee weapon has no range (engagement range is 1")' });
    }
  }
  for (const [name, l] of Object.entries(s.loadouts)) {
    if (!(l.fighter in s.fighters)) problems.push(refProblem(['loadouts', name, 'fighter'], 'fighter', l.fighter, s.fighters));
    if (l.weapon !== undefined && l.weapons !== undefined) {
      problems.push({ path: ['loadouts', name, 'weapons'], message: 'give either weapon or weapons, not both' });
    }
    if (l.armor !== undefined && l.armour !== undefined) {
      problems.push({ path: ['loadouts', name, 'armour'], message: 'give either armor or armour, not both' });
    }
    if (l.weapon !== undefined && !(l.weapon in s.weapons)) {
      problems.push(refProblem(['loadouts', name, 'weapon'], 'weapon', l.weapon, s.weapons));
    }
    (l.weapons ?? []).forEach((w, i) => {
      if (!(w in s.weapons)) problems.push(refProblem(['loadouts', name, 'weapons', i], 'weapon', w, s.weapons));
    });
    const fighter = s.fighters[l.fighter];
    const spell = loadoutWeapons(l).find((w) => s.weapons[w]?.class === 'spell');
    if (fighter && spell !== undefined && !fighter.keywords.map((k) => k.toLowerCase()).includes('caster')) {
      problems.push({ path: ['loadouts', name], message: `${l.fighter} cannot use the spell ${spell}: only fighters with the Caster keyword know spells (add keywords: [caster])` });
    }
  }
  problems.push(...unmodelledKeywords(s));
  const classes: readonly string[] = WEAPON_CLASSES;
  const knobLayers: [StudyProblem['path'], KnobsInput][] = [
    [['rules'], s.rules],
    ...Object.entries(s.variants).map(([n, k]): [StudyProblem['path'], KnobsInput] => [['variants', n], k]),
  ];
  for (const [path, k] of knobLayers) {
    for (const [a, b] of Object.entries(k.triangle ?? {})) {
      if (!classes.includes(a)) problems.push({ path: [...path, 'triangle', a], message: `unknown weapon class "${a}"${didYouMean(a, classes)}`, atKey: true });
      for (const c of typeof b === 'string' ? [b] : b) {
        if (!classes.includes(c)) problems.push({ path: [...path, 'triangle', a], message: `unknown weapon class "${c}"${didYouMean(c, classes)}` });
      }
    }
  }
  return problems;
}

/** Matchup entries: attacker/defender given once each, names that exist, wounds that fit. */
export function checkMatchups(
  matchups: readonly MatchupInput[], loadouts: Readonly<Record<string, LoadoutInput>>,
  fighters: Readonly<Record<string, FighterInput>>, studySituation: SituationInput,
): StudyProblem[] {
  const problems = checkPairs(matchups, ATTACK_SIDES, loadouts);
  for (const e of expandMatchups(matchups)) {
    const wounds = e.situation?.defenderWounds ?? studySituation.defenderWounds;
    const fighter = fighters[loadouts[e.defender]?.fighter ?? ''];
    if (wounds !== undefined && fighter !== undefined && wounds > fighter.wounds) {
      const path = e.situation?.defenderWounds !== undefined ? ['matchups', e.index, 'situation', 'defenderWounds'] : ['situation', 'defenderWounds'];
      problems.push({ path, message: `defender ${e.defender} has ${fighter.wounds} Wounds at most, received ${wounds}` });
    }
  }
  return problems;
}

/** Situation settings a matchup gives that cannot apply to its attacker's weapon (ignored, with a warning). */
export function checkSituations(
  matchups: readonly MatchupInput[], loadouts: Readonly<Record<string, LoadoutInput>>,
  weapons: Readonly<Record<string, WeaponInput>>,
): StudyProblem[] {
  const problems: StudyProblem[] = [];
  matchups.forEach((m, i) => {
    const s = m.situation;
    if (!s) return;
    const attackers = m.attackers ?? (m.attacker !== undefined ? [m.attacker] : []);
    const kindOf = (name: string): string => {
      const l = loadouts[name];
      const w = l ? weapons[loadoutWeapons(l)[0] ?? ''] : undefined;
      if (!w) return 'melee';
      return w.class === 'spell' ? 'cast' : w.type;
    };
    const ignored = (field: string, applies: (kind: string) => boolean, rule: string): void => {
      const who = attackers.filter((a) => !applies(kindOf(a)));
      if (who.length > 0) {
        problems.push({ path: ['matchups', i, 'situation', field], warning: true, message: `${rule}; ignored for ${who.join(', ')}` });
      }
    };
    if (s.aim) ignored('aim', (k) => k === 'ranged', 'Aim applies to Ranged attacks only');
    if (s.gangUp) ignored('gangUp', (k) => k === 'melee', 'Gang Up applies to Melee attacks only');
    if (s.cover !== undefined && s.cover !== 'none') ignored('cover', (k) => k !== 'melee', 'cover applies to Ranged and Cast attacks only');
  });
  return problems;
}

/** Fighter keywords the engines read; any other is accepted but changes nothing. */
export const MODELLED_FIGHTER_KEYWORDS = ['caster', 'gunslinger'] as const;
/** Weapon keywords the schema accepts but no engine models, with why. */
const UNMODELLED_WEAPON_KEYWORDS: Readonly<Record<string, string>> = {
  smoke: 'Smoke blocks line of sight, and fights here have no line of sight to block',
};

/** Accepted but not modelled keywords: a warning naming each, never silence. */
function unmodelledKeywords(s: SkirmishStudyParts): StudyProblem[] {
  const problems: StudyProblem[] = [];
  const known: readonly string[] = MODELLED_FIGHTER_KEYWORDS;
  for (const [name, f] of Object.entries(s.fighters)) {
    f.keywords.forEach((k, i) => {
      if (!known.includes(k.toLowerCase())) {
        problems.push({
          path: ['fighters', name, 'keywords', i], warning: true,
          message: `keyword "${k}" is not modelled and changes no result (modelled: ${known.join(', ')})`,
        });
      }
    });
  }
  for (const [name, w] of Object.entries(s.weapons)) {
    w.keywords.forEach((k, i) => {
      const why = UNMODELLED_WEAPON_KEYWORDS[k];
      if (why !== undefined) problems.push({ path: ['weapons', name, 'keywords', i], warning: true, message: `keyword "${k}" is accepted but not modelled: ${why}` });
    });
  }
  return problems;
}
