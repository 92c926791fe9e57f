/** `balance schema [SYSTEM [MODE]]`: prints the JSON Schema of studies (from the zod schemas). */
import { studyJsonSchema } from '../config/json-schema.js';
import { inputError } from '../config/problems.js';
import { modeNames, systemNames } from '../systems/registry.js';
import type { RunIo } from './run.js';

export function schemaCommand(opts: { system: string | undefined; mode: string | undefined }, io: RunIo): void {
  if (opts.system !== undefined && !systemNames().includes(opts.system)) {
    throw inputError('SYSTEM', `expected one of ${systemNames().join(', ')}, received ${JSON.stringify(opts.system)}`);
  }
  if (opts.system !== undefined && opts.mode !== undefined && !modeNames(opts.system).includes(opts.mode)) {
    throw inputError('MODE', `${opts.system} has modes ${modeNames(opts.system).join(', ')}, received ${JSON.stringify(opts.mode)}`);
  }
  io.stdout.write(`${JSON.stringify(studyJsonSchema(opts.system, opts.mode), null, 2)}\n`);
}
