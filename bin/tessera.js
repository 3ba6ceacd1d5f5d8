#!/usr/bin/env node
// Runs the compiled server in dist/, which `npm install` builds (`npm run build:server` rebuilds it after a change).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('tessera is not built: run `npm run build` (npm install does it too)\n');
  process.exit(1);
}
await import(cli.href);
