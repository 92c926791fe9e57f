/**
 * A solved exchange duel policy as a readable decision list (`balance explain-policy`, issue #15):
 * the decisions of one side that solved play reaches most often, with the option the solved table
 * takes there. The exact walker plays the table (duel-exact.ts) and its TablePlayer reports each
 * decision once with the probability a duel reaches it; decisions that differ only in the round
 * are grouped into one line. Which side and which solution: as for skirmish (explainModes).
 */
import { explainModes, ranges, type Explained } from '../skirmish/duel/explain.js';
import { ATTACK_DECISION, HARM_DECISION, RESPONSE_DECISION, STAND_DECISION, WOUND_DECISION } from './duel-choice.js';
import { exactExchangeDuel } from './duel-exact.js';
import { solveExchangePlay } from './duel-policy.js';
import type { Combatant } from './combatant.js';
import type { ExchangeDuel, ExchangeDuelSpec } from './duel.js';
import { FULL_GUARD } from './rules.js';

/** A character's state in words: VIT, dice, Conditions. */
function charWords(c: Combatant): string {
  const parts = [`VIT ${c.vit}`, `${c.ready} Ready AD`];
  if (c.readyMagic > 0) parts.push(`${c.readyMagic} Ready MD`);
  if (c.wounded > 0) parts.push(`${c.wounded} Wounded`);
  if (c.reelingTurns > 0) parts.push('Reeling');
  if (c.prone) parts.push('Prone');
  if (c.harm[0]! + c.harm[1]! > 0) parts.push('Lingering Harm');
  return parts.join(', ');
}

/** The decision's situation (before the option) in words, from side's view. */
function situation(duel: ExchangeDuel, side: number, kind: number, extra: number): string {
  const me = duel.chars[side]!;
  const them = duel.chars[1 - side]!;
  const made = duel.attacks === 1 ? '1 attack made' : `${duel.attacks} attacks made`;
  const turn = kind === HARM_DECISION ? 'end of your turn' : duel.active === side ? `your turn, ${made}` : `their turn, ${made}`;
  const what = kind === RESPONSE_DECISION ? `; they attack with Boost ${extra}`
    : kind === WOUND_DECISION ? `; taking ${extra % 64} Wound${extra % 64 === 1 ? '' : 's'} (Hit Margin ${Math.floor(extra / 64)})`
      : kind === HARM_DECISION ? '; Lingering Harm Wound' : '';
  return `${charWords(me)}; opponent ${charWords(them)}; ${turn}${what}`;
}

/** The option taken, in words. */
function optionWords(duel: ExchangeDuel, side: number, kind: number, option: number): string {
  if (kind === ATTACK_DECISION) return option === 0 ? 'stop attacking' : `${duel.attacks > 0 ? 'attack again' : 'attack'}, Boost ${option - 1}`;
  if (kind === STAND_DECISION) return option === 0 ? `stand up (${duel.chars[side]!.cost(1)} AD)` : 'stay Prone';
  if (kind === RESPONSE_DECISION) {
    if (option === 0) return 'No Response';
    const def = duel.chars[side]!;
    const guards = def.canGuard() ? def.responseBoost(FULL_GUARD, duel.chars[1 - side]!.ranged) + 1 : 0;
    return option <= guards ? `Full Guard, Boost ${option - 1}` : `Clash, Boost ${option - 1 - guards}`;
  }
  return option === 0 ? 'the Wound takes Ready MD first' : 'the Wound takes Ready AD first';
}

export function explainExchangePolicy(spec: ExchangeDuelSpec, side: number | undefined, top: number): Explained {
  const { side: s, modes, play, kind } = explainModes(spec, side);
  const solved = solveExchangePlay(spec, modes, play);
  const player = solved.player;
  const groups = new Map<string, { p: number; rounds: number[]; text: string }>();
  let states = 0;
  player.hook = (duel, who, k, extra, option, _width, p) => {
    if (who !== s || p <= 0) return;
    states++;
    const text = `${situation(duel, who, k, extra)}: ${optionWords(duel, who, k, option)}`;
    const g = groups.get(text) ?? { p: 0, rounds: [], text };
    g.p += p;
    g.rounds.push(duel.round);
    groups.set(text, g);
  };
  exactExchangeDuel(spec, undefined, player);
  player.hook = null;
  const sorted = [...groups.values()].sort((x, y) => y.p - x.p).slice(0, top);
  const lines = sorted.map((g) => {
    const rs = ranges(g.rounds);
    return `round${rs.includes('-') || rs.includes(',') ? 's' : ''} ${rs}; ${g.text} (p=${g.p.toFixed(3)})`;
  });
  return { side: s, kind, value: solved.value, states, lines, p: sorted.map((g) => g.p) };
}
