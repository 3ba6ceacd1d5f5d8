/** Every ES route, driven from what each declares (its action): 401 without credentials, 403 naming its action without privileges. */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { declaredEsRoutes } from '../helpers/es-routes.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ROUTES = await declaredEsRoutes();
const NOBODY = `Basic ${Buffer.from('nobody:nobody-pw').toString('base64')}`;
/**
 * Always allowed to any authenticated user, as in ES, with the status the request below gets: asking what one may do
 * is open to all too, and its GET (which fetch sends without a body) is refused for the missing body, not for want of
 * a privilege.
 */
const OPEN_TO_ALL: ReadonlyMap<string, number> = new Map([
  ['GET /_security/_authenticate', 200],
  ['GET /_security/user/_has_privileges', 400],
  ['POST /_security/user/_has_privileges', 200],
  ['GET /_security/user/_privileges', 200],
]);

function requestFor(route: string): { method: string; path: string; body?: string; contentType?: string } {
  const [method, pattern] = route.split(' ') as [string, string];
  const path = pattern.replace(/:[a-z_]+/g, 'logs-1');
  if (path.endsWith('/_aliases')) return { method, path, body: JSON.stringify({ actions: [{ add: { index: 'logs-1', alias: 'logs' } }] }), contentType: 'application/json' };
  if (path.endsWith('/_has_privileges') && method === 'POST') return { method, path, body: JSON.stringify({ cluster: ['monitor'] }), contentType: 'application/json' };
  if (path.endsWith('/_bulk')) return { method, path, body: '{"index":{"_index":"logs-1"}}\n{"a":1}\n', contentType: 'application/x-ndjson' };
  return { method, path, ...(method !== 'GET' && method !== 'HEAD' && method !== 'DELETE' && { body: '{}', contentType: 'application/json' }) };
}

describe('every ES route with security on', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    const es = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await es.security.putUser({ username: 'nobody', password: 'nobody-pw', roles: [] });
    // An index to act on, so routes over all indices have one to refuse.
    await es.indices.create({ index: 'logs-1' });
    await es.close();
  });
  after(() => server.dispose());

  const send = (route: string, authorization?: string) => {
    const { method, path, body, contentType } = requestFor(route);
    return fetch(server.url + path, {
      method,
      headers: { ...(authorization && { authorization }), ...(contentType && { 'content-type': contentType }) },
      ...(body !== undefined && { body }),
    });
  };

  for (const [route, { action: { action } }] of ROUTES) {
    it(`${route}: 401 without credentials, ${OPEN_TO_ALL.get(route) ?? 403} without privileges`, async () => {
      const path = requestFor(route).path;
      const anonymous = await send(route);
      assert.equal(anonymous.status, 401);
      if (!route.startsWith('HEAD ')) {
        assert.equal((await anonymous.json()).error.reason, `missing authentication credentials for REST request [${path}]`);
      }
      const unprivileged = await send(route, NOBODY);
      if (OPEN_TO_ALL.has(route)) {
        assert.equal(unprivileged.status, OPEN_TO_ALL.get(route));
        return;
      }
      assert.equal(unprivileged.status, 403);
      if (route.startsWith('HEAD ')) return;
      const { type, reason } = (await unprivileged.json()).error;
      assert.equal(type, 'security_exception');
      // A wildcard narrows to the indices the user may act on: with none, ES names no index in its refusal. Nor does
      // it for an action whose indices the body names, refused before the body is read to a caller who holds the
      // action on no index at all (ES's composite actions, such as _bulk).
      const { indices, param = 'index' } = ROUTES.get(route)!.action;
      const onIndices = indices === 'path' && !route.includes(`:${param}`) ? ',' : indices === 'path' ? ' on indices [logs-1]' : indices ? ',' : '';
      assert.match(reason, new RegExp(`^action \\[${action.replace(/[[\]/*.]/g, '\\$&')}\\] is unauthorized for user \\[nobody\\] with roles \\[\\]${onIndices.replace(/[[\]]/g, '\\$&')}`));
    });
  }
});
