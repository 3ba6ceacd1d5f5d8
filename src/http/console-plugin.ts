/**
 * @module The web console at /_tessera/console/: the static bundle built from web/ (`npm run build:console`). It
 * talks to the same public APIs as any client, so it is served without credentials; the APIs ask for them.
 * Registered with the prefix `/_tessera/console`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const CONSOLE_PREFIX = '/_tessera/console';
const BUILT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

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
  await app.register(fastifyStatic, { root: BUILT, prefix: '/', index: ['index.html'], redirect: true });
}
