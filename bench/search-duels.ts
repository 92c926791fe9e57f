/**
 * `node dist/bench/search-duels.js [duels] [small] [large]`: the search player (`policy: search`) in
 * duels against exact values, on pairs of the shipped duel configs: a's score (P(a wins) + 1/2
 * P(draw)) with both sides named (exact), with the searching side's exact best response to the
 * same named opponent (exact), and with the side searching at two budgets (Monte Carlo, `duels`
 * duels each, default 2500: SE about 0.01; both budgets on the same duel dice and search keys),
 * with standard errors and ms per duel. Prints one tab-separated row per pair and budget.
 */
import { RngDice } from '../src/dice/dice.js';
import { Xoshiro128ss } from '../src/dice/rng.js';
import type { GamePolicy } from '../src/games/game.js';
import { duelPlayers, duelValue, pairedDifference, type DuelGame, type DuelValue } from '../src/systems/duel-search.js';
import { exchangeRefs, skirmishRefs, type ExactRefs } from '../src/systems/duel-exact-refs.js';
import { namedDuelPolicy, SkirmishDuelGame } from '../src/systems/skirmish/duel/game.js';
import { ExchangeDuelGame, ownExchangePolicy } from '../src/systems/exchange/duel/game.js';
import { loadStudy } from '../src/config/study-file.js';
import { skirmishDuel } from '../src/systems/skirmish/duel/mode.js';
import { exchangeDuel } from '../src/systems/exchange/duel/mode.js';
import type { DuelSpec } from '../src/systems/skirmish/duel/setup.js';
import type { ExchangeDuelSpec } from '../src/systems/exchange/duel/engine.js';
import type { PlannedTask } from '../src/systems/types.js';

const duels = Number(process.argv[2] ?? 2500);
const small = Number(process.argv[3] ?? 4);
const large = Number(process.argv[4] ?? 32);
const SEED = 29;

function tasks<S>(file: string, plan: (study: never, trials: number) => PlannedTask<unknown>[]): PlannedTask<S>[] {
  return plan(loadStudy(file).data as never, 1) as PlannedTask<S>[];
}

function row<S, A>(label: string, side: number, game: DuelGame<S, A>, own: GamePolicy<S, A>, refs: () => ExactRefs): void {
  const t0 = performance.now();
  const r = refs();
  const exactMs = performance.now() - t0;
  const searching: [boolean, boolean] = [side === 0, side === 1];
  const runs: DuelValue[] = [small, large].map((rollouts) =>
    duelValue(game, duelPlayers(game, own, searching, { rollouts, depth: 0 }), new RngDice(new Xoshiro128ss([SEED, 29, 0x5ea, 7])), duels, SEED * 100_000));
  const d = pairedDifference(runs[0]!, runs[1]!);
  console.log([
    label, 'ab'[side], r.named.toFixed(4), r.best.toFixed(4), ...runs.flatMap((v) => [v.value.toFixed(4), v.se.toFixed(4), v.msPerDuel.toFixed(1)]),
    `${d.mean.toFixed(4)}±${d.se.toFixed(4)}`, (exactMs / 1000).toFixed(1),
  ].join('\t'));
}

console.log(['pair', 'searching', 'named', 'best_response', `search_${small}`, 'se', 'ms_per_duel', `search_${large}`, 'se', 'ms_per_duel', 'paired_diff', 'exact_s'].join('\t'));
const sk = tasks<DuelSpec>('configs/skirmish-duels.yaml', skirmishDuel.plan as never);
for (const pair of ['hammer-medium|spear-light', 'sword-none|axe-heavy', 'bow-light|sword-medium', 'sword-medium|bow-light']) {
  const [a, b] = pair.split('|');
  const spec = sk.find((t) => t.labels['variant'] === 'base' && t.labels['a'] === a && t.labels['b'] === b)!.spec;
  const game = new SkirmishDuelGame(spec);
  row(`skirmish ${a} vs ${b}`, 0, game, namedDuelPolicy, () => skirmishRefs(spec, 0));
}
const gap = tasks<ExchangeDuelSpec>('configs/exchange-policy-gap.yaml', exchangeDuel.plan as never);
const full = tasks<ExchangeDuelSpec>('configs/exchange-duels.yaml', exchangeDuel.plan as never);
const picks: [string, PlannedTask<ExchangeDuelSpec>, number][] = [
  ['exchange dagger (all-in) vs greataxe (tactical)', gap.find((t) => t.labels['a'] === 'dagger' && t.labels['policyA'] === 'all-in')!, 0],
  ['exchange sword (tactical) vs greataxe (tactical)', gap.find((t) => t.labels['a'] === 'sword' && t.labels['b'] === 'greataxe' && t.labels['policyA'] === 'tactical')!, 0],
  ['exchange sword-leather (all-in) vs sword-leather (reserve-1)', full.find((t) => t.labels['variant'] === 'base' && t.labels['policyA'] === 'all-in' && t.labels['policyB'] === 'reserve-1')!, 1],
  ['exchange sword-leather (all-in) vs sword-leather (reserve-1)', full.find((t) => t.labels['variant'] === 'base' && t.labels['policyA'] === 'all-in' && t.labels['policyB'] === 'reserve-1')!, 0],
];
for (const [label, t, side] of picks) {
  if (t === undefined) continue;
  const game = new ExchangeDuelGame(t.spec);
  row(label, side, game, ownExchangePolicy, () => exchangeRefs(t.spec, side));
}
