/** Shipped duel configs' pairs as specs, for the game and search tests (configs/skirmish-duels.yaml, configs/exchange-duels.yaml). */
import { loadStudy } from '../../src/config/study-file.js';
import { skirmishDuel } from '../../src/systems/skirmish/duel/mode.js';
import { exchangeDuel } from '../../src/systems/exchange/duel/mode.js';
import type { DuelSpec } from '../../src/systems/skirmish/duel/setup.js';
import type { ExchangeDuelSpec } from '../../src/systems/exchange/duel/engine.js';
import type { PlannedTask } from '../../src/systems/types.js';

export interface Labelled<S> {
  readonly label: string;
  readonly spec: S;
}

const SKIRMISH_PAIRS = ['sword-none|axe-heavy', 'bow-light|sword-medium', 'bow-none|bow-heavy', 'hammer-medium|spear-light'];

/** A few pairs of configs/skirmish-duels.yaml (base variant): melee against melee, bow against melee, bow against bow. */
export function shippedDuelSpecs(pairs: readonly string[] = SKIRMISH_PAIRS): Labelled<DuelSpec>[] {
  const tasks = skirmishDuel.plan(loadStudy('configs/skirmish-duels.yaml').data as never, 1) as PlannedTask<DuelSpec>[];
  return pairs.map((p) => {
    const [a, b] = p.split('|');
    const t = tasks.find((x) => x.labels['variant'] === 'base' && x.labels['a'] === a && x.labels['b'] === b);
    if (t === undefined) throw new Error(`no pair ${p} in configs/skirmish-duels.yaml`);
    return { label: `${a} vs ${b}`, spec: t.spec };
  });
}

/** Pairs of an exchange duel config (variant, loadouts, conditions as the config plans them). */
export function shippedExchangeSpecs(file: string, pick: (labels: Record<string, string>) => boolean): Labelled<ExchangeDuelSpec>[] {
  const tasks = exchangeDuel.plan(loadStudy(file).data as never, 1) as PlannedTask<ExchangeDuelSpec>[];
  return tasks.filter((t) => pick(t.labels as Record<string, string>)).map((t) => {
    const l = t.labels as Record<string, string>;
    const cond = l['conditions'] === '' ? '' : ` (${l['conditions']})`;
    return { label: `${l['variant']}: ${l['a']} (${l['policyA']}) vs ${l['b']} (${l['policyB']})${cond}`, spec: t.spec };
  });
}
