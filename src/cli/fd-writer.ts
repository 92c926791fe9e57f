/**
 * Output written straight to a file descriptor with writeSync, for the validate bundle
 * (quick-validate.ts): `process.stdout` would build a stream (and load node:stream, net or tty)
 * to print one line. Every byte is written before write() returns, so the process may exit at
 * once. A closed stdout (`balance validate x.yaml | head -0`) ends the process with 0, as
 * entry.ts does for the stream; a pipe that is full (EAGAIN, when another process set it
 * non-blocking) is waited on a millisecond at a time.
 */
const { writeSync } = process.getBuiltinModule('node:fs');

export interface FdWriter {
  write(text: string): boolean;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

export function fdWriter(fd: number): FdWriter {
  return {
    write(text: string): boolean {
      const bytes = Buffer.from(text, 'utf8');
      let done = 0;
      while (done < bytes.length) {
        try {
          done += writeSync(fd, bytes, done, bytes.length - done);
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'EAGAIN') Atomics.wait(pause, 0, 0, 1);
          else if (code === 'EPIPE') {
            if (fd === 1) process.exit(0);
            return false; // stderr closed: nowhere left to say anything
          } else throw err;
        }
      }
      return true;
    },
  };
}
