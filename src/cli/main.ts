#!/usr/bin/env node
/**
 * The command line as an ES module: the same as the `balance` executable
 * (dist/src/cli/balance.cjs, which scripts/build-cli.mjs bundles from launcher.ts as CommonJS
 * because that starts ~9 ms sooner). See launcher.ts.
 */
import { launch } from './launcher.js';

const { dirname } = process.getBuiltinModule('node:path');
const { fileURLToPath } = process.getBuiltinModule('node:url');

await launch(dirname(fileURLToPath(import.meta.url)));
