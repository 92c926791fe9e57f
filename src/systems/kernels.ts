/**
 * The hot loops of every system and mode, by `system.mode`, with nothing else imported: worker
 * threads load only this (the full registry pulls in schemas and takes ~150 ms to import).
 */
import { buildKernel, runAttacks, type AttackKernel } from './skirmish/attack/kernel.js';
import { OUTCOME_CODES, type AttackSpec } from './skirmish/spec.js';
import { buildTable, runTable } from './skirmish/table.js';
import type { AliasTable } from '../dice/alias.js';
import { skirmishDuelDice, skirmishDuelTable } from './skirmish/duel/kernel.js';
import { skirmishBattleDice, skirmishBattleTable } from './skirmish/battle/kernel.js';
import { d20AttackDice, d20AttackTable } from './d20/attack/kernel.js';
import { d20FightDice } from './d20/fight/kernel.js';
import { exchangeAttackDice, exchangeAttackTable } from './exchange/attack/kernel.js';
import { exchangeDuelDice } from './exchange/duel/kernel.js';
import { exchangeFightDice } from './exchange/fight/kernel.js';
import type { Kernel } from './types.js';
import { gapKernel } from './policy-gap-kernel.js';

export const skirmishAttackKernel: Kernel<AttackSpec, AttackKernel> = {
  tallySize: () => OUTCOME_CODES,
  prepare: buildKernel,
  run: runAttacks,
};

/** One draw per attack from the exact outcome distribution (alias method). */
export const skirmishAttackTable: Kernel<AttackSpec, AliasTable> = {
  tallySize: () => OUTCOME_CODES,
  prepare: buildTable,
  run: runTable,
};

/** Kernels by `system.mode.engine`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const KERNELS: Readonly<Record<string, Kernel<any, any>>> = {
  'skirmish.attack.dice': skirmishAttackKernel,
  'skirmish.attack.table': skirmishAttackTable,
  'skirmish.duel.dice': skirmishDuelDice,
  'skirmish.duel.table': skirmishDuelTable,
  'skirmish.battle.dice': skirmishBattleDice,
  'skirmish.battle.table': skirmishBattleTable,
  'd20.attack.dice': d20AttackDice,
  'd20.attack.table': d20AttackTable,
  'd20.fight.dice': d20FightDice,
  'exchange.attack.dice': exchangeAttackDice,
  'exchange.attack.table': exchangeAttackTable,
  'exchange.duel.dice': exchangeDuelDice,
  'exchange.fight.dice': exchangeFightDice,
};

/** Prefix of the policy gap's kernel keys: `policy-gap:system.mode.engine` wraps that mode's kernel (policy-gap-kernel.ts). */
export const GAP_PREFIX = 'policy-gap:';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const wrapped = new Map<string, Kernel<any, any>>();

/** The kernel of a key of KERNELS, or of a policy-gap key; undefined if unknown. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function kernelByKey(key: string): Kernel<any, any> | undefined {
  if (!key.startsWith(GAP_PREFIX)) return KERNELS[key];
  const inner = KERNELS[key.slice(GAP_PREFIX.length)];
  if (inner === undefined) return undefined;
  let k = wrapped.get(key);
  if (k === undefined) wrapped.set(key, (k = gapKernel(inner)));
  return k;
}
