/**
 * Battle trace fields (issues 28 item 5 and 34.8), one test per field: the activate event's Wounds
 * left, Hidden and primary weapon of the actor; the declared target on every
 * Ranged and Cast event (scripted dice: a failed clustered-enemies check moves the shot, the
 * declared target stays); labels unique across the sides (a mirror matchup); and over the JSONL
 * trace of the players fixture: attack dice on every attack event, an `activate` event before each
 * activation's actions, and the `end` event with the event contract's fields (fight, round, side:
 * the winner or null, actor null, action). Then (34.8, docs/guide/trace.md) on attack events
 * `hit_on`, `crit_on`, `defence_needs`, `crit_dice`, `dodge_blocks`, `shove_blocks`, `aimed`,
 * `target_braced`; `braced` on the activate event; the Retreat's `free_attacks` and its free
 * attacks after it; Hide's result; the table engine's header (no dice).
 */
import { describe, expect, it } from 'vitest';
import { Act, type BattlePolicies } from '../../../../src/systems/skirmish/battle/engine.js';
import { BATTLE_POLICIES } from '../../../../src/systems/skirmish/battle/policies.js';
import { uniqueLabels } from '../../../../src/systems/skirmish/battle/board.js';
import { fighter, loadout, weapon } from '../../../helpers/skirmish.js';
import { balanceIn } from '../../../helpers/inprocess.js';
import { battle, battleSpec, place } from './harness.js';

const club = weapon('club', { class: 'other', might: '+1' });
const grunt = loadout(fighter('grunt', {}), club);
const bow = weapon('bow', { type: 'ranged', class: 'other', might: '1', skill: '1', range: [3, 24] });
const archer = loadout(fighter('archer', { skill: 4 }), [bow, club]);
const twos = (n: number): number[] => new Array<number>(n).fill(2);
const bracers: BattlePolicies = { ...BATTLE_POLICIES, action: () => Act.Brace };
const FIXTURE = 'test/fixtures/battle-players.yaml';

describe('declared_target on every Ranged and Cast event', () => {
  it('a failed clustered check: target is where the shot went, declared_target the one declared', () => {
    // d6 3 fails the archer's Skill 4 check: the shot moves to b1; then the attack misses (2s).
    const { bt, events } = battle([archer], [grunt, grunt], [3, ...twos(20)], { policies: bracers });
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 20);
    place(bt, 2, 12, 20);
    bt.shoot(0, 1, false);
    const shot = events.find((e) => e.action === 'ranged')!;
    expect([shot.target, shot['declared_target']]).toEqual(['b1', 'b0']);
  });

  it('a passed check, and a shot with nobody near: declared_target = target', () => {
    const { bt, events } = battle([archer], [grunt, grunt], [5, ...twos(20)], { policies: bracers });
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 20);
    place(bt, 2, 12, 20);
    bt.shoot(0, 1, false);
    place(bt, 2, 30, 20);
    bt.shoot(0, 1, false);
    const shots = events.filter((e) => e.action === 'ranged');
    expect(shots.map((e) => [e.target, e['declared_target']])).toEqual([['b0', 'b0'], ['b0', 'b0']]);
  });
});

describe('the activate event shows the actor', () => {
  it('its Wounds left, whether it is Hidden and its primary weapon (the one it last attacked with)', () => {
    const { bt, events } = battle([archer], [grunt], []);
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 20);
    bt.woundsLeft[0] = 1;
    bt.hidden[0] = 1;
    bt.beginActivation(0);
    bt.primary[1] = 0;
    bt.beginActivation(1);
    expect(events.map((e) => [e.action, e.actor, e['actor_wounds_left'], e['hidden'], e['primary']])).toEqual([
      ['activate', 'a0', 1, true, 'bow'],
      ['activate', 'b0', 3, false, 'club'],
    ]);
  });
});

describe('labels unique across the sides', () => {
  it('a label both sides have gets its side (a:, b:); others stay', () => {
    const spec = battleSpec([archer, grunt], [grunt]);
    const same = { ...spec, sides: [spec.sides[0].map((f, k) => ({ ...f, label: ['archer', 'grunt'][k]! })), spec.sides[1].map((f) => ({ ...f, label: 'grunt' }))] as typeof spec.sides };
    expect(uniqueLabels(same)).toEqual(['archer', 'a:grunt', 'b:grunt']);
    expect(uniqueLabels(spec)).toEqual(['a0', 'a1', 'b0']);
  });
});

describe('the JSONL trace of a mirror battle (players fixture, brutes vs brutes)', async () => {
  const r = await balanceIn(['trace', FIXTURE, '--matchup', '3', '--fights', '12', '--engine', 'dice', '--format', 'jsonl']);
  const events = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

  it('runs', () => expect([r.code, r.stderr]).toEqual([0, '']));

  it('every actor and target is unique to its side (a:..., b:... in a mirror)', () => {
    for (const e of events) {
      if (typeof e['actor'] === 'string' && e['actor'] !== '') expect(e['actor']).toMatch(new RegExp(`^${String(e['side'])}:`));
      if (typeof e['target'] === 'string') expect(e['target']).toMatch(/^[ab]:/);
    }
  });

  it('attack dice on every attack event (Strike and defence pools), a declared target on every shot', () => {
    const attacks = events.filter((e) => ['melee', 'ranged', 'cast'].includes(String(e['action'])) && typeof e['wounds'] === 'number');
    expect(attacks.length).toBeGreaterThan(20);
    for (const e of attacks) expect(Object.keys(e['rolls'] as object)).toEqual(expect.arrayContaining(['strike_might', 'strike_skill', 'defence_might', 'defence_skill']));
    for (const e of events.filter((x) => x['action'] === 'ranged' || x['action'] === 'cast')) expect(typeof e['declared_target']).toBe('string');
  });

  it('an activate event opens each activation: every action of an activation follows its fighter\'s activate', () => {
    let current = '';
    let checked = 0;
    for (const e of events) {
      if (e['action'] === 'activate') current = String(e['actor']);
      if (e['action'] === 'initiative') current = '';
      if (e['reaction'] === true || !['move', 'charge', 'aim', 'brace', 'hide', 'recover', 'help', 'mercy-kill', 'ranged', 'cast'].includes(String(e['action']))) continue;
      expect(e['actor']).toBe(current);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('each fight ends with the event contract\'s fields: fight, round, side (winner or null), actor null, action end', () => {
    const ends = events.filter((e) => e['action'] === 'end');
    expect(ends).toHaveLength(12);
    for (const e of ends) {
      expect(Object.keys(e).slice(0, 5)).toEqual(['fight', 'round', 'side', 'actor', 'action']);
      expect(e['actor']).toBeNull();
      expect(e['round']).toBe(e['rounds']);
      expect(e['side']).toBe(e['winner'] === 'draw' ? null : e['winner']);
    }
  });
});

/** Grunt a0 at (20, 20) strikes grunt b0 at (20, 21) in base contact: 4 Might + 3 Skill dice hitting on 5+ (6 critical), 3 + 3 defence dice on 4+. */
function meleeWith(faces: number[], braced = false) {
  const made = battle([grunt], [grunt], faces, { policies: bracers });
  place(made.bt, 0, 20, 20);
  place(made.bt, 1, 20, 21);
  if (braced) made.bt.braced[1] = 1;
  made.bt.melee(0, 1);
  return made.events.find((e) => e.action === 'melee')!;
}

/** Archer a0 (10, 5) shoots grunt b0 (10, 15) with its bow, Aimed. */
function aimedShot(faces: number[]) {
  const { bt, events } = battle([archer], [grunt], faces, { policies: bracers });
  place(bt, 0, 10, 5);
  place(bt, 1, 10, 15);
  bt.aimed[0] = 1;
  bt.shoot(0, 1, false);
  return events.find((e) => e.action === 'ranged')!;
}

describe('attack events: thresholds, critical dice, Dodge and Shove blocks, Aim and Brace (issue 34.8)', () => {
  it('hit_on and crit_on: the face that hits and the lowest natural face that is critical (null: none; a club has no criticals, an Aimed shot crits on 6)', () => {
    const e = meleeWith(twos(13));
    expect([e['hit_on'], e['crit_on']]).toEqual([5, null]);
    expect([aimedShot(twos(13))['hit_on'], aimedShot(twos(13))['crit_on']]).toEqual([5, 6]);
  });

  it('defence_needs: the face each Might and Skill defence die needs, in rolling order', () => {
    const e = meleeWith(twos(13));
    expect(e['defence_needs']).toEqual({ might: [4, 4, 4], skill: [4, 4, 4] });
  });

  it('crit_dice: the critical dice of each colour (6s among the hits of an Aimed shot)', () => {
    // The Aimed bow: 1 Might and 2 Skill dice (the Aim die Skill), all 6; the defence all 1s.
    const e = aimedShot([6, 6, 6, 1, 1, 1, 1, 1, 1]);
    expect(e.rolls).toEqual({ strike_might: [6], strike_skill: [6, 6], defence_might: [1, 1, 1], defence_skill: [1, 1, 1] });
    expect([e['crit_dice'], e.wounds]).toEqual([{ might: 1, skill: 2 }, 3]);
    const mixed = aimedShot([5, 6, 5, 1, 1, 1, 1, 1, 1]);
    expect(mixed['crit_dice']).toEqual({ might: 0, skill: 1 });
  });

  it('dodge_blocks: Might hits blocked by two left-over Skill successes each', () => {
    // Might 5 5 1 1: two normal hits; no Skill hit; defence Might 1 1 1, Skill 4 4 4: 3 left over, 1 Dodge block.
    const e = meleeWith([5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 4, 4, 4]);
    expect([e['dodge_blocks'], e['shove_blocks'], e.wounds]).toEqual([1, 0, 1]);
  });

  it('shove_blocks: Skill hits blocked by two left-over Might successes each', () => {
    const e = meleeWith([1, 1, 1, 1, 5, 5, 1, 4, 4, 4, 1, 1, 1]);
    expect([e['dodge_blocks'], e['shove_blocks'], e.wounds]).toEqual([0, 1, 1]);
  });

  it('target_braced: whether the target\'s Brace counts against this attack', () => {
    expect(meleeWith(twos(13))['target_braced']).toBe(false);
    const braced = meleeWith(twos(14), true);
    expect(braced['target_braced']).toBe(true);
    expect((braced['defence_needs'] as { might: number[]; skill: number[] }).might.length + (braced['defence_needs'] as { skill: number[] }).skill.length).toBeGreaterThan(6);
  });

  it('aimed: whether the attacker\'s Aim counts (an Aimed shot, then an unaimed one)', () => {
    const { bt, events } = battle([archer], [grunt], twos(40), { policies: bracers });
    place(bt, 0, 10, 5);
    place(bt, 1, 10, 15);
    bt.aimed[0] = 1;
    bt.shoot(0, 1, false);
    bt.shoot(0, 1, false);
    expect(events.filter((e) => e.action === 'ranged').map((e) => e['aimed'])).toEqual([true, false]);
  });
});

describe('the activate event: braced', () => {
  it('whether the fighter\'s Brace held until this activation (which ends it)', () => {
    const { bt, events } = battle([archer], [grunt], []);
    bt.braced[0] = 1;
    bt.beginActivation(0);
    bt.beginActivation(0);
    expect(events.map((e) => [e.action, e['braced']])).toEqual([['activate', true], ['activate', false]]);
    expect(bt.braced[0]).toBe(0);
  });
});

describe('Retreat: free_attacks, and the free attacks after the retreat event', () => {
  it('a failed check with two Active enemies in contact: the retreat event counts 2, then both free attacks follow it', () => {
    const { bt, events } = battle([grunt], [grunt, grunt], [1, ...twos(40)], { policies: bracers });
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    place(bt, 2, 21, 20);
    bt.retreat(0, 4);
    expect(events.map((e) => [e.action, e.actor])).toEqual([['retreat', 'a0'], ['free-attack', 'b0'], ['free-attack', 'b1']]);
    expect(events[0]!['free_attacks']).toBe(2);
  });

  it('a passed check: free_attacks 0', () => {
    const { bt, events } = battle([grunt], [grunt], [6], { policies: bracers });
    place(bt, 0, 20, 20);
    place(bt, 1, 20, 21);
    bt.retreat(0, 4);
    expect(events.map((e) => [e.action, e['free_attacks']])).toEqual([['retreat', 0]]);
  });
});

describe('Hide shows whether it worked', () => {
  it('`hidden` within 1" of terrain, `cannot hide` in the open', () => {
    const { bt, events } = battle([grunt], [grunt], [], { policies: bracers, settings: { terrain: [{ at: [10, 10], size: [2, 2], kind: 'cover' }] } });
    place(bt, 0, 9, 11);
    place(bt, 1, 40, 40);
    bt.perform(0, Act.Hide, false);
    place(bt, 0, 30, 30);
    bt.hidden[0] = 0;
    bt.perform(0, Act.Hide, false);
    expect(events.map((e) => [e.action, e.result])).toEqual([['hide', 'hidden'], ['hide', 'cannot hide']]);
  });
});

describe('the table engine\'s trace', () => {
  it('says in its header that it shows no attack dice; its attack events keep the thresholds', async () => {
    const r = await balanceIn(['trace', FIXTURE, '--matchup', '3', '--fights', '3', '--engine', 'table']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[1]).toMatch(/^# table engine: .*no dice faces are shown/);
    const j = await balanceIn(['trace', FIXTURE, '--matchup', '3', '--fights', '3', '--engine', 'table', '--format', 'jsonl']);
    const melee = j.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e['action'] === 'melee');
    expect(melee.length).toBeGreaterThan(0);
    for (const e of melee) {
      expect(e['rolls']).toBeUndefined();
      expect(e['crit_dice']).toBeUndefined();
      expect(typeof e['hit_on']).toBe('number');
    }
  });
});
