/**
 * `run` and `trace` agree: the fights trace plays are the first fights run counts for the task
 * (same engine, same warm-up, chunk 0's stream, then chunk 1's...), checked on the whole tally and
 * on the winners the observer saw, for K within one chunk and K spanning two chunks. Duels and
 * battles (whose traced attacks keep every face: the same dice as untraced; the roll-off, Recover and
 * clustered-enemies d6s are traced too). Every trace names states with the CSVs' words.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/batch/engine.js';
import { traceTask } from '../../src/batch/trace.js';
import { loadStudy } from '../../src/config/study-file.js';
import { planStudy } from '../../src/plan/plan.js';
import { DEFENDER_STATES } from '../../src/systems/skirmish/profile.js';
import type { TraceEvent, TraceObserver } from '../../src/systems/trace.js';
import { ROOT, studyFile } from '../helpers/cli.js';

const DUEL = readFileSync(join(ROOT, 'test/fixtures/keen-stout-duel.yaml'), 'utf8');
const BATTLE = readFileSync(join(ROOT, 'configs/skirmish-battle.yaml'), 'utf8');

function counter(): TraceObserver & { winners: number[]; fights: number; events: TraceEvent[]; ended: number } {
  const o = {
    winners: [0, 0, 0], fights: 0, ended: 0, events: [] as TraceEvent[],
    begin: () => void o.fights++,
    event: (e: TraceEvent) => void o.events.push(e),
    end: (w: number) => {
      o.winners[w]!++;
      o.ended++;
    },
  };
  return o;
}

async function agree(matchup: number, fights: number, engine: 'dice' | 'table', text = DUEL): Promise<TraceEvent[]> {
  const study = loadStudy(studyFile(text));
  const task = planStudy(study, fights)[matchup]!;
  const [ran] = await simulate(study.plugin, [task], { seed: 5, engine, workers: 0 });
  const seen = counter();
  const traced = traceTask(study.plugin, task, { seed: 5, engine, fights }, seen);
  expect(Array.from(traced)).toEqual(Array.from(ran!));
  expect([seen.fights, seen.ended]).toEqual([fights, fights]);
  expect(seen.winners).toEqual(Array.from(ran!.slice(0, 3)));
  expect(seen.events.length).toBeGreaterThan(fights);
  if (engine === 'dice') expect(seen.events.some((e) => e.rolls !== undefined && !Array.isArray(e.rolls))).toBe(true);
  return seen.events;
}

/** Every state word in the events is one of the CSVs' (`out_of_action`, not `out-of-action`). */
function statesAreCsvWords(events: readonly TraceEvent[]): void {
  const words = new Set<unknown>(DEFENDER_STATES);
  for (const e of events) for (const k of ['state_after', 'target_state_before', 'target_state_after']) if (e[k] !== undefined) expect(words.has(e[k]), `${k} ${String(e[k])}`).toBe(true);
  expect(events.some((e) => e.target_state_after === 'out_of_action')).toBe(true);
}

describe('balance trace plays the fights run counts', () => {
  it('the first K fights (dice engine, melee and ranged duels)', async () => {
    statesAreCsvWords(await agree(0, 60, 'dice'));
    statesAreCsvWords(await agree(1, 60, 'dice'));
  });

  it('K spanning two chunks (table engine: chunk 0, then the start of chunk 1)', async () => {
    const study = loadStudy(studyFile(DUEL));
    await agree(1, study.plugin.chunkSize + 37, 'table');
  });

  it('battles: the first K battles (dice engine, focus and split pools), and K spanning two chunks (table engine)', async () => {
    const study = loadStudy(studyFile(BATTLE));
    const tasks = planStudy(study, 1);
    const split = tasks.findIndex((t) => t.labels['variant'] === 'split-pools');
    const events = await agree(0, 40, 'dice', BATTLE);
    await agree(split, 40, 'dice', BATTLE);
    // The rolls that are not attacks are traced too (initiative roll-offs, Recover, clustered-enemies checks).
    for (const action of ['initiative', 'recover', 'clustered']) expect(events.some((e) => e.action === action && e.rolls !== undefined), action).toBe(true);
    statesAreCsvWords(events);
    await agree(split, study.plugin.chunkSize + 17, 'table', BATTLE);
  });
});
