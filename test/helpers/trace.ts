/** Collects the events of traced fights (kernel.observe), each tagged with its fight number. */
import type { TraceEvent, TraceObserver } from '../../src/systems/trace.js';

export interface Traced extends TraceEvent {
  readonly fight: number;
}

export class Collector implements TraceObserver {
  readonly events: Traced[] = [];
  readonly winners: number[] = [];
  readonly rounds: number[] = [];
  private fight = 0;
  begin(): void {
    this.fight++;
  }
  event(e: TraceEvent): void {
    this.events.push({ ...e, fight: this.fight });
  }
  end(winner: number, rounds: number): void {
    this.winners.push(winner);
    this.rounds.push(rounds);
  }
  /** Events grouped by fight, in order. */
  fights(): Traced[][] {
    const out: Traced[][] = this.winners.map(() => []);
    for (const e of this.events) out[e.fight - 1]!.push(e);
    return out;
  }
}
