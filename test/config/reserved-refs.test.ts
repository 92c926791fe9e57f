/**
 * Every string in every example study, replaced in turn by a built-in JavaScript name, gives
 * either a valid plan or an input error: never a crash (a lookup that found Object.prototype).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ConfigError } from '../../src/config/problems.js';
import { loadStudy } from '../../src/config/study-file.js';
import { planStudy } from '../../src/plan/plan.js';
import { ROOT, studyFile } from '../helpers/cli.js';

const CONFIGS = ['skirmish-attack-example', 'skirmish-duels', 'exchange-weapons-vs-armour', 'exchange-duels', 'd20-attacks', 'd20-party-vs-monsters'];

/** Setters for every string value in the study (not keys). */
function stringSlots(node: unknown, out: ((v: string) => void)[] = []): ((v: string) => void)[] {
  if (Array.isArray(node)) {
    node.forEach((v, i) => {
      if (typeof v === 'string') out.push((x) => void (node[i] = x));
      else stringSlots(v, out);
    });
  } else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') out.push((x) => void ((node as Record<string, unknown>)[k] = x));
      else stringSlots(v, out);
    }
  }
  return out;
}

describe.each(CONFIGS)('%s with a built-in name in any string field', (name) => {
  it('plans or reports an input error', () => {
    // Cut down to the first matchup and variant, so planning is quick; one built-in per string, in turn.
    const base = parse(readFileSync(join(ROOT, 'configs', `${name}.yaml`), 'utf8')) as Record<string, unknown>;
    delete base['sweep'];
    if (Array.isArray(base['matchups'])) base['matchups'] = base['matchups'].slice(0, 1);
    if (base['variants']) base['variants'] = Object.fromEntries(Object.entries(base['variants']).slice(0, 1));
    const count = stringSlots(base).length;
    const builtins = ['constructor', 'toString', 'hasOwnProperty', '__proto__'];
    let refused = 0;
    for (let i = 0; i < count; i++) {
      const builtin = builtins[i % builtins.length]!;
      const study = structuredClone(base);
      stringSlots(study)[i]!(builtin);
      try {
        planStudy(loadStudy(studyFile(stringify(study))), 10);
      } catch (err) {
        if (!(err instanceof ConfigError)) throw new Error(`string ${i} = ${builtin}: ${(err as Error).message}`, { cause: err });
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
