/** d20 fights of the study files, set up for the game interface and the players' tests. */
import { readFileSync } from 'node:fs';
import { RngDice } from '../../../src/dice/dice.js';
import { deriveStream, Xoshiro128ss } from '../../../src/dice/rng.js';
import { parseStudy } from '../../../src/config/load.js';
import { validate } from '../../../src/config/validate.js';
import { Fight, type FightSpec } from '../../../src/systems/d20/fight/engine.js';
import { d20Fight } from '../../../src/systems/d20/fight/mode.js';
import type { D20FightStudy } from '../../../src/systems/d20/schema.js';

/** Every task of a study file (one per variant), as run plans them. */
export function studySpecs(file: string): FightSpec[] {
  const study = validate(parseStudy(file, readFileSync(file, 'utf8')), d20Fight.schema) as D20FightStudy;
  return d20Fight.plan(study, 1).map((t) => t.spec);
}

/** The same spec with every fighter playing `policy` (an index into schema POLICIES). */
export function allPlay(spec: FightSpec, policy: number): FightSpec {
  return { ...spec, fighters: spec.fighters.map((f) => ({ ...f, policy })) };
}

/** A fight on its own dice stream, and those dice (for apply()). */
export function seeded(spec: FightSpec, seed: number): { f: Fight; dice: RngDice } {
  const dice = new RngDice(new Xoshiro128ss(deriveStream(seed, 7)));
  return { f: new Fight(spec, dice), dice };
}
