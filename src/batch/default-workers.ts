/** The default number of worker threads (its own module so the CLI can show it without loading the pool). */
import { availableParallelism } from 'node:os';

export function defaultWorkers(): number {
  return availableParallelism();
}
