/**
 * Battle trace fields (issues 28 item 5 and 34.8), one test per field: the activate event's Wounds
 * left, Hidden and primary weapon of the actor; the declared target on every
 * Ranged and Cast event (scripted dice: a failed clustered-enemies check moves the shot, the
 * declared target stays); labels unique across the sides (a mirror matchup); and over the JSONL
 * trace of the players fixture: attack dice on every attack event, an `activate` event before each
 * activation's actions, and the `end` event with the event contract's fields (fight, round, side:
 * the winner or null, actor null, action).
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
