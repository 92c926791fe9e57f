/**
 * Writing a run's output set all or nothing.
 *
 * `claimOutput(dir)` checks `--out` and takes a lock on it (a file `.NAME.lock` beside it) before
 * any work; a second run into the same directory is refused naming the holder, and a lock whose
 * process is gone is taken over. `writeOutputSet` writes every file into a fresh temporary
 * directory beside `--out`, then swaps it in: the whole directory when it holds nothing but files
 * of the set (one rename), else file by file with the old files moved aside first and put back if
 * any step fails. Files of the set that the new run does not write (a `compare.csv` from an
 * earlier run with more variants) are removed. Temporaries left by killed runs are cleaned.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, parse, resolve, sep } from 'node:path';
import { inputError } from '../config/problems.js';
import { pausePoint } from './pause-point.js';

/**
 * Every file `balance run`, `exact`, `merge`, `meta` and `solve` write (a mode's extra files such as
 * a battle's `fighters.csv` included); a new run replaces all of them, so no file of an earlier run
 * of another mode or command is left beside the new set for `balance report` to blend in.
 */
export const OUTPUT_SET: readonly string[] = [
  'summary.csv', 'distribution.csv', 'compare.csv', 'fighters.csv', 'meta.csv', 'matrix.csv', 'solve.csv', 'run.json', 'report.md', 'report.html',
];

/** Errors of the file system that are the output directory's (exit 2), not the tool's. */
const OUTPUT_ERRORS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EISDIR', 'EEXIST', 'ENOTEMPTY', 'EXDEV', 'EMLINK', 'ENAMETOOLONG', 'EBUSY', 'EIO']);

export interface OutputClaim {
  /** The output directory as given. */
  readonly dir: string;
  /** Writes `files` (replacing the files named in `set`, default: all of them) and returns their paths. */
  write(files: Readonly<Record<string, string>>, set?: readonly string[]): string[];
  /** Drops the lock; if nothing was written, removes parent directories the claim created. */
  release(): void;
}

interface LockInfo {
  pid: number;
  host: string;
  command: string;
  started: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/** Removes the temporaries a run writes beside `--out` NAME (`.NAME.tmp-PID-*`, `.NAME.old-PID-*`) whose PID passes `whose`. */
function removeTemporaries(parent: string, base: string, whose: (pid: number) => boolean): void {
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:tmp|old)-(\\d+)-`);
  for (const e of safeList(parent)) {
    const m = pattern.exec(e);
    if (m && whose(Number(m[1]))) rmSync(join(parent, e), { recursive: true, force: true });
  }
}

/** Temporaries (`.NAME.tmp-PID-*`, `.NAME.old-PID-*`, old-style `.FILE.tmp-PID`) of runs that are gone. */
function cleanStale(parent: string, base: string, dir: string): void {
  const stale = (pid: number): boolean => pid !== process.pid && !alive(pid);
  removeTemporaries(parent, base, stale);
  for (const e of safeList(dir)) {
    const m = /^\.(?:.+\.tmp|balance-probe)-(\d+)$/.exec(e);
    if (m && stale(Number(m[1]))) rmSync(join(dir, e), { force: true });
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Checks `--out`, creates its parent if needed, and takes the lock (`lockName` names a lock of one
 * file of the directory, e.g. a shard's). Throws an input error (exit 2) when it cannot.
 */
export function claimOutput(dir: string, command: string, lockName = ''): OutputClaim {
  pausePoint('claim:start');
  const what = `--out ${dir}`;
  let abs = resolve(dir);
  if (isSymlink(abs)) {
    // A link to a directory: write into the directory it names (the link stays a link).
    try {
      abs = realpathSync(abs);
    } catch (err) {
      throw inputError(what, `is a symbolic link to something missing (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); create its target or name another directory`);
    }
  }
  if (abs === parse(abs).root) throw inputError(what, 'refusing to write a run into the root directory; name a directory of its own');
  if (existsSync(abs) && !statSync(abs).isDirectory()) throw inputError(what, 'exists and is not a directory');
  const parent = dirname(abs);
  const base = basename(abs);
  // Shards of one run share a directory (a cluster's shared volume): each locks only its own file.
  const lockFile = join(parent, `.${base}${lockName === '' ? '' : `.${lockName}`}.lock`);
  const info: LockInfo = { pid: process.pid, host: hostname(), command, started: new Date().toISOString() };
  // Interrupted (Ctrl-C, kill): drop the lock and this run's temporaries, then die of the signal.
  // The handlers are installed before the lock is taken: from then on a signal is queued for the
  // event loop, which the synchronous claim below does not give back before the lock is whole and
  // the claim returned. Installed after it, a signal in between killed the process outright and
  // left a lock that another host sharing the volume cannot tell from a live run.
  let locked = false;
  const dropLock = (): void => {
    if (locked && readLock(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
    locked = false;
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const onSignal = (signal: NodeJS.Signals): void => {
    for (const s of signals) process.removeListener(s, onSignal);
    dropLock();
    removeTemporaries(parent, base, (pid) => pid === process.pid);
    process.kill(process.pid, signal);
  };
  for (const s of signals) process.once(s, onSignal);
  const unhook = (): void => {
    for (const s of signals) process.removeListener(s, onSignal);
  };
  let created: string | undefined;
  try {
    pausePoint('claim:handlers');
    try {
      created = mkdirSync(parent, { recursive: true });
    } catch (err) {
      // mkdir -p says EEXIST when a file stands where a directory should be.
      const code = (err as NodeJS.ErrnoException).code;
      throw inputError(what, `output directory is not writable (${code === 'EEXIST' ? 'ENOTDIR' : code ?? (err as Error).message})`);
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const fd = openSync(lockFile, 'wx');
        locked = true;
        pausePoint('claim:lock-open');
        writeFileSync(fd, `${JSON.stringify(info)}\n`);
        closeSync(fd);
        break;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'EEXIST') throw inputError(what, `output directory is not writable (${code ?? (err as Error).message})`);
        const holder = readLock(lockFile);
        const gone = holder !== null && holder.host === info.host && !alive(holder.pid);
        if (gone && attempt === 0) {
          rmSync(lockFile, { force: true });
          continue;
        }
        const who = holder === null ? 'another balance run' : `balance run pid ${holder.pid} on ${holder.host} (${holder.command}, since ${holder.started})`;
        throw inputError(what, `is in use by ${who}; wait for it to finish, or delete ${lockFile} if that run is gone`);
      }
    }
    cleanStale(parent, base, abs);
    pausePoint('claim:locked');
  } catch (err) {
    // A lock file opened but not written (a full disk): ours, whatever it holds.
    if (locked) rmSync(lockFile, { force: true });
    locked = false;
    unhook();
    throw err;
  }
  let written = false;
  return {
    dir,
    write(files, set = OUTPUT_SET) {
      let out: string[];
      try {
        out = swapIn(parent, base, abs, files, set, lockName !== '');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === undefined || !OUTPUT_ERRORS.has(code)) throw err;
        throw inputError(what, `could not write the output set (${code}: ${(err as Error).message.replace(/^[A-Z]+: /, '')}); ${dir} was left as it was`);
      }
      written = true;
      pausePoint('write:swapped');
      return out.map((name) => join(dir, name));
    },
    release() {
      // The lock first: a signal after the handlers are gone kills at once.
      dropLock();
      unhook();
      pausePoint('claim:released');
      if (written || created === undefined) return;
      // Remove the empty directories this claim created, innermost first.
      for (let d = parent; d.length >= created.length; d = dirname(d)) {
        try {
          rmdirSync(d);
        } catch {
          break;
        }
      }
    },
  };
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** True when `dir` is the working directory or holds it: renaming it would pull the ground from under the shell. */
function holdsCwd(dir: string): boolean {
  let cwd: string;
  try {
    cwd = realpathSync(process.cwd());
    dir = realpathSync(dir);
  } catch {
    return false;
  }
  return cwd === dir || cwd.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * `shared`: other processes write into `dir` at the same time (shards of one run on a shared
 * volume, each holding only its own file's lock), so the directory is never renamed as a whole (a
 * shard written between another's look and its rename would be swept away with the old directory):
 * it is created if missing and each file is renamed in on its own.
 */
function swapIn(parent: string, base: string, dir: string, files: Readonly<Record<string, string>>, set: readonly string[], shared: boolean): string[] {
  const names = Object.keys(files);
  // mkdir, not mkdtemp: the directory gets the umask's mode (mkdtemp's 0700 would hide the reports from the group).
  const tmp = join(parent, `.${base}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(tmp);
  try {
    for (const name of names) writeFileSync(join(tmp, name), files[name]!);
    pausePoint('write:temporary');
    const old = join(parent, `.${base}.old-${process.pid}-${randomBytes(4).toString('hex')}`);
    if (shared) {
      mkdirSync(dir, { recursive: true });
      pausePoint('write:looked');
      swapFiles(dir, tmp, old, names, [...new Set([...set, ...names])]);
      return names;
    }
    if (!existsSync(dir)) {
      pausePoint('write:looked');
      renameSync(tmp, dir);
      return names;
    }
    const replaced = new Set([...set, ...names]);
    const foreign = readdirSync(dir).filter((e) => !replaced.has(e));
    if (foreign.length === 0 && !holdsCwd(dir)) {
      // The new directory keeps the old one's permissions.
      chmodSync(tmp, statSync(dir).mode & 0o7777);
      // Nothing but our files: swap the whole directory in one rename.
      renameSync(dir, old);
      try {
        renameSync(tmp, dir);
      } catch (err) {
        renameSync(old, dir);
        throw err;
      }
      rmSync(old, { recursive: true, force: true });
      return names;
    }
    swapFiles(dir, tmp, old, names, [...replaced]);
    return names;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** File by file: move the old set aside, move the new files in; on any failure put everything back. */
function swapFiles(dir: string, tmp: string, old: string, names: readonly string[], set: readonly string[]): void {
  mkdirSync(old);
  const movedOut: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const name of set) {
      if (!existsSync(join(dir, name))) continue;
      renameSync(join(dir, name), join(old, name));
      movedOut.push(name);
    }
    for (const name of names) {
      renameSync(join(tmp, name), join(dir, name));
      movedIn.push(name);
    }
  } catch (err) {
    for (const name of movedIn) rmSync(join(dir, name), { force: true });
    for (const name of movedOut) renameSync(join(old, name), join(dir, name));
    throw err;
  } finally {
    rmSync(old, { recursive: true, force: true });
  }
}
