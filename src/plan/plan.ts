/**
 * A study's tasks: the plugin's expansion of matchups x variants, once per sweep point when the
 * study sweeps (the variant label then names the point: "weapons.axe.might=+2" or
 * "weapons.axe.might=+2 | defender-ties").
 */
import type { Study } from '../config/study.js';
import type { PlannedTask } from '../systems/types.js';

export function planStudy(study: Study, trials: number): PlannedTask<unknown>[] {
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
