/**
 * The battle part of report.md: survivors per matchup and what each fighter contributed
 * (fighters.csv), for the first variant. Appended to the report when a run wrote fighters.csv.
 */
import { parseCsv } from './data.js';
import { table } from './markdown.js';

/** A retinue with its side policy when the file has one (files before side_policy_a/b did not). */
const side = (r: Record<string, string | undefined>, s: 'a' | 'b'): string => {
  const policy = r[`side_policy_${s}`];
  return policy ? `${r[`retinue_${s}`]!} (${policy})` : r[`retinue_${s}`]!;
};

const fmt = (x: string | undefined, digits = 3): string => (x === undefined || x === '' ? '' : Number(x).toFixed(digits));

/**
 * What the Fighters table's numbers are. fighters.csv keeps its column names (scripts read them):
 * `mean_unblocked_hits_dealt` is the Wounds dealt, since each unblocked hit is one Wound.
 */
export const FIGHTERS_NOTE = 'Per battle: Wounds dealt to enemies (fighters.csv mean_unblocked_hits_dealt: each unblocked hit is one Wound, '
  + 'counted in full even past the Wounds the target had left, so not the same as Wounds lost), enemies taken Out of Action, '
  + 'friendly fire (unblocked hits on the fighter\'s own side); and how often the fighter ended Out of Action.';

export function fightersMarkdown(summaryCsv: string, fightersCsv: string): string {
  const summary = parseCsv(summaryCsv);
  const fighters = parseCsv(fightersCsv);
  const v0 = summary[0]?.['variant'];
  if (v0 === undefined) return '';
  const out: string[] = [`## Survivors (${v0})`, ''];
  out.push(table(['retinue_a', 'retinue_b', 'a wins', 'a survivors', 'b survivors', 'rounds'], summary.filter((r) => r['variant'] === v0).map((r) => [
    side(r, 'a'), side(r, 'b'), fmt(r['a_win_rate']), fmt(r['a_mean_survivors'], 2), fmt(r['b_mean_survivors'], 2), fmt(r['mean_rounds'], 2),
  ])), '');
  out.push(`## Fighters (${v0})`, '', FIGHTERS_NOTE, '');
  out.push(table(['matchup', 'side', 'fighter', 'Wounds dealt', 'takedowns', 'friendly fire', 'out of action', '95% CI'], fighters.filter((r) => r['variant'] === v0).map((r) => [
    `${side(r, 'a')} vs ${side(r, 'b')}`, r['side']!, r['fighter']!, fmt(r['mean_unblocked_hits_dealt'], 2), fmt(r['mean_takedowns'], 2),
    fmt(r['mean_friendly_fire_hits'], 2), fmt(r['out_of_action_rate']), `${fmt(r['ooa_ci95_low'])}-${fmt(r['ooa_ci95_high'])}`,
  ])), '');
  return out.join('\n');
}
