/**
 * Kept answers: seeded exchange fights (mostly the default `tactical` player, some named policies
 * beside it) give exactly the outcomes they gave before the speed work of issue 28 (the search memo,
 * value tables, cover table, stamped searches): every tally of a few hundred fights per scenario and
 * the whole trace of a few dozen, as SHA-256 digests, plus the win counts to read. The digests were
 * taken at commit 8630332; a change that moves any of them changes what the fights do.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseStudy } from '../../../../src/config/load.js';
import { validate } from '../../../../src/config/validate.js';
import { deriveStream } from '../../../../src/dice/rng.js';
import { exchangeFightDice } from '../../../../src/systems/exchange/fight/kernel.js';
import { exchangeFight } from '../../../../src/systems/exchange/fight/mode.js';
import type { ExchangeFightStudy } from '../../../../src/systems/exchange/fight/schema.js';
import type { ExchangeFightSpec } from '../../../../src/systems/exchange/fight/spec.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { PARTS } from './helpers.js';

const EXTRA_WEAPONS = `  mace:         { kind: melee, baseAttackCost: 1, damage: 2, vitalCap: 3, inflicts: { prone: { margin: 2 }, reeling: { margin: 1 } } }
  glaive:       { kind: melee, baseAttackCost: 2, damage: 3, vitalCap: 3, reach: 2, heavy: true }
`;
const EXTRA_LOADOUTS = `  mace:   { character: rook, weapon: mace, armour: leather }
  glaive: { character: duelist, weapon: glaive }
  vdagger: { character: veyr, weapon: dagger }
`;

const SCENARIOS: Record<string, string> = {
  'four against four round a wall and cover': `sides:
  heroes: [{ loadout: mira }, { loadout: spear }, { loadout: bow }, { loadout: sword }]
  bandits: [{ loadout: rook, count: 3 }, { loadout: bow }]
fight: { map: [20, 20], distance: 6, opener: random, cover: [{ at: [9, 8], size: [2, 1], kind: partial }, { at: [12, 6], size: [1, 6], kind: full }] }
matchups: [{ a: heroes, b: bandits }]
`,
  'two swords and a wall': `sides:
  a: [{ loadout: sword }]
  b: [{ loadout: sword }]
fight: { map: [16, 9], distance: 4, opener: random, cover: [{ at: [7, 2], size: [1, 5], kind: full }] }
matchups: [{ a: a, b: b }]
`,
  'a sword against a bow behind partial cover': `sides:
  a: [{ loadout: sword }]
  b: [{ loadout: veyr }]
fight: { map: [16, 9], distance: 4, opener: random, cover: [{ at: [7, 2], size: [1, 5], kind: partial }] }
matchups: [{ a: a, b: b }]
`,
  'tactical against named policies, conditions, reach, Prone and lingering weapons': `sides:
  a: [{ loadout: mace }, { loadout: glaive, conditions: [slowed] }, { loadout: sera }, { loadout: dagger }]
  b: [{ loadout: rook, count: 2, policy: all-in }, { loadout: spear, policy: reserve-1 }, { loadout: mace, policy: guard-first }, { loadout: vdagger, policy: reserve-2, move: keep-range }]
fight: { map: [18, 14], distance: 5, opener: random, maxRounds: 12, cover: [{ at: [8, 3], size: [1, 4], kind: partial }, { at: [5, 9], size: [3, 1], kind: full }], tactics: { b: { targeting: focus, order: fresh-first } } }
matchups: [{ a: a, b: b }]
`,
  'four heroes against eight monsters in groups': `sides:
  heroes: [{ loadout: mira }, { loadout: spear }, { loadout: sera }, { loadout: sword, policy: tactical+keep-magic }]
  monsters: [{ loadout: rook, count: 3, group: gate }, { loadout: dagger, count: 3, group: cart }, { loadout: veyr, count: 2, group: wall }]
fight: { map: [20, 20], distance: 6, opener: a, maxRounds: 20, cover: [{ at: [9, 4], size: [2, 1], kind: partial }], tactics: { heroes: { targeting: weakest } } }
matchups: [{ a: heroes, b: monsters }]
`,
  'a mirror of archers and spears': `sides:
  red: [{ loadout: bow, count: 2 }, { loadout: spear, count: 2 }]
  blue: [{ loadout: bow, count: 2 }, { loadout: spear, count: 2, conditions: [prone] }]
fight: { map: [14, 10], distance: 3, opener: b, maxRounds: 30, cover: [{ at: [6, 4], size: [2, 2], kind: full }] }
matchups: [{ a: red, b: blue }]
`,
};

function spec(rest: string): ExchangeFightSpec {
  const parts = PARTS.replace('weapons:\n', `weapons:\n${EXTRA_WEAPONS}`).replace('loadouts:\n', `loadouts:\n${EXTRA_LOADOUTS}`);
  const s = validate(parseStudy('kept.yaml', parts + rest), exchangeFight.schema) as ExchangeFightStudy;
  return exchangeFight.plan(s, 1)[0]!.spec;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Win counts (a, b, draws) and the digest of the whole tally of n fights; the digest of the trace of the first m fights of another stream. */
function answers(rest: string, n: number, m: number): { wins: number[]; tally: string; trace: string } {
  const s = spec(rest);
  const p = exchangeFightDice.prepare(s);
  const tally = new Float64Array(exchangeFightDice.tallySize(s));
  exchangeFightDice.run(p, Int32Array.from(deriveStream(7)), n, tally);
  const events: TraceEvent[] = [];
  exchangeFightDice.observe!(p, { begin: () => events.push({ round: 0, side: '', actor: '', action: 'begin' }), event: (e) => events.push(e), end: (w, r) => events.push({ round: r, side: String(w), actor: '', action: 'end' }) });
  exchangeFightDice.run(p, Int32Array.from(deriveStream(8)), m, new Float64Array(tally.length));
  exchangeFightDice.observe!(p, null);
  return { wins: [tally[0]!, tally[1]!, tally[2]!], tally: sha(Array.from(tally).join(',')), trace: sha(JSON.stringify(events)) };
}

const KEPT: Record<string, { wins: number[]; tally: string; trace: string }> = {
  'four against four round a wall and cover': { wins: [194,  106,  0], tally: '1161de04dbba84bc', trace: 'b8020fb87302e00b' },
  'two swords and a wall': { wins: [152,  148,  0], tally: 'a37321d04608aa79', trace: 'c8a08af256f893cf' },
  'a sword against a bow behind partial cover': { wins: [292,  8,  0], tally: '6d0e8ec223cdf8bc', trace: '732365a22f7ea499' },
  'tactical against named policies, conditions, reach, Prone and lingering weapons': { wins: [21,  278,  1], tally: '88d4414e3b957858', trace: 'bb866b549c5762ec' },
  'four heroes against eight monsters in groups': { wins: [2,  298,  0], tally: '179b6e2fd611c38f', trace: '913d9e0d913c256a' },
  'a mirror of archers and spears': { wins: [163,  137,  0], tally: '0a3b713c6a959a9c', trace: 'dfcd3c81ec2c6953' },
};

describe('kept answers of seeded exchange fights', () => {
  for (const [name, rest] of Object.entries(SCENARIOS)) {
    it(name, () => {
      const got = answers(rest, 300, 25);
      expect(got).toEqual(KEPT[name]);
    });
  }
});
