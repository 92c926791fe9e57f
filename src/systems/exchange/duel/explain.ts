/**
 * A solved exchange duel policy as a readable decision list (`balance explain-policy`):
 * the decisions of one side that solved play reaches most often, with the option the solved table
 * takes there. The exact walker plays the table (exchange/duel/exact.ts) and its TablePlayer reports each
 * decision once with the probability a duel reaches it; decisions that differ only in the round
 * are grouped into one line; a decision with a single legal option is left out; where the choice
 * in a situation depends on the round or on whether the side moves 1st or 2nd in it (near
 * maxRounds it often does), each line says which. Which side and which solution: as for skirmish
 * (explainModes).
 */
import { explainModes, ranges, type Explained } from '../../skirmish/duel/explain.js';
import { ATTACK_DECISION, HARM_DECISION, RESPONSE_DECISION, STAND_DECISION, WOUND_DECISION } from './choice.js';
import { exactExchangeDuel } from './exact.js';
import { solveExchangePlay } from './solved-policy.js';
import type { Combatant } from '../combatant.js';
import type { ExchangeDuel, ExchangeDuelSpec } from './engine.js';
import { FULL_GUARD } from '../rules.js';

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

/** Where a decision's text says whose turn it is in the round (ORDERS), when that changes the choice. */
const ORDER = '{order}';
const ORDERS = [' (1st in the round)', ' (2nd in the round)'];

/** The decision's situation (before the option) in words, from side's view, with ORDER after the turn. */
function situation(duel: ExchangeDuel, side: number, kind: number, extra: number): string {
  const me = duel.chars[side]!;
  const them = duel.chars[1 - side]!;
  const made = duel.attacks === 1 ? '1 attack made' : `${duel.attacks} attacks made`;
  const turn = kind === HARM_DECISION ? `end of your turn${ORDER}` : duel.active === side ? `your turn${ORDER}, ${made}` : `their turn${ORDER}, ${made}`;
  const wounds = extra % 64;
  const what = kind === RESPONSE_DECISION ? `; they attack with Boost ${extra}`
    : kind === WOUND_DECISION ? `; taking ${wounds} Wound${wounds === 1 ? '' : 's'} (Hit Margin ${Math.floor(extra / 64)})`
      : kind === HARM_DECISION ? '; Lingering Harm Wound' : '';
  return `${charWords(me)}; opponent ${charWords(them)}; ${turn}${what}`;
}

/** The option taken, in words. */
function optionWords(duel: ExchangeDuel, side: number, kind: number, extra: number, option: number): string {
  if (kind === ATTACK_DECISION) {
    if (option === 0) return duel.attacks > 0 ? 'stop attacking' : 'no attack this turn';
    return `${duel.attacks > 0 ? 'attack again' : 'attack'}, Boost ${option - 1}`;
  }
  if (kind === STAND_DECISION) return option === 0 ? `stand up (${duel.chars[side]!.cost(1)} AD)` : 'stay Prone';
  if (kind === RESPONSE_DECISION) {
    if (option === 0) return 'No Response';
    const def = duel.chars[side]!;
    const guards = def.canGuard() ? def.responseBoost(FULL_GUARD, duel.chars[1 - side]!.ranged) + 1 : 0;
    return option <= guards ? `Full Guard, Boost ${option - 1}` : `Clash, Boost ${option - 1 - guards}`;
  }
  const many = kind === WOUND_DECISION && extra % 64 !== 1;
  return `the Wound${many ? 's take' : ' takes'} Ready ${option === 0 ? 'MD' : 'AD'} first`;
}

export function explainExchangePolicy(spec: ExchangeDuelSpec, side: number | undefined, top: number): Explained {
  const { side: s, modes, play, kind } = explainModes(spec, side);
  const solved = solveExchangePlay(spec, modes, play);
  const player = solved.player;
  /** Decisions by situation (ORDER unfilled), then by the turn's place in the round (0: 1st) and choice. */
  const bySituation = new Map<string, Map<string, { p: number; rounds: number[]; text: string }>>();
  let states = 0;
  player.hook = (duel, who, k, extra, option, width, p) => {
    // A decision with one option (a response with no Ready AD to pay for one) is no choice: not listed.
    if (who !== s || p <= 0 || width < 2) return;
    states++;
    const sit = situation(duel, who, k, extra);
    const place = duel.opener === duel.active ? 0 : 1;
    const choice = optionWords(duel, who, k, extra, option);
    let byChoice = bySituation.get(sit);
    if (byChoice === undefined) bySituation.set(sit, (byChoice = new Map()));
    const key = `${place}:${choice}`;
    const g = byChoice.get(key) ?? { p: 0, rounds: [], text: `${sit.replace(ORDER, ORDERS[place]!)}: ${choice}` };
    g.p += p;
    g.rounds.push(duel.round);
    byChoice.set(key, g);
  };
  exactExchangeDuel(spec, undefined, player);
  player.hook = null;
  // Whose turn it is in the round (1st or 2nd) is said only where the choice depends on it or on
  // the round: a situation with one choice throughout is one line.
  const groups: { p: number; rounds: number[]; text: string }[] = [];
  for (const [sit, byChoice] of bySituation) {
    const choices = new Set([...byChoice.keys()].map((key) => key.slice(2)));
    if (choices.size > 1) {
      groups.push(...byChoice.values());
      continue;
    }
    const all = [...byChoice.values()];
    groups.push({ p: all.reduce((t, g) => t + g.p, 0), rounds: all.flatMap((g) => g.rounds), text: `${sit.replace(ORDER, '')}: ${[...choices][0]!}` });
  }
  const sorted = groups.sort((x, y) => y.p - x.p).slice(0, top);
  const lines = sorted.map((g) => {
    const rs = ranges(g.rounds);
    return `round${rs.includes('-') || rs.includes(',') ? 's' : ''} ${rs}; ${g.text} (p=${g.p.toFixed(3)})`;
  });
  return { side: s, kind, value: solved.value, states, lines, p: sorted.map((g) => g.p) };
}
