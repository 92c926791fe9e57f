/**
 * The one-draw engine: the exact outcome distribution of a compiled attack (exact.ts) as an alias
 * table, sampled with one 32-bit draw per attack. It applies whenever an attack's outcome depends
 * on dice counts alone, which is every skirmish attack; building the table costs about a
 * millisecond, repaid after some ten thousand attacks.
 */
import { buildAlias, type AliasTable } from '../../dice/alias.js';
import { runAliasTable } from '../../dice/alias-kernel.js';
import { exactOutcomes } from './exact.js';
import type { AttackSpec } from './spec.js';

export function buildTable(spec: AttackSpec): AliasTable {
  return buildAlias(exactOutcomes(spec));
}

/** Runs n attacks from the alias table, adding each outcome code to counts. */
export const runTable = runAliasTable;
