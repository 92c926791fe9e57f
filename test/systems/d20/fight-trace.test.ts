/** d20 fights watched through kernel.observe over thousands of fights: same results, rules invariants. */
import { describe, expect, it } from 'vitest';
import { deriveStream } from '../../../src/dice/rng.js';
import { ENEMIES, FINISH_OFF, FOCUS_WEAKEST, HEROES, SKIRMISHER, SUPPORT, type FighterSpec, type FightSpec } from '../../../src/systems/d20/fight/engine.js';
import { d20FightDice } from '../../../src/systems/d20/fight/kernel.js';
import { DEFAULT_D20_KNOBS } from '../../../src/systems/d20/rules.js';
import type { CreatureInput, WeaponInput } from '../../../src/systems/d20/schema.js';
import { expectRateNear } from '../../helpers/se.js';
import { Collector, type Traced } from '../../helpers/trace.js';

const c = (p: Partial<CreatureInput>): CreatureInput => ({
  hp: 10, ac: 13, str: 0, dex: 0, con: 0, pb: 2, proficientSaves: [], hitDie: 'd8', fatigue: 0, speed: 30, supply: 0, ...p,
});
const w = (kind: 'melee' | 'ranged', damage: string): WeaponInput => ({ kind, damage, finesse: false, twoHanded: false });
const f = (name: string, side: number, cr: CreatureInput, wp: WeaponInput, policy = FOCUS_WEAKEST): FighterSpec => ({ name, side, creature: cr, weapon: wp, policy });

const spec: FightSpec = {
  fighters: [
    f('fighter', HEROES, c({ hp: 14, ac: 16, str: 3, dex: 1, con: 2, supply: 1 }), w('melee', '1d8')),
    f('rogue', HEROES, c({ hp: 10, ac: 14, dex: 3, supply: 1 }), w('melee', '1d8'), SKIRMISHER),
    f('cleric', HEROES, c({ hp: 11, ac: 17, str: 2, con: 2, supply: 2 }), w('melee', '1d6'), SUPPORT),
    f('ranger', HEROES, c({ hp: 12, ac: 14, str: 1, dex: 3, supply: 1 }), w('ranged', '1d8'), SKIRMISHER),
    f('goblin', ENEMIES, c({ hp: 7, ac: 13, str: -1, dex: 2 }), w('ranged', '1d6')),
    f('goblin#2', ENEMIES, c({ hp: 7, ac: 13, str: -1, dex: 2 }), w('melee', '1d6')),
    f('orc', ENEMIES, c({ hp: 15, ac: 13, str: 3, dex: 1, con: 3 }), w('melee', '1d12'), FINISH_OFF),
    f('ogre', ENEMIES, c({ hp: 30, ac: 11, str: 4, dex: -1, con: 3 }), w('melee', '2d8')),
  ],
  knobs: { ...DEFAULT_D20_KNOBS, enemiesRollDeath: true },
  maxRounds: 20,
};
const N = 2000;

describe('d20 fight traces', () => {
  const p = d20FightDice.prepare(spec);
  const col = new Collector();
  d20FightDice.observe!(p, col);
  const tally = new Float64Array(d20FightDice.tallySize(spec));
  d20FightDice.run(p, Int32Array.from(deriveStream(91)), N, tally);
  const fights = col.fights();
  const all = col.events;

  it('observing changes nothing: the same stream gives the same tally, and the traced winners are the counted ones', () => {
    const plain = new Float64Array(d20FightDice.tallySize(spec));
    d20FightDice.run(d20FightDice.prepare(spec), Int32Array.from(deriveStream(91)), N, plain);
    expect(Array.from(tally)).toEqual(Array.from(plain));
    for (const k of [0, 1, 2]) expect(col.winners.filter((x) => x === k).length).toBe(plain[k]);
  });

  it('every heroic action carries an attack\'s rolls (unless its declared target fell first), and the actor then falls for good', () => {
    const heroic = all.filter((e) => e.action === 'heroic-action');
    const rolled = heroic.filter((e) => (e.rolls as { d20?: number[] } | undefined)?.d20?.length);
    expect(rolled.length).toBeGreaterThan(20);
    for (const e of heroic) if (!rolled.includes(e)) expect(e.result).toBe('wasted: target already down');
    for (const fe of fights) {
      const i = fe.findIndex((e) => e.action === 'falls');
      if (i < 0) continue;
      const who = fe[i]!.actor;
      expect(fe.slice(i + 1).filter((e) => e.actor === who && e.action !== 'falls').length).toBe(0);
    }
  });

  it('at most one stabilize per dying target per phase', () => {
    const seen = new Set<string>();
    const stab = all.filter((e) => e.action === 'stabilize');
    expect(stab.length).toBeGreaterThan(50);
    for (const e of stab) {
      const key = `${e.fight}|${String(e.phase)}|${String(e.target)}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });

  it('no opportunity attack against a creature that did not leave the attacker\'s reach; one per attacker per round', () => {
    let n = 0;
    for (const fe of fights) {
      const perRound = new Set<string>();
      fe.forEach((e, i) => {
        if (e.action !== 'opportunity-attack') return;
        n++;
        let j = i - 1;
        while (j >= 0 && fe[j]!.action === 'opportunity-attack') j--;
        const mover: Traced | undefined = fe[j];
        expect(mover && (mover.action === 'move' || mover.action === 'dash') && mover.actor === e.target).toBe(true);
        expect(mover!.leaves as string[]).toContain(e.actor);
        const key = `${e.round}|${e.actor}`;
        expect(perRound.has(key)).toBe(false);
        perRound.add(key);
      });
    }
    expect(n).toBeGreaterThan(100);
  });

  it('skirmishers Disengage and Dash; finish-off attacks the dying', () => {
    expect(all.some((e) => e.action === 'disengage' && e.actor === 'rogue')).toBe(true);
    expect(all.some((e) => e.action === 'dash' && e.actor === 'ranger' && e.result === 'gets away')).toBe(true);
    expect(all.some((e) => e.action === 'dash' && e.result === 'chases')).toBe(true);
    expect(all.some((e) => e.action === 'attack' && e.actor === 'orc' && e.target_state_before === 'dying')).toBe(true);
    expect(all.some((e) => e.action === 'dying-roll' && e.after_fight === true)).toBe(true);
  });

  it('dyingAfterFight roll: a hero dying at the end dies with P(2d6 - F <= 4) / (P(<= 4) + P(>= 10)), within 4 SE', () => {
    // Exact per Fatigue F from the 36 faces of 2d6; every run of 5-9 rolls again.
    const p2d6 = (pred: (t: number) => boolean): number => {
      let n = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (pred(a + b)) n++;
      return n / 36;
    };
    const pDead = (fat: number): number => p2d6((t) => t - fat <= 4) / (p2d6((t) => t - fat <= 4) + p2d6((t) => t - fat >= 10));
    let n = 0;
    let dead = 0;
    let expected = 0;
    for (const fe of fights) {
      const firsts = new Map<string, Traced>();
      const lasts = new Map<string, Traced>();
      for (const e of fe) {
        if (e.action !== 'dying-roll' || e.after_fight !== true) continue;
        if (!firsts.has(e.actor)) firsts.set(e.actor, e);
        lasts.set(e.actor, e);
      }
      for (const [who, first] of firsts) {
        n++;
        expected += pDead(first.fatigue as number);
        if (lasts.get(who)!.state_after === 'dead') dead++;
      }
    }
    expect(n).toBeGreaterThan(300);
    expectRateNear(dead / n, expected / n, n, 'after-fight deaths');
  });
});
