/**
 * A study's tasks: the plugin's expansion of matchups x variants, once per sweep point when the
 * study sweeps (the variant label then names the point: "weapons.axe.might=+2" or
 * "weapons.axe.might=+2 | defender-ties").
 */
import type { Study } from '../config/study.js';
import { hashKey } from '../dice/rng.js';
import { inputError } from '../config/problems.js';
import type { PlannedTask } from '../systems/types.js';

/** Labels of the compared side (and its policy): left out of the stream key when loadouts are compared. */
const SIDE_LABELS = { a: new Set(['variant', 'attacker', 'a', 'policyA']), b: new Set(['variant', 'defender', 'b', 'policyB']) };

export function planStudy(study: Study, trials: number): PlannedTask<unknown>[] {
  let tasks: PlannedTask<unknown>[];
  try {
    tasks = planPoints(study, trials);
  } catch (err) {
    // --policy-gap where the mode does not play the challenger yet: one input problem, exit 2.
    if (err instanceof Error && err.name === 'PolicyGapError') throw inputError(study.file, err.message);
    throw err;
  }
  const compared = study.compare?.loadouts;
  if (!compared) return tasks;
  // compare: loadouts (-b): every loadout of the compared side meets the same dice against the
  // same opponent (common random numbers, as the variants of one matchup do).
  const side = SIDE_LABELS[compared.side];
  const prefix = compared.side === 'a' ? 'compare-loadouts' : 'compare-loadouts-b';
  return tasks.map((t) => {
    const rest = Object.entries(t.labels).filter(([k]) => !side.has(k));
    return { ...t, streamKey: hashKey(`${prefix}|${JSON.stringify(rest)}`) };
  });
}

function planPoints(study: Study, trials: number): PlannedTask<unknown>[] {
  if (study.points === null) return study.plugin.plan(study.data, trials);
  return study.points.flatMap((point) => {
    const tasks: PlannedTask<unknown>[] = study.plugin.plan(point.data, trials);
    const variants = new Set(tasks.map((t) => t.labels['variant']));
    return tasks.map((t) => ({
      ...t,
      labels: { ...t.labels, variant: variants.size > 1 ? `${point.label} | ${t.labels['variant']}` : point.label },
    }));
  });
}
