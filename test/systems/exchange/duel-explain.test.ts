/**
 * `balance explain-policy` on exchange duels (issue #15): a decision list a player can follow.
 * One situation in one round has one choice (the list says whether the side moves 1st or 2nd in
 * the round where the choice depends on it: near maxRounds the minimax play often does); decisions with a single legal option
 * (a response with no Ready AD) are not listed; passing a whole turn reads "no attack this turn";
 * a Wound decision names Wounds in the plural when several; stand-up decisions read "stand up
 * (1 AD)" or "stay Prone".
 */
import { describe, expect, it } from 'vitest';
import type { ExchangeLoadout } from '../../../src/systems/exchange/compile.js';
import { parsePolicy, type Condition, type ExchangeDuelSpec } from '../../../src/systems/exchange/duel/engine.js';
import { explainExchangePolicy } from '../../../src/systems/exchange/duel/explain.js';
import { DEFAULT_EXCHANGE_KNOBS } from '../../../src/systems/exchange/rules.js';
import type { WeaponInput } from '../../../src/systems/exchange/schema.js';
import { BEST_RESPONSE, NAMED, OPTIMAL } from '../../../src/systems/skirmish/duel/solved-policy.js';

const base = { heavy: false, reach: 1, lingering: 0 } as const;
const WEAPONS: Record<string, WeaponInput> = {
  sword: { ...base, kind: 'melee', baseAttackCost: 1, damage: 2, vitalCap: 3 },
  greataxe: { ...base, kind: 'melee', baseAttackCost: 2, damage: 4, vitalCap: 3, heavy: true },
  dagger: { ...base, kind: 'melee', baseAttackCost: 1, damage: 1, vitalCap: 2, lingering: 2 },
  bow: { ...base, kind: 'projectile', baseAttackCost: 1, damage: 3, vitalCap: 2, effectiveRange: 20, maxRange: 60 },
};
// configs/exchange-policy-gap.yaml's duelist (Vitality 4), or smaller for quicker solves
const lo = (weapon: string, vitality = 4): ExchangeLoadout => ({
  name: weapon, soak: 1, weapon: WEAPONS[weapon]!,
  character: { vitality, magicDice: 1, strength: 2, agility: 3, cognition: 0, resilience: 2, melee: 2, ranged: 1, acrobatics: 1, athletics: 0, baseMovement: 10 },
});
const duel = (a: string, b: string, pa: string, solved: readonly [number, number], ca: Condition[] = [], vitality = 4): ExchangeDuelSpec => ({
  a: { loadout: lo(a, vitality), policy: parsePolicy(pa), conditions: ca },
  b: { loadout: lo(b, vitality), policy: parsePolicy('reserve-1'), conditions: [] },
  knobs: DEFAULT_EXCHANGE_KNOBS, maxRounds: 3, solved,
});

/** The round numbers of a line's "round 3" / "rounds 1-5" / "rounds 1, 6" prefix. */
function rounds(line: string): number[] {
  const m = /^rounds? ([\d, -]+);/.exec(line)!;
  return m[1]!.split(', ').flatMap((part) => {
    const [lo, hi] = part.split('-').map(Number);
    return Array.from({ length: (hi ?? lo!) - lo! + 1 }, (_, i) => lo! + i);
  });
}

type Line = { rounds: number[]; situation: string; choice: string };
const lists = new Map<string, Line[]>();

/** Every line of a side's list, split into rounds, situation and choice (each list solved once per file). */
function list(spec: ExchangeDuelSpec, side: number): Line[] {
  const key = JSON.stringify([spec, side]);
  const known = lists.get(key);
  if (known !== undefined) return known;
  const lines = explainExchangePolicy(spec, side, 1000).lines.map((l) => {
    const m = /^rounds? [\d, -]+; (.*): ([^:]*) \(p=\d\.\d{3}\)$/.exec(l);
    expect(m, l).not.toBeNull();
    return { rounds: rounds(l), situation: m![1]!, choice: m![2]! };
  });
  lists.set(key, lines);
  return lines;
}

describe('exchange explain-policy: a list a player can follow', () => {
  it('one situation in one round has one choice, in two minimax duels', () => {
    for (const [a, b, pa, sides] of [['dagger', 'sword', 'reserve-1', [0, 1]], ['dagger', 'greataxe', 'all-in', [0]]] as const) {
      for (const side of sides) {
        const seen = new Map<string, string>();
        for (const l of list(duel(a, b, pa, [OPTIMAL, OPTIMAL]), side)) {
          for (const r of l.rounds) {
            const key = `${r}|${l.situation}`;
            expect(seen.get(key) ?? l.choice, `${a} vs ${b}, side ${side}, round ${r}: ${l.situation}`).toBe(l.choice);
            seen.set(key, l.choice);
          }
        }
      }
    }
  });

  it('says whether the side moves 1st or 2nd in the round only where the choice depends on it; a pass reads "no attack this turn"', () => {
    const lines = list(duel('dagger', 'sword', 'reserve-1', [OPTIMAL, OPTIMAL]), 0);
    const placed = lines.filter((l) => / turn \((1st|2nd) in the round\)/.test(l.situation));
    expect(placed.length).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThan(placed.length);
    // A placed line's situation, without the place, has another line with a different choice.
    for (const l of placed) {
      const bare = l.situation.replace(/ \((1st|2nd) in the round\)/, '');
      expect(placed.some((o) => o.situation.replace(/ \((1st|2nd) in the round\)/, '') === bare && o.choice !== l.choice), l.situation).toBe(true);
    }
    expect(lines.some((l) => l.choice === 'no attack this turn' && l.situation.endsWith('0 attacks made'))).toBe(true);
    expect(lines.filter((l) => l.choice === 'stop attacking').every((l) => !l.situation.endsWith(' 0 attacks made'))).toBe(true);
    const wounds = [...lines, ...list(duel('dagger', 'greataxe', 'all-in', [OPTIMAL, OPTIMAL]), 0)].filter((l) => / taking \d Wounds? /.test(l.situation));
    expect(wounds.some((l) => / taking [2-9] Wounds /.test(l.situation))).toBe(true);
    for (const l of wounds) expect(l.choice).toMatch(/ taking 1 Wound /.test(l.situation) ? /^the Wound takes Ready (MD|AD) first$/ : /^the Wounds take Ready (MD|AD) first$/);
  });

  it('a response with no Ready AD to pay for any (No Response only) is not listed', () => {
    // The greataxe's minimax side against an all-in dagger is often out of Ready AD on the dagger's turn.
    const lines = list(duel('dagger', 'greataxe', 'all-in', [NAMED, OPTIMAL]), 1);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => /^VIT \d+, 0 Ready AD.*they attack with/.test(l.situation))).toEqual([]);
  });

  it('stand-up decisions: a prone archer against an archer stays Prone, a prone swordsman stands', () => {
    const archer = list(duel('bow', 'bow', 'reserve-1', [BEST_RESPONSE, NAMED], ['prone'], 3), 0);
    expect(archer.some((l) => l.choice === 'stay Prone' && l.situation.includes('Prone'))).toBe(true);
    const sword = list(duel('sword', 'sword', 'reserve-1', [BEST_RESPONSE, NAMED], ['prone'], 3), 0);
    expect(sword.some((l) => l.choice === 'stand up (1 AD)' && l.situation.startsWith('VIT 3, 3 Ready AD, 1 Ready MD, Prone;'))).toBe(true);
  });
});
