/**
 * The hot loops of every system and mode, by `system.mode`, with nothing else imported: worker
 * threads load only this (the full registry pulls in schemas and takes ~150 ms to import).
 */
import { buildKernel, runAttacks, type AttackKernel } from './skirmish/kernel.js';
import { OUTCOME_CODES, type AttackSpec } from './skirmish/spec.js';
import type { Kernel } from './types.js';

export const skirmishAttackKernel: Kernel<AttackSpec, AttackKernel> = {
  tallySize: () => OUTCOME_CODES,
  prepare: buildKernel,
  run: runAttacks,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const KERNELS: Readonly<Record<string, Kernel<any, any>>> = {
  'skirmish.attack': skirmishAttackKernel,
};
