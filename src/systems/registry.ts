/** Every rules system and mode the tool knows. Adding a system = one folder + one line here. */
import { skirmishAttack } from './skirmish/attack/mode.js';
import { skirmishDuel } from './skirmish/duel/mode.js';
import { skirmishBattle } from './skirmish/battle/mode.js';
import { d20Attack } from './d20/attack/mode.js';
import { d20Fight } from './d20/fight/mode.js';
import { exchangeAttack } from './exchange/attack/mode.js';
import { exchangeDuel } from './exchange/duel/mode.js';
import { exchangeFight } from './exchange/fight/mode.js';
import type { AnyModePlugin } from './types.js';

export const PLUGINS: readonly AnyModePlugin[] = [skirmishAttack, skirmishDuel, skirmishBattle, exchangeAttack, exchangeDuel, exchangeFight, d20Attack, d20Fight];

export function systemNames(): string[] {
  return [...new Set(PLUGINS.map((p) => p.system))];
}

export function modeNames(system: string): string[] {
  return PLUGINS.filter((p) => p.system === system).map((p) => p.mode);
}

export function findPlugin(system: string, mode: string): AnyModePlugin | undefined {
  return PLUGINS.find((p) => p.system === system && p.mode === mode);
}
