/**
 * Rules invariants checked on traces of thousands of duels (dice engine, fixed seeds): nobody
 * walks out of an Active enemy's engagement range with a plain Move (only `retreat`), a reaction
 * never follows a reaction, Dodge and Shove movement only for a fighter still Active, and every
 * attack event carries its dice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceTask } from '../../../../src/batch/trace.js';
import { loadStudy } from '../../../../src/config/study-file.js';
import { planStudy } from '../../../../src/plan/plan.js';
import type { TraceEvent } from '../../../../src/systems/trace.js';
import { ROOT, studyFile } from '../../../helpers/cli.js';

const STUDY = readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8')
  .replace('  dagger:', '  bolt:       { type: ranged, class: spell, might: "2", skill: "+1", range: [0, 12], difficulty: 7 }\n  dagger:')
  .replace('  archer:', '  mage:             { fighter: sage, weapon: bolt }\n  archer:')
  .replace('fighters:', 'fighters:\n  sage:  { cc: 2, rc: 4, might: 2, skill: 4, defense: 4, wounds: 3, movement: 5, casting: 2, keywords: [caster] }')
  .replace(/matchups:[\s\S]*?variants:/, `matchups:
  - { a: mage, b: stout-axe-medium, policyA: kite }
  - { a: archer, b: stout-axe-medium, policyA: kite }
  - { a: archer, b: stout-axe-medium, policyA: shooter }
  - { a: archer, b: keen-sword, policyA: kite }
variants:`);

function trace(matchup: number, fights: number): TraceEvent[] {
  const study = loadStudy(studyFile(STUDY));
  const task = planStudy(study, fights)[matchup]!;
  const events: TraceEvent[] = [];
  traceTask(study.plugin, task, { seed: 21 + matchup, engine: 'dice', fights }, { begin: () => undefined, event: (e) => void events.push(e), end: () => undefined });
  return events;
}

describe('trace invariants over thousands of duels', () => {
  for (const [matchup, name] of [[0, 'kiting caster vs melee'], [1, 'kiting archer vs melee'], [2, 'shooter vs melee'], [3, 'kiting archer vs a faster swordsman']] as const) {
    it(name, () => {
      const events = trace(matchup, 2000);
      const leaving = (e: TraceEvent): boolean => e.distance_before !== undefined && e.distance_before <= 1 && e.distance_after! > 1;
      // leaving an Active enemy's engagement range: only ever a Retreat (or Dodge / Shove movement, or a Downed fighter's Crawl)
      const walked = events.filter((e) => leaving(e) && e.target_state_after === 'active' && !['retreat', 'dodge', 'shove', 'crawl'].includes(e.action));
      expect(walked).toEqual([]);
      expect(events.filter((e) => leaving(e) && e.action === 'move' && e.target_state_after === 'active')).toEqual([]);
      expect(events.filter((e) => e.action === 'retreat').length).toBeGreaterThan(0);
      for (let i = 1; i < events.length; i++) {
        if (events[i]!['reaction'] === true && events[i - 1]!['reaction'] === true) expect(events[i]!.side).toBe(events[i - 1]!.side);
      }
      for (const e of events.filter((x) => x.action === 'dodge' || x.action === 'shove')) expect(e.state_after).toBe('active');
      const attacks = events.filter((x) => ['melee', 'free-attack'].includes(x.action) || (x.action === 'mercy-kill' && x.target_state_before === 'downed'));
      expect(attacks.length).toBeGreaterThan(0);
      for (const e of attacks) expect(e.rolls).toHaveProperty('strike_might');
    });
  }
});
