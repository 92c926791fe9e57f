#!/usr/bin/env node
// Runs npm scripts side by side (the machine has 2 cores; typecheck and lint each use about one),
// prints each one's output whole when it ends, and fails when any of them fails.
//   node scripts/parallel.mjs typecheck lint
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
const results = await Promise.all(names.map((name) => new Promise((done) => {
  const child = spawn(npm[0], [...npm.slice(1), 'run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  child.on('close', (code) => {
    process.stdout.write(`> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${out}`);
    done(code);
  });
})));
process.exitCode = results.every((c) => c === 0) ? 0 : 1;
