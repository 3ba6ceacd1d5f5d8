/**
 * @module The web console at /_tessera/console/: the static bundle built from web/ (`npm run build:console`). It
 * talks to the same public APIs as any client, so it is served without credentials; the APIs ask for them.
 * Registered with the prefix `/_tessera/console`. Its file server loads on the first request for a file.
 */
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { packagePath } from '../platform/package-path.js';

export const CONSOLE_PREFIX = '/_tessera/console';
const BUILT = packagePath('web/dist/');

export async function consolePlugin(app: FastifyInstance): Promise<void> {
  // Relative asset URLs need the trailing slash.
  app.get('', async (_req, reply) => reply.redirect(`${CONSOLE_PREFIX}/`));
  app.setNotFoundHandler(async (req, reply) => reply.code(404).type('text/plain; charset=utf-8').send(`Not found: ${req.url.split('?')[0]}\n`));
  if (!existsSync(`${BUILT}/index.html`)) {
    app.get('/*', async (_req, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('The console is not built: run `npm run build:console` (npm install does it too).\n'),
    );
    return;
  }
  app.get<{ Params: { '*': string } }>('/*', async (req, reply) => {
    const { sendConsoleFile } = await import('./console-files.js');
    await sendConsoleFile(req, reply, BUILT, `/${req.params['*']}`);
  });
}
