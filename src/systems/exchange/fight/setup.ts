/**
 * From a validated fight study to ExchangeFightSpecs: names, NPC groups (named, or formed as the
 * seed says), start positions on the map, cover Spaces, the opener, side tactics; and the checks
 * the schema cannot make (references with "did you mean", positions that do not fit).
 */
import { didYouMean } from '../../../common/suggest.js';
import type { StudyProblem } from '../../types.js';
import { parsePolicy } from '../combatant.js';
import { checkParts, resolveLoadout, type ExchangeParts } from '../compile.js';
import type { ExchangeKnobs } from '../rules.js';
import type { ExchangeFightStudy } from './schema.js';
import {
  FULL, MOVE_CLOSE, MOVE_KEEP_RANGE, MOVE_PROTECT, OPEN, ORDER_FRESH_FIRST, ORDER_LISTED, PARTIAL, TARGET_FOCUS, TARGET_NEAREST,
  TARGET_WEAKEST, type ExchangeFightSpec, type FighterSpec,
} from './spec.js';

export const MAX_SIDE = 64;
const MOVE_CODES = { close: MOVE_CLOSE, 'keep-range': MOVE_KEEP_RANGE, protect: MOVE_PROTECT } as const;
const TARGET_CODES = { nearest: TARGET_NEAREST, weakest: TARGET_WEAKEST, focus: TARGET_FOCUS } as const;
const ORDER_CODES = { listed: ORDER_LISTED, 'fresh-first': ORDER_FRESH_FIRST } as const;

interface Member {
  readonly name: string;
  readonly entry: number;
  readonly group: string | undefined;
}

/** A side's characters in listed order, named `loadout` or `loadout#k` when the side has it more than once. */
export function sideMembers(study: ExchangeFightStudy, side: string): Member[] {
  const entries = study.sides[side] ?? [];
  const total = new Map<string, number>();
  for (const e of entries) total.set(e.loadout, (total.get(e.loadout) ?? 0) + e.count);
  const seen = new Map<string, number>();
  const out: Member[] = [];
  entries.forEach((e, entry) => {
    for (let k = 0; k < e.count; k++) {
      const i = (seen.get(e.loadout) ?? 0) + 1;
      seen.set(e.loadout, i);
      out.push({ name: total.get(e.loadout)! > 1 ? `${e.loadout}#${i}` : e.loadout, entry, group: e.group });
    }
  });
  return out;
}

/**
 * Turn units of a side (indices into its members): named groups in order of first appearance,
 * ungrouped characters alone; with no group named and `auto`, a side larger than the other forms
 * as many groups as the other side has characters, roughly even (larger groups first), in listed order.
 */
export function formUnits(members: readonly Member[], opposing: number, auto: boolean): { units: number[][]; names: string[] } {
  const named = members.some((m) => m.group !== undefined);
  if (!named && auto && members.length > opposing) {
    const k = Math.max(1, opposing);
    const units: number[][] = [];
    let at = 0;
    for (let g = 0; g < k; g++) {
      const size = Math.floor(members.length / k) + (g < members.length % k ? 1 : 0);
      units.push(Array.from({ length: size }, (_, i) => at + i));
      at += size;
    }
    return { units, names: units.map((_, g) => `group-${g + 1}`) };
  }
  const units: number[][] = [];
  const names: string[] = [];
  members.forEach((m, i) => {
    const g = m.group === undefined ? -1 : names.indexOf(m.group);
    if (g >= 0) units[g]!.push(i);
    else {
      units.push([i]);
      names.push(m.group ?? m.name);
    }
  });
  return { units, names };
}

/** Map cells with cover (OPEN / PARTIAL / FULL), row by row. */
function cells(study: ExchangeFightStudy): number[] {
  const [w, h] = study.fight.map;
  const out = new Array<number>(w * h).fill(OPEN);
  for (const c of study.fight.cover) {
    for (let y = c.at[1]; y < Math.min(h, c.at[1] + c.size[1]); y++) {
      for (let x = c.at[0]; x < Math.min(w, c.at[0] + c.size[0]); x++) out[y * w + x] = Math.max(out[y * w + x]!, c.kind === 'full' ? FULL : PARTIAL);
    }
  }
  return out;
}

/**
 * Start Spaces: side a on column floor((width - 1 - distance) / 2), side b `distance` Spaces to its
 * right; each side fills its column from the middle row outwards (middle, +1, -1, +2, ...), skipping
 * cover, then the next column behind it. Null when a side does not fit.
 */
export function placements(study: ExchangeFightStudy, counts: readonly [number, number]): [number, number][][] | null {
  const [w, h] = study.fight.map;
  const grid = cells(study);
  const x0 = Math.floor((w - 1 - study.fight.distance) / 2);
  const mid = Math.floor((h - 1) / 2);
  const rows: number[] = [];
  for (let k = 0; rows.length < h; k++) {
    const r = k % 2 === 0 ? mid - k / 2 : mid + (k + 1) / 2;
    if (r >= 0 && r < h) rows.push(r);
    if (k > 4 * h) break;
  }
  const out: [number, number][][] = [];
  for (let s = 0; s < 2; s++) {
    const list: [number, number][] = [];
    for (let col = 0; list.length < counts[s]!; col++) {
      const x = s === 0 ? x0 - col : x0 + study.fight.distance + col;
      if (x < 0 || x >= w) return null;
      for (const y of rows) if (list.length < counts[s]! && grid[y * w + x] === OPEN) list.push([x, y]);
    }
    out.push(list);
  }
  return out;
}

export function checkFight(study: ExchangeFightStudy): StudyProblem[] {
  const problems = checkParts(study as unknown as ExchangeParts);
  const sideNames = Object.keys(study.sides);
  const loadouts = Object.keys(study.loadouts);
  for (const [side, entries] of Object.entries(study.sides)) {
    entries.forEach((e, i) => {
      if (!(e.loadout in study.loadouts)) problems.push({ path: ['sides', side, i, 'loadout'], message: `unknown loadout "${e.loadout}"${didYouMean(e.loadout, loadouts)}` });
    });
    const n = entries.reduce((s, e) => s + e.count, 0);
    if (n > MAX_SIDE) problems.push({ path: ['sides', side], message: `a side has at most ${MAX_SIDE} characters (this one has ${n})` });
  }
  const [w, h] = study.fight.map;
  if (study.fight.distance > w - 1) problems.push({ path: ['fight', 'distance'], message: `distance ${study.fight.distance} does not fit a map ${w} Spaces wide` });
  study.fight.cover.forEach((c, i) => {
    if (c.at[0] >= w || c.at[1] >= h) problems.push({ path: ['fight', 'cover', i, 'at'], message: `[${c.at.join(', ')}] is outside the ${w} x ${h} map` });
  });
  for (const side of Object.keys(study.fight.tactics)) {
    if (!(side in study.sides)) problems.push({ path: ['fight', 'tactics', side], message: `unknown side "${side}"${didYouMean(side, sideNames)}`, atKey: true });
  }
  study.matchups.forEach((m, i) => {
    for (const k of ['a', 'b'] as const) {
      if (!(m[k] in study.sides)) problems.push({ path: ['matchups', i, k], message: `unknown side "${m[k]}"${didYouMean(m[k], sideNames)}` });
    }
    if (!(m.a in study.sides) || !(m.b in study.sides)) return;
    const counts: [number, number] = [sideMembers(study, m.a).length, sideMembers(study, m.b).length];
    if (placements(study, counts) === null) problems.push({ path: ['matchups', i], message: `${m.a} and ${m.b} do not fit on their start columns of the ${w} x ${h} map (distance ${study.fight.distance})` });
    const op = study.fight.opener;
    if (openerOf(study, m.a, m.b, op) === null) {
      const names = ['random', 'a', 'b', m.a, m.b, ...sideMembers(study, m.a).map((x) => x.name), ...sideMembers(study, m.b).map((x) => x.name)];
      problems.push({ path: ['fight', 'opener'], message: `"${op}" is neither random, a, b, a side nor a character of ${m.a} vs ${m.b}${didYouMean(op, names)}` });
    }
  });
  return problems;
}

/** The opening side and character (-1: random side / the side's first unit); null if the name is unknown. */
function openerOf(study: ExchangeFightStudy, a: string, b: string, opener: string): [number, number] | null {
  if (opener === 'random') return [-1, -1];
  if (opener === 'a' || opener === a) return [0, -1];
  if (opener === 'b' || opener === b) return [1, -1];
  const inA = sideMembers(study, a).findIndex((m) => m.name === opener);
  if (inA >= 0) return [0, inA];
  const inB = sideMembers(study, b).findIndex((m) => m.name === opener);
  if (inB >= 0) return [1, sideMembers(study, a).length + inB];
  return null;
}

/** The compiled fight of side `a` against side `b` under `knobs` (the study passed checkFight). */
export function compileFight(study: ExchangeFightStudy, a: string, b: string, knobs: ExchangeKnobs, knobOpener: string | undefined): ExchangeFightSpec {
  const members = [sideMembers(study, a), sideMembers(study, b)] as const;
  const pos = placements(study, [members[0].length, members[1].length])!;
  const fighters: FighterSpec[] = [];
  const units: number[][][] = [];
  const unitNames: string[][] = [];
  [a, b].forEach((side, s) => {
    const base = fighters.length;
    members[s]!.forEach((m, i) => {
      const e = study.sides[side]![m.entry]!;
      const loadout = resolveLoadout(e.loadout, study as unknown as ExchangeParts);
      const move = e.move ?? (loadout.weapon.kind === 'melee' ? 'close' : 'keep-range');
      fighters.push({
        name: m.name, side: s, loadout, policyName: e.policy, policy: parsePolicy(e.policy.replace(/^tactical/, 'all-in')), tactical: e.policy.startsWith('tactical'), move: MOVE_CODES[move],
        conditions: e.conditions, x: pos[s]![i]![0], y: pos[s]![i]![1],
      });
    });
    const formed = formUnits(members[s]!, members[1 - s]!.length, study.fight.groups === 'auto');
    units.push(formed.units.map((u) => u.map((i) => base + i)));
    unitNames.push(formed.names);
  });
  const [openerSide, openerFighter] = openerOf(study, a, b, knobOpener ?? study.fight.opener)!;
  const tactic = (side: string) => study.fight.tactics[side] ?? { targeting: 'nearest' as const, order: 'listed' as const };
  return {
    fighters, sideNames: [a, b], sideLabels: a === b ? [`${a} (a)`, `${b} (b)`] : [a, b], units, unitNames, width: study.fight.map[0], height: study.fight.map[1], cells: cells(study),
    openerSide, openerFighter, maxRounds: study.fight.maxRounds, knobs,
    targeting: [TARGET_CODES[tactic(a).targeting], TARGET_CODES[tactic(b).targeting]],
    order: [ORDER_CODES[tactic(a).order], ORDER_CODES[tactic(b).order]],
  };
}
