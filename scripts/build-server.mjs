// Compiles the server into dist/: `tessera` runs JavaScript, with no TypeScript compiler or loader at run time.
// One bundle with its dependencies inside starts faster than hundreds of modules resolved and read one by one. Code
// that is imported dynamically (lint, forecasts, the PostgreSQL store, the console's file server) becomes a chunk
// of its own, read only when first used. `npm install` runs this (the prepare script); so does `npm test`.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli.ts', 'simulation-worker': 'src/ilm/simulate/simulation-worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // A native addon cannot be bundled; pg is loaded only for a PostgreSQL store, and its optional native binding
  // (pg-native) must stay a runtime lookup.
  external: ['better-sqlite3', 'pg'],
  // Bundled CommonJS dependencies (Fastify's) call require() for Node's built-in modules, which ESM lacks.
  banner: { js: "import { createRequire as __tesseraRequire } from 'node:module'; const require = __tesseraRequire(import.meta.url);" },
  sourcemap: 'linked',
  logLevel: 'warning',
});
