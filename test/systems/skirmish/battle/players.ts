/** Battles of the study files, set up for the game interface and the players' tests. */
import { readFileSync } from 'node:fs';
import { RngDice } from '../../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../../src/dice/rng.js';
import { parseStudy } from '../../../../src/config/load.js';
import { validate } from '../../../../src/config/validate.js';
import { Battle } from '../../../../src/systems/skirmish/battle/engine.js';
import { skirmishBattle } from '../../../../src/systems/skirmish/battle/mode.js';
import { BATTLE_POLICIES } from '../../../../src/systems/skirmish/battle/policies.js';
import { BattleDice } from '../../../../src/systems/skirmish/battle/roll.js';
import type { BattleStudy } from '../../../../src/systems/skirmish/battle/schema.js';
import type { BattleSpec } from '../../../../src/systems/skirmish/battle/setup.js';

/** Every task of a study file (variants x matchups), as run plans them. */
export function studySpecs(file: string): BattleSpec[] {
  const study = validate(parseStudy(file, readFileSync(file, 'utf8')), skirmishBattle.schema) as BattleStudy;
  return skirmishBattle.plan(study, 1).map((t) => t.spec);
}

/** The same spec with every fighter playing `policy`. */
export function allPlay(spec: BattleSpec, policy: number): BattleSpec {
  const side = (fs: BattleSpec['sides'][0]) => fs.map((f) => ({ ...f, policy }));
  return { ...spec, sides: [side(spec.sides[0]), side(spec.sides[1])] };
}

/** A battle with per-die dice on its own stream, and those dice (for apply()). */
export function seeded(spec: BattleSpec, seed: number): { b: Battle; dice: RngDice } {
  const rng = new Xoshiro128ss(deriveStream(seed, 7));
  const dice = new RngDice(rng);
  return { b: new Battle(spec, new BattleDice(dice, rng), BATTLE_POLICIES), dice };
}
