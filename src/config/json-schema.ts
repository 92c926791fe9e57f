/**
 * JSON Schema of studies, generated from the zod schemas (one source of truth) for editors:
 * VS Code's YAML extension (yaml-language-server) completes and checks a study that starts with
 * `# yaml-language-server: $schema=<path or URL of the schema>`. `balance schema [SYSTEM MODE]`
 * prints it. The run-level fields every study may carry (`sweep`, `precision`, `maxTrials`, `compare`,
 * `baseline`, `policy_gap`) and the analysis blocks (`meta`, `solve`) are
 * read before the mode's schema (src/config/study.ts), so they are added here.
 */
import { z } from 'zod';
import { PLUGINS } from '../systems/registry.js';
import type { AnyModePlugin } from '../systems/types.js';
import { metaBlockSchema } from '../analysis/roster.js';
import { solveBlockSchema } from '../analysis/solve-study.js';

type JsonSchema = Record<string, unknown>;

const RUN_FIELDS: Record<string, JsonSchema> = {
  precision: { type: 'number', exclusiveMinimum: 0, description: 'add trials to each matchup until its 95% interval half-width is at most this' },
  maxTrials: { type: 'integer', minimum: 1, maximum: 1_000_000_000, description: 'ceiling of trials per matchup with precision' },
  compare: { enum: ['variants', 'loadouts', 'loadouts-b'], description: 'what compare.csv compares besides variants: loadouts = every side-a loadout against the baseline loadout; loadouts-b = every side-b loadout (defender, b, opponents) against the baseline side-b loadout' },
  baseline: { type: 'string', description: 'the loadout the others are compared with (compare: loadouts or loadouts-b); default the first loadout of that side' },
  policy_gap: { type: 'boolean', description: 'battles and fights: also play each matchup with side a, then side b, on policy search (same dice) and write policy_gap.csv (as balance run --policy-gap)' },
  sweep: {
    type: 'object',
    description: 'grid of values: "path.to.field": [values...] (fighters, weapons, armours, characters, creatures, loadouts or rules); every combination becomes a variant',
    additionalProperties: { type: 'array', minItems: 1, items: { type: ['string', 'number', 'boolean'] } },
  },
};

/** The schema of one system and mode's studies (draft-07, which every editor plugin reads). */
const block = (schema: z.ZodType, description: string): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return { ...rest, description };
};

export function modeJsonSchema(plugin: AnyModePlugin): JsonSchema {
  const schema = z.toJSONSchema(plugin.schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const properties = {
    ...(schema['properties'] as Record<string, JsonSchema> | undefined), ...RUN_FIELDS,
    meta: block(metaBlockSchema, 'balance meta: the roster whose equilibrium (loadout meta) to find'),
    solve: block(solveBlockSchema, 'balance solve: the field to vary and the target that makes a matchup fair'),
  };
  const { $schema: _drop, ...rest } = schema;
  return { ...rest, title: `tabletop-balance study: ${plugin.system} ${plugin.mode}`, properties };
}

/** Every study: one branch per system and mode, told apart by `system` and `mode`. */
export function studyJsonSchema(system?: string, mode?: string): JsonSchema {
  const plugins = PLUGINS.filter((p) => (system === undefined || p.system === system) && (mode === undefined || p.mode === mode));
  if (plugins.length === 1) return { $schema: 'http://json-schema.org/draft-07/schema#', ...modeJsonSchema(plugins[0]!) };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'tabletop-balance study',
    description: 'A study: fighters, weapons, armour, matchups and rules variants for one rules system and mode.',
    type: 'object',
    required: ['system', 'mode'],
    properties: {
      system: { enum: [...new Set(plugins.map((p) => p.system))] },
      mode: { enum: [...new Set(plugins.map((p) => p.mode))] },
    },
    allOf: plugins.map((p) => ({
      if: { properties: { system: { const: p.system }, mode: { const: p.mode } }, required: ['system', 'mode'] },
      then: modeJsonSchema(p),
    })),
  };
}
