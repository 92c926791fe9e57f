/**
 * Input problems: one shape for everything a user can get wrong (config, flags, output dir).
 * Printed one per line as `FILE:LINE:COL path.to.field: message`; the CLI exits with code 2.
 */
export interface Problem {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly path: string;
  readonly message: string;
}

/**
 * Control characters (a newline in a name) written as escapes, so a problem stays on one line and
 * a name cannot drive the terminal (ESC sequences): every line printed from a study's names goes through this.
 */
export function oneLine(s: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function formatProblem(p: Problem): string {
  const where = p.line > 0 ? `${p.file}:${p.line}:${p.col}` : p.file;
  return oneLine(p.path === '' ? `${where}: ${p.message}` : `${where} ${p.path}: ${p.message}`);
}

const CONFIG_ERROR = Symbol.for('tabletop-balance.ConfigError');

/** Bad input: the run cannot start. Carries every problem found, not just the first. */
export class ConfigError extends Error {
  /**
   * `instanceof ConfigError` also holds for one made by another copy of this module: the bundled
   * CLI (scripts/build-cli.mjs) has its own, and the commands it loads from their files throw theirs.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [CONFIG_ERROR]?: unknown })[CONFIG_ERROR] === true;
  }

  readonly [CONFIG_ERROR] = true;

  /** The problems, each once: a check that meets the same fault twice (one per matchup, say) reports it once. */
  readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[]) {
    const lines = new Map<string, Problem>();
    for (const p of problems) {
      const line = formatProblem(p);
      if (!lines.has(line)) lines.set(line, p);
    }
    super([...lines.keys()].join('\n'));
    this.problems = [...lines.values()];
    this.name = 'ConfigError';
  }
}

/** A problem not tied to a place in a file (a command-line flag, an output directory). */
export function inputError(what: string, message: string): ConfigError {
  return new ConfigError([{ file: what, line: 0, col: 0, path: '', message }]);
}
