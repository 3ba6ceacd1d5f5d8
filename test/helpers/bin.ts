/**
 * @module The `tessera` command as users run it: bin/tessera.js, which runs the compiled bundle in dist/. A test of
 * the command must not pass or fail on yesterday's build, so a bundle older than a source file stops the test run.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
export const TESSERA_BIN = join(ROOT, 'bin/tessera.js');

function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

let built: number;
try {
  built = statSync(join(ROOT, 'dist/cli.js')).mtimeMs;
} catch {
  throw new Error('dist/cli.js is missing: run `npm run build:server` (npm install and npm test do it) before testing the tessera command');
}
if (newestSource(join(ROOT, 'src')) > built) {
  throw new Error('dist/ is older than src/: run `npm run build:server` (npm test does it) before testing the tessera command');
}

export interface CommandRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `tessera <args>` (or another copy's `bin`) to its end. */
export function runTessera(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; bin?: string } = {}): Promise<CommandRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [options.bin ?? TESSERA_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], cwd: options.cwd, env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
