/**
 * docs/reference/study.md, generated from the JSON Schema of studies (src/config/json-schema.ts),
 * which is generated from the zod schemas the CLI validates with: every key of every system and
 * mode, its type, range and default. `npm run docs:gen` writes it; test/docs/reference.test.ts
 * fails when the committed file differs from what this gives now.
 */
import { modeJsonSchema } from '../../src/config/json-schema.js';
import { PLUGINS } from '../../src/systems/registry.js';

type Schema = Record<string, unknown>;

interface Row {
  readonly key: string;
  readonly type: string;
  readonly presence: string;
  readonly notes: string;
}

/** Keys every study may carry, read before the mode's own schema; listed once. */
const RUN_LEVEL = ['precision', 'maxTrials', 'compare', 'baseline', 'sweep', 'meta', 'solve'];

/** The guide of each mode (relative to docs/reference/). */
const GUIDES: Record<string, string> = {
  'skirmish attack': '../guide/skirmish-attack.md',
  'skirmish duel': '../guide/skirmish-duel.md',
  'skirmish battle': '../guide/skirmish-battle.md',
  'exchange attack': '../guide/exchange.md',
  'exchange duel': '../guide/exchange.md',
  'exchange fight': '../guide/exchange-fight.md',
  'd20 attack': '../guide/d20.md',
  'd20 fight': '../guide/d20.md',
};

/**
 * Short notes on keys whose meaning the schema does not carry. Keyed by key path; '*' applies in
 * every mode that has the key. A note whose key no schema has fails the generator, so a renamed
 * key cannot leave a stale note behind.
 */
const NOTES: Record<string, Record<string, string>> = {
  '*': {
    system: 'the rules system',
    mode: 'what one trial is',
    title: 'heads report.md and report.html',
    description: 'shown under the title in the reports',
    seed: 'the same seed gives byte-identical CSVs; `--seed` overrides it',
    trials: 'per matchup and variant; `--trials` overrides it',
    rules: 'knobs for every variant (a variant overrides them)',
    variants: 'every matchup runs under every variant; the first is the baseline',
    'matchups[].name': 'a label for the matchup in the outputs',
  },
  skirmish: {
    'fighters.NAME.defence': 'the same as `defense`: give one of the two',
    'fighters.NAME.movement': 'inches',
    'fighters.NAME.keywords': 'fights read `caster` and `gunslinger`; others are accepted with a warning',
    'weapons.NAME.might': '`"+N"` adds N to the attacker\'s Might, `"N"` (or a number) is exactly N dice, `"-"` adds nothing',
    'weapons.NAME.skill': 'as `might`, for Skill dice',
    'weapons.NAME.range': '`[min, max]` or `max` in inches; ranged default `[3, 24]`, spells `[0, 12]`',
    'weapons.NAME.school': 'for the magic triangles (knob `magicTriangles`)',
    'weapons.NAME.primer': 'firearms: the primer roll (default: the `primer` knob, 2)',
    'weapons.NAME.difficulty': 'spells: the Casting Roll to reach (default 7)',
    'weapons.NAME.backlash': 'spells: Wounds a mishap deals the caster (default 1)',
    'loadouts.NAME.weapon': 'none (and no `weapons`): unarmed',
    'loadouts.NAME.weapons': 'several weapons: the first is the primary weapon',
    'loadouts.NAME.armour': 'the same as `armor`',
    'rules.tieGoesTo': 'who wins a tie (default `attacker`)',
    'rules.manoeuvres': 'Dodge and Shove (default true)',
    'rules.piercingKeepsPenalties': 'default true',
    'rules.stepPerHit': 'default false',
    'rules.hammerBreaksTriangle': 'default true',
    'rules.triangle': 'who beats whom (default sword > axe > spear > sword)',
    'rules.magicTriangles': 'each list a cycle of schools',
  },
  'skirmish attack': {
    'matchups[].attackers': 'with `defenders`: every pair',
    'situation.cover': '`close`: within 1" of the terrain',
    'situation.defenderWounds': 'Wounds the defender has left (default: its full `wounds`)',
    'situation.hitMod': 'a Hit modifier',
  },
  'skirmish duel': {
    'duel.distance': 'inches apart at the start; 1 or less starts engaged',
    'duel.maxRounds': 'then a draw',
    'duel.terrain': 'terrain within 1" lets a fighter Hide',
    'matchups[].sides': 'with `opponents`: every pair',
    'loadouts.NAME.policy': 'for matchups that name none (default: from the first weapon)',
    'rules.initiative': 'default `roll-off`',
    'rules.stunnedActs': 'default false',
    'rules.failedRetreat': 'default `leaves`',
    'rules.primer': 'firearms without their own `primer` (default 2)',
  },
  'skirmish battle': {
    'retinues.NAME[].policy': 'default `tactical`, the battles\' default player; the others are pinned',
    'retinues.NAME[].base': 'base diameter in inches',
    'battle.board': 'width and depth in inches',
    'battle.distance': 'inches between the two deployment lines',
    'battle.maxRounds': 'then a draw',
    'battle.terrain[].kind': '`cover`: cover and Hide; `block`: no line of sight or movement',
    'matchups[].sidePolicyA': 'target choice (default `nearest`)',
    'rules.multipleEngagement': 'default `focus`',
    'rules.rangedInMelee': 'default `allowed`; `forbidden`: no Ranged weapon fires within 1" of an Active enemy (spells may)',
    'rules.castAttack': 'default `apart`: a Cast has no friendly fire and is never Dodged; `ranged`: both, as a Ranged attack',
    'rules.freeAttackEngaged': 'default `any`: a Downed or Stunned friend in contact keeps an enemy from a Retreat\'s free attack; `active`: only an Active one',
  },
  exchange: {
    'characters.NAME.actionDice': 'default: the Vitality',
    'weapons.NAME.effectiveRange': 'metres; required for thrown and projectile weapons',
    'weapons.NAME.lingering': 'duels and fights: Lingering Harm for that many of the victim\'s turns',
    'rules.die.faces': 'dots per face; default the d6 `[0, 0, 0, 1, 1, 2]`',
    'rules.edge': 'default `extra-die`',
    'rules.continuation': 'duels and fights: Continuation Checks (default true)',
    'rules.opener': 'duels: who opens (default `random`)',
  },
  'exchange attack': {
    'situation.response': '`none`, Full Guard or Clash',
  },
  'exchange duel': {
    'duel.distance': 'Spaces (2 m) apart at the start; 1 is melee distance',
    'duel.maxRounds': 'then a draw',
    'matchups[].policyA': '`tactical` (by value; the default: at distance 1 the duel engine\'s, farther apart the fight engine\'s), `all-in`, `guard-first` or `reserve-N`, each optionally `+keep-magic`; at distance 1 also `best-response` or `optimal`',
    'matchups[].conditionsA': 'conditions side a starts with',
  },
  'exchange fight': {
    'sides.NAME[].policy': '`tactical` (the default player: paths, responses and Boost by value), or `all-in`, `guard-first` or `reserve-N`; each optionally `+keep-magic`',
    'sides.NAME[].move': 'default `close` for melee weapons, `keep-range` for thrown and projectile',
    'sides.NAME[].group': 'the NPC group its characters act in',
    'fight.map': 'width and height in Spaces (2 m)',
    'fight.distance': 'Spaces between the two sides\' start columns',
    'fight.opener': '`random`, `a`, `b`, a side\'s name or a character\'s name',
    'fight.tactics': 'per side name',
  },
  d20: {
    'creatures.NAME.pb': 'proficiency bonus',
    'creatures.NAME.supply': 'for Stabilize',
    'weapons.NAME.damage': 'dice notation: `1d8`, `2d6+1`, `1d8+1d6`',
    'rules.critOn': 'natural roll that crits (default 20)',
    'rules.dyingAfterFight': 'heroes still dying when a fight ends (default `stabilize`)',
  },
  'd20 attack': {
    'situation.cover': '`full` is an input error: such a target cannot be attacked',
  },
  'd20 fight': {
    'sides.heroes': 'side a in the outputs',
    'sides.heroes[].name': 'the hero\'s name in the outputs',
    'fight.maxRounds': 'then a draw',
  },
};

/** Top-level keys listed first, in this order; the rest follow in the schema's order. */
const FIRST = ['system', 'mode', 'title', 'description', 'seed', 'trials'];

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function isObject(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const code = (v: unknown): string => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;

function orList(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]!}`;
}

function bounds(s: Schema): string {
  const min = s['minimum'] as number | undefined;
  const max = s['maximum'] as number | undefined;
  const exMin = s['exclusiveMinimum'] as number | undefined;
  const big = (n: number | undefined): boolean => n === undefined || Math.abs(n) >= MAX_SAFE;
  if (exMin !== undefined) return max === undefined ? ` > ${exMin}` : ` > ${exMin} and ≤ ${max}`;
  if (big(min) && big(max)) return min === 0 ? ' ≥ 0' : '';
  if (big(max)) return ` ≥ ${min!}`;
  if (big(min)) return ` ≤ ${max!}`;
  return ` ${min!} to ${max!}`;
}

function itemCount(s: Schema): string {
  const min = s['minItems'] as number | undefined;
  const max = s['maxItems'] as number | undefined;
  if (min !== undefined && max !== undefined) return min === max ? ` (${min} items)` : ` (${min} to ${max} items)`;
  if (min !== undefined) return min <= 1 ? ' (not empty)' : ` (at least ${min} items)`;
  if (max !== undefined) return ` (at most ${max} items)`;
  return '';
}

/** The type of a schema in a few words: `integer 0 to 10`, `` `melee` or `ranged` ``, `list of string`. */
export function typeOf(s: Schema): string {
  if ('const' in s) return code(s['const']);
  if (Array.isArray(s['enum'])) return orList((s['enum'] as unknown[]).map(code));
  if (Array.isArray(s['anyOf'])) return orList((s['anyOf'] as Schema[]).map(typeOf));
  const type = s['type'];
  if (Array.isArray(type)) return orList(type as string[]);
  switch (type) {
    case 'integer':
    case 'number':
      return `${type}${bounds(s)}`;
    case 'string':
      return typeof s['pattern'] === 'string' ? `string matching \`${s['pattern']}\`` : 'string';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const items = s['items'];
      if (Array.isArray(items)) return `[${(items as Schema[]).map(typeOf).join(', ')}]`;
      const of = !isObject(items) ? 'any'
        : Array.isArray(items['anyOf']) ? orList((items['anyOf'] as Schema[]).map((a) => (a['type'] === 'object' ? 'object' : typeOf(a))))
          : isRecordLike(items) ? 'objects' : typeOf(items);
      return `list of ${of === '' ? 'any' : of}${itemCount(s)}`;
    }
    case 'object':
      if (isObject(s['additionalProperties']) && !isObject(s['properties'])) {
        const value = s['additionalProperties'];
        return `name → ${isRecordLike(value) ? 'object' : typeOf(value)}`;
      }
      return 'object';
    default:
      return 'any';
  }
}

/** An object whose keys are listed as rows of their own. */
function isRecordLike(s: Schema): boolean {
  return s['type'] === 'object' || Array.isArray(s['anyOf']) && (s['anyOf'] as Schema[]).some((a) => a['type'] === 'object');
}

function presence(s: Schema, required: boolean): string {
  if (required) return 'required';
  if ('default' in s) return `default ${code(s['default'])}`;
  return 'optional';
}

/** Rows for a schema and everything under it. */
function walk(s: Schema, key: string, required: boolean, out: Row[], skip: (key: string) => boolean): void {
  if (skip(key)) return;
  if (key !== '') {
    out.push({ key, type: typeOf(s), presence: presence(s, required), notes: typeof s['description'] === 'string' ? s['description'] : '' });
  }
  const join = (k: string): string => (key === '' ? k : `${key}.${k}`);
  const props = s['properties'];
  if (isObject(props)) {
    const req = new Set(Array.isArray(s['required']) ? (s['required'] as string[]) : []);
    for (const [k, v] of Object.entries(props)) if (isObject(v)) walk(v, join(k), req.has(k), out, skip);
  }
  const extra = s['additionalProperties'];
  if (isObject(extra) && !isObject(props) && hasChildren(extra)) walkChildren(extra, join('NAME'), out, skip);
  const items = s['items'];
  if (s['type'] === 'array' && isObject(items) && hasChildren(items)) walkChildren(items, `${key}[]`, out, skip);
  if (Array.isArray(s['anyOf'])) {
    for (const alt of s['anyOf'] as Schema[]) {
      if (alt['type'] === 'object' && isObject(alt['properties'])) walkChildren(alt, key, out, skip);
      else if (alt['type'] === 'array' && isObject(alt['items']) && hasChildren(alt['items'])) walkChildren(alt['items'], `${key}[]`, out, skip);
      else if (alt['type'] === 'object' && isObject(alt['additionalProperties']) && hasChildren(alt['additionalProperties'])) {
        walkChildren(alt['additionalProperties'], join('NAME'), out, skip);
      }
    }
  }
}

function hasChildren(s: Schema): boolean {
  return isObject(s['properties']) || Array.isArray(s['anyOf']) && (s['anyOf'] as Schema[]).some(hasChildren)
    || (s['type'] === 'object' && isObject(s['additionalProperties']) && hasChildren(s['additionalProperties']))
    || (s['type'] === 'array' && isObject(s['items']) && hasChildren(s['items']));
}

/** The keys of a value schema (a record's value, a list's item): a row for the value, then its keys. */
function walkChildren(s: Schema, key: string, out: Row[], skip: (key: string) => boolean): void {
  if (out.some((r) => r.key === key)) {
    // already listed (an anyOf alternative of the same path): only its keys
    const rows: Row[] = [];
    walk(s, key, false, rows, skip);
    for (const r of rows.slice(1)) if (!out.some((o) => o.key === r.key)) out.push(r);
    return;
  }
  const rows: Row[] = [];
  walk(s, key, true, rows, skip);
  // a record's value or a list's item is always there when its parent is: no "required" row of its own
  out.push(...rows.slice(1).filter((r) => !out.some((o) => o.key === r.key)));
}

/** Deep equality of two JSON values. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The rows of one mode; variants that repeat `rules` are one row. */
function modeRows(schema: Schema, skip: (key: string) => boolean): Row[] {
  const props = schema['properties'] as Record<string, Schema>;
  const rules = props['rules'];
  const variantValue = (props['variants']?.['additionalProperties']) as Schema | undefined;
  const variantsRepeatRules = rules !== undefined && variantValue !== undefined && same(rules['properties'], variantValue['properties']);
  const out: Row[] = [];
  walk(schema, '', false, out, (k) => skip(k) || (variantsRepeatRules && k.startsWith('variants.NAME')));
  if (variantsRepeatRules) {
    const i = out.findIndex((r) => r.key === 'variants');
    if (i >= 0) out[i] = { ...out[i]!, type: 'name → knobs (the keys of `rules`)' };
  }
  return out;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('<', '&lt;');
}

function table(rows: readonly Row[]): string[] {
  return [
    '| key | type | required / default | notes |',
    '|---|---|---|---|',
    ...rows.map((r) => `| \`${r.key}\` | ${cell(r.type)} | ${cell(r.presence)} | ${cell(r.notes)} |`),
  ];
}

function withNotes(rows: readonly Row[], notes: Record<string, string>, used: Set<string>, prefix: string): Row[] {
  return rows.map((r) => {
    const n = notes[r.key];
    if (n === undefined) return r;
    used.add(`${prefix}${r.key}`);
    return { ...r, notes: r.notes === '' ? n : `${r.notes}; ${n}` };
  });
}

function guideLink(mode: string): string {
  const guide = GUIDES[mode];
  if (guide === undefined) throw new Error(`scripts/docs/study-reference.ts: no guide named for ${mode} (GUIDES)`);
  return `[${guide.replace('../guide/', '')}](${guide})`;
}

/** The whole page. */
export function studyReference(): string {
  const used = new Set<string>();
  const lines: string[] = [
    '# Study reference',
    '',
    '<!-- Generated by `npm run docs:gen` (scripts/docs/study-reference.ts) from the zod schemas',
    '     the CLI validates with. Do not edit: test/docs/reference.test.ts fails when this file is stale. -->',
    '',
    'Every key a study may have, by system and mode: its type and range, whether it is required or',
    'its default. `NAME` stands for a name you choose (a fighter, a weapon, a loadout, a variant...);',
    '`[]` for each item of a list. Ranges are inclusive. Unknown keys are errors (with "did you',
    'mean ...?"). What the keys mean and how the rules use them: each mode\'s guide, linked below.',
    'The same schemas, as JSON Schema for editors: `balance schema [SYSTEM [MODE]]` and',
    '`schemas/study.schema.json`.',
    '',
    'Modes:',
    '',
    ...PLUGINS.map((p) => `- [${p.system} ${p.mode}](#${p.system}-${p.mode}) (guide: ${guideLink(`${p.system} ${p.mode}`)})`),
    '- [Keys every study may have](#keys-every-study-may-have): `precision`, `maxTrials`, `compare`, `baseline`, `sweep`, `meta`, `solve`',
    '',
  ];
  for (const p of PLUGINS) {
    const name = `${p.system} ${p.mode}`;
    const schema = modeJsonSchema(p);
    let rows = modeRows(schema, (k) => RUN_LEVEL.includes(k.split('.')[0]!));
    rows = withNotes(rows, NOTES['*']!, used, '*:');
    rows = withNotes(rows, NOTES[p.system] ?? {}, used, `${p.system}:`);
    rows = withNotes(rows, NOTES[name] ?? {}, used, `${name}:`);
    const top = (r: Row): number => {
      const i = FIRST.indexOf(r.key.split(/[.[]/)[0]!);
      return i < 0 ? FIRST.length : i;
    };
    rows = rows.map((r, i) => [r, i] as const).sort((x, y) => top(x[0]) - top(y[0]) || x[1] - y[1]).map(([r]) => r);
    lines.push(`## ${name}`, '', `\`system: ${p.system}\`, \`mode: ${p.mode}\`. Guide: ${guideLink(name)}.`, '', ...table(rows), '');
  }
  // The run-level keys and analysis blocks are the same in every mode.
  const first = modeJsonSchema(PLUGINS[0]!);
  const runRows: Row[] = [];
  const props = first['properties'] as Record<string, Schema>;
  for (const k of RUN_LEVEL) walk(props[k]!, k, false, runRows, () => false);
  lines.push(
    '## Keys every study may have',
    '',
    'Read before the mode\'s own keys, the same in every mode. `sweep`, `precision` and `compare`:',
    '[variants, sweeps, precision, reports](../guide/variants-sweeps-reports.md); `meta` and `solve`:',
    '[the meta and the solver](../guide/meta-and-solve.md). `balance run` ignores `meta:` and `solve:`.',
    '',
    ...table(runRows),
    '',
  );
  for (const [mode, notes] of Object.entries(NOTES)) {
    for (const key of Object.keys(notes)) {
      if (!used.has(`${mode}:${key}`)) throw new Error(`scripts/docs/study-reference.ts: a note for ${mode} ${key}, which no schema has`);
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
