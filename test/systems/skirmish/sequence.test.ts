/** Steps 1-4 of the Attack Sequence: each clause of seed 000 / rules.md 1.1-1.5. */
import { describe, expect, it } from 'vitest';
import {
  basePool, checkFace, critFace, defencePool, dominantType, hitFace, poolCandidates,
} from '../../../src/systems/skirmish/sequence.js';
import { compileAttack } from '../../../src/systems/skirmish/spec.js';
import { expectedUnblocked } from '../../../src/systems/skirmish/exact.js';
import { battleAxe, ctx, fighter, keen, loadout, stout, sword, weapon } from '../../helpers/skirmish.js';

const club = weapon('club', { class: 'other' });
const target = (p: Parameters<typeof loadout>[2] = {}, w = club) => loadout(stout, w, p);

describe('1.1 checks', () => {
  it('need clamp(8 - v, 2, 6): CC 3 needs 5+, Df 4 needs 4+, Close Combat 4 (falling) needs 4+', () => {
    expect(checkFace(3)).toBe(5);
    expect(checkFace(4)).toBe(4);
    expect([checkFace(0), checkFace(1), checkFace(2), checkFace(6), checkFace(7), checkFace(10)]).toEqual([6, 6, 6, 2, 2, 2]);
  });

  it('Hit modifiers apply to Close Combat for melee and Ranged Combat for ranged and Cast', () => {
    const f = fighter('f', { cc: 4, rc: 2 });
    const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1' });
    const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '+0' });
    expect(hitFace(ctx(loadout(f, sword), target()))).toBe(4);
    expect(hitFace(ctx(loadout(f, sword), target(), { hitMod: 1 }))).toBe(3);
    expect(hitFace(ctx(loadout(f, bow), target()))).toBe(6);
    expect(hitFace(ctx(loadout(f, bolt), target(), { hitMod: -1 }))).toBe(6);
  });
});

describe('Step 1: Strike Pool', () => {
  it('reproduces the seed table (Steady/Sword 4+4, Keen/Shortbow 4+4, Stout/War Axe 6+3, Stunty/Throwing Stars 2+5)', () => {
    const steady = fighter('steady', { might: 3, skill: 3 });
    const stunty = fighter('stunty', { might: 2, skill: 4 });
    const shortbow = weapon('shortbow', { type: 'ranged', class: 'bow', might: '+1', skill: '4' });
    const warAxe = weapon('war-axe', { class: 'axe', might: '+2' });
    const stars = weapon('stars', { type: 'ranged', class: 'thrown', skill: '+1' });
    expect(basePool(loadout(steady, sword), sword)).toEqual({ might: 4, skill: 4 });
    expect(basePool(loadout(keen, shortbow), shortbow)).toEqual({ might: 4, skill: 4 });
    expect(basePool(loadout(stout, warAxe), warAxe)).toEqual({ might: 6, skill: 3 });
    expect(basePool(loadout(stunty, stars), stars)).toEqual({ might: 2, skill: 5 });
  });

  it('a fixed number ignores the attribute; unarmed uses base Might and Skill', () => {
    const crossbow = weapon('crossbow', { type: 'ranged', class: 'crossbow', might: '3', skill: '+1' });
    expect(basePool(loadout(fighter('f', { might: 5, skill: 2 }), crossbow), crossbow)).toEqual({ might: 3, skill: 3 });
    const fists = weapon('fists', { class: 'unarmed', might: '+3', skill: '+3' });
    expect(basePool(loadout(keen, fists), fists)).toEqual({ might: 3, skill: 4 });
  });

  it('Gang Up adds one melee die of the better colour; Aim one of the dominant type', () => {
    const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4' });
    expect(dominantType(bow)).toBe('skill');
    expect(dominantType(battleAxe)).toBe('might');
    expect(dominantType(sword)).toBe('either');
    const aimed = poolCandidates(ctx(loadout(keen, bow), target(), { aim: true }));
    expect(aimed).toEqual([{ might: 4, skill: 5, choice: '' }]);
    const gang = poolCandidates(ctx(loadout(keen, sword), target(), { gangUp: true }));
    expect(gang.map((p) => [p.might, p.skill])).toEqual([[5, 5], [4, 6]]);
    // Gang Up does not apply to ranged attacks, nor Aim to melee attacks
    expect(poolCandidates(ctx(loadout(keen, bow), target(), { gangUp: true }))).toHaveLength(1);
    expect(poolCandidates(ctx(loadout(keen, sword), target(), { aim: true }))).toEqual([{ might: 4, skill: 5, choice: '' }]);
  });

  it('the attacker picks the colour with more expected unblocked hits (Skill against a Might-heavy defence)', () => {
    const wall = loadout(fighter('wall', { might: 8, skill: 0 }), club);
    const spec = compileAttack(ctx(loadout(keen, sword), wall, { gangUp: true }), expectedUnblocked);
    expect([spec.mightDice, spec.skillDice, spec.choice]).toEqual([4, 6, 'gang-up skill']);
    const open = loadout(fighter('open', { might: 0, skill: 8 }), club);
    const spec2 = compileAttack(ctx(loadout(keen, sword), open, { gangUp: true }), expectedUnblocked);
    expect([spec2.mightDice, spec2.skillDice, spec2.choice]).toEqual([5, 5, 'gang-up might']);
  });

  it('caps the pool at 15 dice, dropping the dice the attacker can best spare', () => {
    const giant = fighter('giant', { might: 10, skill: 8 });
    const maul = weapon('maul', { class: 'other', might: '+1', skill: '+1' });
    const cands = poolCandidates(ctx(loadout(giant, maul), target()));
    expect(cands.every((p) => p.might + p.skill === 15)).toBe(true);
    expect(cands.map((p) => p.might)).toEqual([11, 10, 9, 8, 7, 6]);
    // against a defender with no Skill dice, Skill hits go through: drop Might
    const skillless = loadout(fighter('s', { might: 6, skill: 0 }), club);
    const spec = compileAttack(ctx(loadout(giant, maul), skillless), expectedUnblocked);
    expect([spec.mightDice, spec.skillDice]).toEqual([6, 9]);
    expect(spec.choice).toBe('cap drops 5 might');
  });
});

describe('Step 3: criticals', () => {
  const spear = weapon('spear', { class: 'spear', might: '+1', skill: '+1' });
  const hammer = weapon('hammer', { class: 'hammer', might: '+2' });
  it('weapon triangle: sword > axe > spear > sword, attacker only', () => {
    expect(critFace(ctx(loadout(keen, sword), target({}, battleAxe)))).toBe(6);
    expect(critFace(ctx(loadout(keen, battleAxe), target({}, spear)))).toBe(6);
    expect(critFace(ctx(loadout(keen, spear), target({}, sword)))).toBe(6);
    expect(critFace(ctx(loadout(keen, battleAxe), target({}, sword)))).toBe(7);
    expect(critFace(ctx(loadout(keen, sword), target({}, sword)))).toBe(7);
  });

  it('Hammer is outside the triangle and, by default, switches it off for either side', () => {
    expect(critFace(ctx(loadout(keen, hammer), target({}, battleAxe)))).toBe(7);
    const withHammer = { sword: ['axe', 'hammer'], axe: ['spear'], spear: ['sword'] };
    expect(critFace(ctx(loadout(keen, sword), target({}, hammer), {}, { triangle: withHammer }))).toBe(7);
    expect(critFace(ctx(loadout(keen, sword), target({}, hammer), {}, { triangle: withHammer, hammerBreaksTriangle: false }))).toBe(6);
  });

  it('the triangle applies to melee only; the defender primary weapon is its first', () => {
    const axeBow = weapon('axe-bow', { type: 'ranged', class: 'axe', might: '+1' });
    expect(critFace(ctx(loadout(keen, axeBow), target({}, spear)))).toBe(7);
    expect(critFace(ctx(loadout(keen, sword), loadout(stout, [battleAxe, sword])))).toBe(6);
    expect(critFace(ctx(loadout(keen, sword), loadout(stout, [sword, battleAxe])))).toBe(7);
  });

  it('firearms crit against all; Aim makes 6 a crit, or 5+ if the weapon already crits on 6', () => {
    const pistol = weapon('pistol', { type: 'ranged', class: 'firearm', might: '2', skill: '+1' });
    const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4' });
    expect(critFace(ctx(loadout(keen, pistol), target()))).toBe(6);
    expect(critFace(ctx(loadout(keen, bow), target()))).toBe(7);
    expect(critFace(ctx(loadout(keen, bow), target(), { aim: true }))).toBe(6);
    expect(critFace(ctx(loadout(keen, pistol), target(), { aim: true }))).toBe(5);
  });

  it('magic triangle from config: the attacking school beats the next in the cycle', () => {
    const fire = weapon('fire', { type: 'ranged', class: 'spell', might: '2', skill: '+0', school: 'fire' });
    const ice = weapon('ice', { type: 'ranged', class: 'spell', might: '2', skill: '+0', school: 'ice' });
    const knobs = { magicTriangles: { natural: ['fire', 'ice', 'storm'] } };
    expect(critFace(ctx(loadout(keen, fire), target({}, ice), {}, knobs))).toBe(6);
    expect(critFace(ctx(loadout(keen, ice), target({}, fire), {}, knobs))).toBe(7);
    expect(critFace(ctx(loadout(keen, fire), target({}, ice)))).toBe(7);
    // Aim is for Ranged Attack Actions only, not Cast
    expect(critFace(ctx(loadout(keen, fire), target({}, ice), { aim: true }, knobs))).toBe(6);
  });
});

describe('Step 4: defence pool', () => {
  const pool = (p: Parameters<typeof loadout>[2], s = {}, w = sword, k = {}) => {
    const d = defencePool(ctx(loadout(keen, w), target(p), s, k));
    return [d.might.length, d.skill.length];
  };
  const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4' });
  const xbow = weapon('xbow', { type: 'ranged', class: 'crossbow', might: '3', keywords: ['piercing'] });

  it('armour: light +1 Sk, medium +1 Mt, heavy +2 Mt -1 Sk (Stout: Mt 4, Sk 3)', () => {
    expect(pool({})).toEqual([4, 3]);
    expect(pool({ armor: 'light' })).toEqual([4, 4]);
    expect(pool({ armor: 'medium' })).toEqual([5, 3]);
    expect(pool({ armor: 'heavy' })).toEqual([6, 2]);
  });

  it('heavy armour never takes Skill below 0 dice', () => {
    const d = defencePool(ctx(loadout(keen, sword), loadout(fighter('z', { might: 2, skill: 0 }), club, { armor: 'heavy' })));
    expect([d.might.length, d.skill.length]).toEqual([4, 0]);
  });

  it('cover adds Skill dice against Ranged and Cast attacks only (+1, +2 within 1"); Brace +1 Might', () => {
    expect(pool({}, { cover: 'cover' }, bow)).toEqual([4, 4]);
    expect(pool({}, { cover: 'close' }, bow)).toEqual([4, 5]);
    expect(pool({}, { cover: 'close' }, sword)).toEqual([4, 3]);
    expect(pool({}, { brace: true })).toEqual([5, 3]);
  });

  it('Stunned defenders roll Might dice only (armour and cover Skill dice go, Brace stays); Downed roll all', () => {
    expect(pool({ armor: 'light' }, { defenderState: 'stunned', cover: 'close', brace: true }, bow)).toEqual([5, 0]);
    expect(pool({ armor: 'light' }, { defenderState: 'downed' })).toEqual([4, 4]);
  });

  it('shields shift single dice: buckler +1 Df on a Skill die, shield +1 on a Might die, tower +1 on 2 Might and -1 on a Skill die', () => {
    const faces = (shield: 'buckler' | 'shield' | 'tower') => defencePool(ctx(loadout(keen, sword), target({ shield })));
    expect(faces('buckler')).toEqual({ might: [4, 4, 4, 4], skill: [3, 4, 4] });
    expect(faces('shield')).toEqual({ might: [3, 4, 4, 4], skill: [4, 4, 4] });
    expect(faces('tower')).toEqual({ might: [3, 3, 4, 4], skill: [5, 4, 4] });
  });

  it('a shield part with no die of its colour does nothing', () => {
    const d = defencePool(ctx(loadout(keen, sword), loadout(fighter('z', { might: 1, skill: 0 }), club, { shield: 'tower' })));
    expect(d).toEqual({ might: [3], skill: [] });
  });

  it('piercing ignores armour and shield bonuses but keeps the penalties (knob piercingKeepsPenalties)', () => {
    expect(pool({ armor: 'heavy' }, {}, xbow)).toEqual([4, 2]);
    expect(pool({ armor: 'medium' }, {}, xbow)).toEqual([4, 3]);
    const tower = defencePool(ctx(loadout(keen, xbow), target({ armor: 'heavy', shield: 'tower' })));
    expect(tower).toEqual({ might: [4, 4, 4, 4], skill: [5, 4] });
    const noPen = defencePool(ctx(loadout(keen, xbow), target({ armor: 'heavy', shield: 'tower' }), {}, { piercingKeepsPenalties: false }));
    expect(noPen).toEqual({ might: [4, 4, 4, 4], skill: [4, 4, 4] });
  });
});

describe('compiled spec: who may block how', () => {
  const bow = weapon('bow', { type: 'ranged', class: 'bow', might: '+1', skill: '4' });
  const bolt = weapon('bolt', { type: 'ranged', class: 'spell', might: '2', skill: '+0' });
  const flags = (w = sword, s = {}, k = {}, d = target()) => {
    const sp = compileAttack(ctx(loadout(keen, w), d, s, k), expectedUnblocked);
    return { dodge: sp.dodge, shove: sp.shove, tie: sp.tieToDefender };
  };
  it('Dodge against Melee and Ranged, Shove against Melee only, neither against Cast', () => {
    expect(flags(sword)).toMatchObject({ dodge: true, shove: true });
    expect(flags(bow)).toMatchObject({ dodge: true, shove: false });
    expect(flags(bolt)).toMatchObject({ dodge: false, shove: false });
  });

  it('Downed and Stunned defenders cannot manoeuvre; knob manoeuvres: false turns them off', () => {
    expect(flags(sword, { defenderState: 'downed' })).toMatchObject({ dodge: false, shove: false });
    expect(flags(sword, { defenderState: 'stunned' })).toMatchObject({ dodge: false, shove: false });
    expect(flags(sword, {}, { manoeuvres: false })).toMatchObject({ dodge: false, shove: false });
  });

  it('knob tieGoesTo: shield gives ties to a defender carrying any shield', () => {
    expect(flags(sword, {}, { tieGoesTo: 'shield' }).tie).toBe(false);
    expect(flags(sword, {}, { tieGoesTo: 'shield' }, target({ shield: 'buckler' })).tie).toBe(true);
    expect(flags(sword, {}, { tieGoesTo: 'defender' }).tie).toBe(true);
    expect(flags(sword).tie).toBe(false);
  });

  it('the defender starts with its full Wounds unless the situation says otherwise', () => {
    expect(compileAttack(ctx(loadout(keen, sword), target()), expectedUnblocked).woundsLeft).toBe(3);
    expect(compileAttack(ctx(loadout(keen, sword), target(), { defenderWounds: 1 }), expectedUnblocked).woundsLeft).toBe(1);
  });
});
