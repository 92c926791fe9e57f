/** Progress on stderr (done/total, rate, ETA) when stderr is a terminal; silent otherwise. */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export function createProgress(stream: NodeJS.WriteStream, unit: string): Progress {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `{bar} {percentage}% | {value}/{total} ${unit} | {rate} ${unit}/s | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const start = performance.now();
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, 0, { rate: '-' });
        started = true;
      }
      const secs = (performance.now() - start) / 1000;
      bar.update(done, { rate: secs > 0 ? formatCount(done / secs) : '-' });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

export function formatCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return n.toFixed(0);
}
