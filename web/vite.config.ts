/** The console's build: a static bundle the server serves at /_tessera/console/ (see src/http/console-plugin.ts). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/_tessera/console/',
  // React's automatic runtime through Vite's own transform: no framework plugin needed.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
});
