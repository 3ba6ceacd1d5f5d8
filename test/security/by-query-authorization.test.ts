/**
 * The by-query actions and reindex with security on: the action itself needs its privilege on the path's indices,
 * and, as in ES, the inner search and each write run as the caller — `read` on what is read, the write privilege on
 * each index written (a refused write fails as its bulk item would, in the answer's failures).
 */
import { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { esErrorOf } from '../helpers/es.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('by-query actions and reindex with security on', () => {
  let server: TestServer;
  let elastic: Client;
  let bob: Client;
  before(async () => {
    server = await startTestServer({ security: true, elasticPassword: 'elastic-pw' });
    elastic = new Client({ node: server.url, auth: { username: 'elastic', password: 'elastic-pw' } });
    await elastic.security.putRole({
      name: 'mixed',
      indices: [
        { names: ['src'], privileges: ['read', 'write'] },
        { names: ['cleanup'], privileges: ['read', 'delete'] },
        { names: ['blind'], privileges: ['delete'] },
        { names: ['readonly', 'dst'], privileges: ['read'] },
      ],
    });
    await elastic.security.putUser({ username: 'bob', password: 'bob-password', roles: ['mixed'] });
    bob = new Client({ node: server.url, auth: { username: 'bob', password: 'bob-password' } });
    for (const index of ['src', 'src-secret', 'cleanup', 'blind', 'readonly', 'dst']) {
      await elastic.bulk({ operations: [1, 2, 3].flatMap((n) => [{ index: { _index: index, _id: `${n}` } }, { n }]) });
    }
  });
  after(async () => {
    await bob.close();
    await elastic.close();
    await server.dispose();
  });

  const denied = (reason: string) => ({ status: 403, type: 'security_exception', reason });

  it('delete grants delete by query where read lets the search run', async () => {
    const response = await bob.deleteByQuery({ index: 'cleanup', query: { range: { n: { gte: 2 } } } });
    assert.equal(response.deleted, 2);
    assert.equal((await elastic.count({ index: 'cleanup' })).count, 1);
  });

  it('refuses the action without its privilege, and the search without read', async () => {
    assert.deepEqual(
      await esErrorOf(bob.deleteByQuery({ index: 'readonly', query: { match_all: {} } })),
      denied('action [indices:data/write/delete/byquery] is unauthorized for user [bob] with roles [mixed] on indices [readonly], this action is granted by the index privileges [write,delete,all]'),
    );
    assert.deepEqual(
      await esErrorOf(bob.deleteByQuery({ index: 'blind', query: { match_all: {} } })),
      denied('action [indices:data/read/search] is unauthorized for user [bob] with roles [mixed] on indices [blind], this action is granted by the index privileges [read,all]'),
    );
    assert.equal((await elastic.count({ index: 'blind' })).count, 3);
  });

  it('a reindex into an index the caller may not write fails on its writes, as bulk items do', async () => {
    const response = (await bob.reindex({ source: { index: 'src' }, dest: { index: 'dst' } }, { ignore: [403], meta: true })) as unknown as { statusCode: number; body: Record<string, any> };
    assert.equal(response.statusCode, 403);
    assert.equal(response.body.created + response.body.updated, 0);
    assert.equal(response.body.failures.length, 3);
    assert.deepEqual(response.body.failures[0], {
      index: 'dst',
      id: '1',
      cause: {
        type: 'security_exception',
        reason: 'action [indices:data/write/index] is unauthorized for user [bob] with roles [mixed] on indices [dst], this action is granted by the index privileges [write,index,all]',
      },
      status: 403,
    });
    // A wildcard reads only what the caller may read, as any search of its does.
    const narrowed = await bob.deleteByQuery({ index: 'src*', query: { match_all: {} }, max_docs: 1 });
    assert.equal(narrowed.total, 1);
    const wild = (await bob.reindex({ source: { index: 'src*' }, dest: { index: 'dst' } }, { ignore: [403], meta: true })) as unknown as { statusCode: number; body: Record<string, any> };
    assert.equal(wild.body.total, 2);
    assert.equal((await elastic.count({ index: 'src-secret' })).count, 3);
    // Into an index it may write, the same reindex copies.
    const copied = await bob.reindex({ source: { index: 'dst' }, dest: { index: 'src' } });
    assert.equal(copied.updated, 2);
    assert.equal(copied.created, 1);
  });
});
