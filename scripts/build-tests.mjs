// Compiles the test files into .test-build/: each test process then loads one bundle of plain JavaScript instead of
// hundreds of TypeScript modules through tsx's loader (about 2.5 s and 4 s of CPU a file, paid 380 times a CI run).
// Each module keeps its own import.meta.url (its source file's), so paths found from it (fixtures, docs, the package
// root, the simulation worker's source) are those of the source tree.
//
// It also writes .test-build/store-tests.txt: the files that reach a module reading TESSERA_TEST_DATABASE_URL, the
// only ones whose outcome depends on the store, so the only ones run again on PostgreSQL.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = '.test-build';
await rm(`${root}${outdir}`, { recursive: true, force: true });
const pattern = process.argv[2] === 'reliability' ? ['test/reliability', '-name', '*.reliability.ts'] : ['test', '-name', '*.test.ts'];
const entryPoints = execFileSync('find', pattern, { cwd: root, encoding: 'utf8' }).trim().split('\n');

const readsStoreChoice = new Set();

/** Gives each TypeScript module its source file's import.meta.url, which bundling would otherwise make the chunk's. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (text.includes('TESSERA_TEST_DATABASE_URL')) readsStoreChoice.add(args.path);
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const { metafile } = await build({
  absWorkingDir: root,
  entryPoints,
  outdir,
  outbase: '.',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  keepNames: true,
  sourcemap: 'linked',
  plugins: [sourceUrls],
  metafile: true,
  logLevel: 'warning',
});

function reachesStoreChoice(input, seen = new Set()) {
  if (seen.has(input)) return false;
  seen.add(input);
  if (readsStoreChoice.has(`${root}${input}`)) return true;
  return metafile.inputs[input].imports.some((i) => !i.external && reachesStoreChoice(i.path, seen));
}
const storeTests = entryPoints.filter((file) => reachesStoreChoice(file));
await writeFile(`${root}${outdir}/store-tests.txt`, storeTests.map((file) => `${file}\n`).join(''));
