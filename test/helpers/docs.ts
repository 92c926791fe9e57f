/**
 * The documentation as test input: README.md and every page under docs/, their fenced blocks, the
 * studies they show and the commands they tell a reader to type.
 *
 * A command is a line of a ```sh block, or an inline code span that starts with `npx balance `.
 * Conventions (docs/development.md, "Examples that are run"):
 * - `npx balance ARGS` is run (test/cli/readme-commands.test.ts); a trailing `# exit N` says the
 *   exit code it must give (default 0);
 * - `npm ci`, `npm test`, `npm start`, `npm run NAME` and `node dist/bench/NAME.js` are checked, not
 *   run: the script or the bench must exist;
 * - anything else, or a command that needs what a test machine lacks (Redis, a cluster), carries a
 *   visible `# not run: REASON` and is only listed;
 * - a ```text block right after a ```sh block of one command is that command's output: each of its
 *   lines (`...` lines skipped) must appear in what the command prints, in order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './cli.js';

/** README.md, then every docs/ page in path order. */
export function docFiles(): string[] {
  const pages: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) pages.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, 'docs'));
  return ['README.md', ...pages.sort()];
}

export function readDoc(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8');
}

/** A page without its fenced blocks (their lines blanked) and inline code spans: what is read as prose. */
export function prose(file: string): string {
  const lines = readDoc(file).split('\n');
  let inFence = false;
  const out = lines.map((line) => {
    if (/^```/.test(line)) {
      inFence = !inFence;
      return '';
    }
    return inFence ? '' : line;
  });
  return out.join('\n').replace(/``.*?``/g, '').replace(/`[^`\n]*`/g, '');
}

export interface Block {
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  readonly body: string;
  /** The next block when only blank lines separate them (an output block). */
  next: Block | null;
}

export function blocks(file: string): Block[] {
  const lines = readDoc(file).split('\n');
  const out: Block[] = [];
  let lastEnd = -2;
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    const block: Block = { file, line: start + 1, lang: open[1]!, body: body.length > 0 ? `${body.join('\n')}\n` : '', next: null };
    const prev = out[out.length - 1];
    if (prev !== undefined && lines.slice(lastEnd + 1, start).every((l) => l.trim() === '')) prev.next = block;
    out.push(block);
    lastEnd = i;
  }
  return out;
}

/** Complete studies: YAML blocks that name their system and define loadouts. */
export function docStudies(): { file: string; line: number; text: string }[] {
  return docFiles().flatMap((f) => blocks(f)
    .filter((b) => b.lang === 'yaml' && /^(# .*\n)*system: /.test(b.body) && b.body.includes('loadouts:'))
    .map((b) => ({ file: f, line: b.line, text: b.body })));
}

/** Every YAML block, complete or not. */
export function docYamlBlocks(): { file: string; line: number; text: string }[] {
  return docFiles().flatMap((f) => blocks(f).filter((b) => b.lang === 'yaml').map((b) => ({ file: f, line: b.line, text: b.body })));
}

export interface DocCommand {
  readonly file: string;
  readonly line: number;
  /** The command as written, without its trailing comment. */
  readonly text: string;
  readonly kind: 'balance' | 'npm' | 'bench' | 'not-run';
  /** balance: its arguments; npm: [script]; bench: [file]. */
  readonly args: readonly string[];
  /** `> FILE` after a balance command: stdout goes there. */
  readonly stdoutTo: string | null;
  readonly env: Readonly<Record<string, string>>;
  readonly exit: number;
  /** not-run: why. */
  readonly reason: string;
  /** The output block shown under it, if any. */
  readonly output: string | null;
}

/** Shell words: spaces split, '...' and "..." quote. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unbalanced quote in ${text}`);
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === ' ' || c === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** The trailing shell comment of a line (a `#` after a space, outside quotes). */
function splitComment(line: string): [string, string] {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || line[i - 1] === ' ')) return [line.slice(0, i).trim(), line.slice(i + 1).trim()];
  }
  return [line.trim(), ''];
}

function parseCommand(file: string, line: number, raw: string, comment: string, output: string | null): DocCommand[] {
  const notRun = /not run: (.+)$/.exec(comment);
  const exit = /\bexit (\d+)\b/.exec(comment);
  const base = { file, line, stdoutTo: null, env: {}, exit: exit ? Number(exit[1]) : 0, reason: '', output };
  if (notRun !== null) return [{ ...base, text: raw, kind: 'not-run', args: [], reason: notRun[1]! }];
  return raw.split(' && ').map((part) => {
    let words = shellWords(part);
    const env: Record<string, string> = {};
    while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0]!)) {
      const [k, ...v] = words[0]!.split('=');
      env[k!] = v.join('=');
      words = words.slice(1);
    }
    const at = { ...base, text: part, env };
    if (words[0] === 'npx' && words[1] === 'balance') {
      const redirect = words.indexOf('>');
      const stdoutTo = redirect >= 0 ? words[redirect + 1]! : null;
      return { ...at, kind: 'balance' as const, args: redirect >= 0 ? words.slice(2, redirect) : words.slice(2), stdoutTo };
    }
    if (words[0] === 'npm' && words.length === 2 && ['ci', 'test', 'start'].includes(words[1]!)) return { ...at, kind: 'npm' as const, args: [words[1]!] };
    if (words[0] === 'npm' && words[1] === 'run' && words.length === 3) return { ...at, kind: 'npm' as const, args: [words[2]!] };
    if (words[0] === 'node' && /^dist\/bench\/[\w-]+\.js$/.test(words[1] ?? '')) return { ...at, kind: 'bench' as const, args: [words[1]!] };
    throw new Error(`${file}:${line}: \`${part}\` is neither run nor checked by the docs test: mark it "# not run: REASON"`);
  });
}

/** Every command of one page, in page order. */
export function docCommands(file: string): DocCommand[] {
  const out: DocCommand[] = [];
  for (const b of blocks(file)) {
    if (b.lang !== 'sh') continue;
    const lines = b.body.split('\n');
    const commands: { line: number; raw: string; comment: string }[] = [];
    for (let i = 0; i < lines.length; i++) {
      const start = i;
      let text = lines[i]!;
      while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i]!.trim()}`;
      const [raw, comment] = splitComment(text);
      if (raw === '') continue;
      commands.push({ line: b.line + 1 + start, raw, comment });
    }
    const output = commands.length === 1 && b.next !== null && b.next.lang === 'text' ? b.next.body : null;
    for (const c of commands) out.push(...parseCommand(file, c.line, c.raw, c.comment, output));
  }
  // Inline `npx balance ...` in the prose is run too.
  const text = readDoc(file);
  const fenced = blocks(file);
  const inFence = (offsetLine: number): boolean => fenced.some((b) => offsetLine >= b.line && offsetLine <= b.line + b.body.split('\n').length);
  for (const m of text.matchAll(/`(npx balance [^`]+)`/g)) {
    const line = text.slice(0, m.index).split('\n').length;
    if (inFence(line)) continue;
    out.push(...parseCommand(file, line, m[1]!, '', null));
  }
  return out.sort((a, b) => a.line - b.line);
}

/** Whether `expected` (an output block) is in `actual`: each line, in order, `...` lines skipped. */
export function missingOutputLine(expected: string, actual: string): string | null {
  const have = actual.split('\n').map((l) => l.trimEnd());
  let at = 0;
  for (const line of expected.split('\n').map((l) => l.trimEnd())) {
    if (line === '' || line.trim() === '...') continue;
    const found = have.indexOf(line, at);
    if (found < 0) return line;
    at = found + 1;
  }
  return null;
}
