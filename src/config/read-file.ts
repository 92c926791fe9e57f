/**
 * Reading a study (or another input) file with Node, bounded: what the CLI reads before
 * parseStudy (load.ts, which has no Node imports: the static site parses with it too).
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { MAX_STUDY_BYTES } from './limits.js';
import { ConfigError, type Problem } from './problems.js';

/** The file's text, refusing anything over MAX_STUDY_BYTES (a device or pipe is read only that far). */
export function readStudyFile(file: string): string {
  return readBoundedText(file, MAX_STUDY_BYTES, 'a study');
}

/**
 * A text file of at most `max` bytes (`what` names it in messages: "a study", "a shard file"):
 * larger regular files are refused unread, a device or pipe (`/dev/urandom`) is read only up to
 * `max`, a directory or a file with NUL bytes is refused; each a ConfigError (exit 2) on `file`.
 */
export function readBoundedText(file: string, max: number, what: string): string {
  const MB = Math.round(max / (1024 * 1024));
  const fail = (message: string): never => {
    throw new ConfigError([{ file, line: 0, col: 0, path: '', message }]);
  };
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    return fail(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read (${code})`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return fail('is a directory');
    if (stat.isFile() && stat.size > max) return fail(`is ${(stat.size / (1024 * 1024)).toFixed(1)} MB; ${what} may be at most ${MB} MB`);
    // Sized by the file (a regular file can still grow while read); pipes and devices grow it as
    // they give data. Never a 10 MB zero-filled buffer per read: that cost `validate` ~10 ms.
    let buf = Buffer.allocUnsafe(Math.min(max + 1, stat.isFile() ? stat.size + 1 : 64 * 1024));
    let size = 0;
    for (;;) {
      if (size === buf.length) {
        const bigger = Buffer.allocUnsafe(Math.min(max + 1, buf.length * 2));
        buf.copy(bigger, 0, 0, size);
        buf = bigger;
      }
      const n = readSync(fd, buf, size, buf.length - size, null);
      if (n === 0) break;
      size += n;
      if (size > max) return fail(`is not a regular file and gave more than ${MB} MB; ${what} may be at most ${MB} MB`);
    }
    const bytes = buf.subarray(0, size);
    if (bytes.includes(0)) return fail('is not a text file (it contains NUL bytes)');
    if (!isUtf8(bytes)) throw new ConfigError([notUtf8(file, bytes)]);
    return bytes.toString('utf8');
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    return fail(`cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Where a file that is not UTF-8 first goes wrong (its text would otherwise be read with U+FFFD in
 * place of the bad bytes, and a name like `k\xe9en` would silently become `k\ufffden`).
 */
function notUtf8(file: string, bytes: Buffer): Problem {
  let start = 0;
  let line = 1;
  for (;;) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl < 0 ? bytes.length : nl + 1;
    const text = bytes.subarray(start, end);
    if (!isUtf8(text) || nl < 0) {
      const col = Math.max(0, text.toString('utf8').indexOf('\ufffd')) + 1;
      return { file, line, col, path: '', message: 'is not UTF-8 text (save the study as UTF-8)' };
    }
    start = end;
    line++;
  }
}

