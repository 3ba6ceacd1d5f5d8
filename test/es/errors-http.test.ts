import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { assertEnvelope, envelope, esClient, esFetch, indexNotFound, TEST_OPTIONS } from './es-helpers.js';

const VENDOR_8 = 'application/vnd.elasticsearch+json; compatible-with=8';

describe('HTTP behaviour of the ES API', () => {
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startTestServer();
    client = esClient(server.url);
    await client.indices.create({ index: 'http-yellow', aliases: { 'http-writer': { is_write_index: true } } });
    await client.indices.create({ index: 'http-other' });
  });
  after(async () => {
    await client.close();
    await server.dispose();
  });

  describe('X-elastic-product', () => {
    const cases: [what: string, method: string, path: string, body: unknown, status: number][] = [
      ['a 200 JSON answer', 'GET', '/_cluster/settings', undefined, 200],
      ['a 200 text answer', 'GET', '/_cat/indices?v', undefined, 200],
      ['a 200 HEAD answer', 'HEAD', '/http-yellow', undefined, 200],
      ['a 404 HEAD answer', 'HEAD', '/http-missing', undefined, 404],
      ['a 400 error', 'PUT', '/_cluster/settings', { persistent: { 'x.y': 1 } }, 400],
      ['a 404 error', 'GET', '/http-missing', undefined, 404],
      ['a 408 health timeout', 'GET', '/_cluster/health?wait_for_status=green&timeout=1ms', undefined, 408],
      ['a 500 error', 'PUT', '/http-other/_alias/http-writer', { is_write_index: true }, 500],
    ];
    for (const [what, method, path, body, status] of cases) {
      it(`is on ${what}`, TEST_OPTIONS, async () => {
        const response = await esFetch(server.url, path, { method, body });
        assert.equal(response.status, status, response.text);
        assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
      });
    }

    it('lets the official client (which checks it on every 2xx) talk to the server', TEST_OPTIONS, async () => {
      assert.equal((await client.info()).tagline, 'You Know, for Search');
      assert.equal((await client.cat.indices({ format: 'json' })).length, 2);
    });
  });

  describe('the error envelope', () => {
    it('carries root_cause, type, reason, the metadata and the status', TEST_OPTIONS, async () => {
      assertEnvelope(await esFetch(server.url, '/http-missing/_settings'), indexNotFound('http-missing'));
      assertEnvelope(
        await esFetch(server.url, '/http-other/_alias/http-writer', { method: 'PUT', body: { is_write_index: true } }),
        envelope(500, 'illegal_state_exception', 'alias [http-writer] has more than one write index [http-other,http-yellow]'),
      );
    });

    it('honours pretty on errors too', TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, '/http-missing?pretty');
      assert.equal(response.status, 404);
      assert.ok(response.text.startsWith('{\n  "error": {\n'), response.text);
      assert.deepEqual(response.json, indexNotFound('http-missing'));
    });
  });

  describe('routes that do not exist', () => {
    it('an unknown path is a 400 "no handler found" whose error is a plain string, as ES sends it', TEST_OPTIONS, async () => {
      // RestController.handleBadRequest writes {"error": "no handler found for uri [...] and method [...]"}, not an exception envelope.
      const response = await esFetch(server.url, '/a/b/c');
      assert.equal(response.status, 400);
      assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
      assert.equal(response.json?.error, 'no handler found for uri [/a/b/c] and method [GET]');
    });

    it('the message names the method', TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, '/a/b/c', { method: 'DELETE' });
      assert.equal(response.status, 400);
      assert.match(response.text, /no handler found for uri \[\/a\/b\/c\] and method \[DELETE\]/);
    });

    it('a known path with a method it does not take is a 405 naming the allowed methods', TEST_OPTIONS, async () => {
      // RestController.handleUnsupportedHttpMethod: {"error": "Incorrect HTTP method ...", "status": 405} and an Allow header.
      const response = await esFetch(server.url, '/_cluster/health', { method: 'DELETE' });
      assert.equal(response.status, 405, response.text);
      assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
      assert.deepEqual(response.json, { error: 'Incorrect HTTP method for uri [/_cluster/health] and method [DELETE], allowed: [GET]', status: 405 });
      assert.equal(response.headers.get('allow'), 'GET');
    });
  });

  describe('request bodies', () => {
    for (const [method, path] of [
      ['POST', '/_aliases'],
      ['PUT', '/_cluster/settings'],
      ['PUT', '/_index_template/broken'],
      ['PUT', '/http-yellow/_settings'],
    ] as const) {
      it(`malformed JSON on ${method} ${path} is a 400 x_content_parse_exception with a [line:column]`, TEST_OPTIONS, async () => {
        const response = await esFetch(server.url, path, { method, body: '{"actions": [ {' });
        assert.equal(response.status, 400, response.text);
        assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
        assert.equal(response.json.status, 400);
        assert.equal(response.json.error.type, 'x_content_parse_exception');
        assert.match(response.json.error.reason, /^\[\d+:\d+\] /);
        assert.equal(response.json.error.root_cause[0].type, 'x_content_parse_exception');
      });
    }

    it('malformed JSON when creating an index is a 400 and creates nothing', TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, '/http-broken', { method: 'PUT', body: '{"settings": {"number_of_shards": }' });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
      assert.equal(await client.indices.exists({ index: 'http-broken' }), false);
    });

    it('a body sent as text/plain is refused with 406, as ES does', TEST_OPTIONS, async () => {
      // RestController: "Content-Type header [...] is not supported" (406) for a body whose type is not an XContent type.
      const response = await esFetch(server.url, '/http-plain', {
        method: 'PUT',
        body: '{"settings":{"number_of_shards":2}}',
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(response.status, 406, response.text);
      assert.deepEqual(response.json, { error: 'Content-Type header [text/plain] is not supported', status: 406 });
      assert.equal(await client.indices.exists({ index: 'http-plain' }), false);
    });

    it('a body sent as a form (curl\'s default) is refused with 406, as ES does', TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, '/http-form', {
        method: 'PUT',
        body: '{}',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(response.status, 406, response.text);
      assert.deepEqual(response.json, { error: 'Content-Type header [application/x-www-form-urlencoded] is not supported', status: 406 });
      assert.equal(await client.indices.exists({ index: 'http-form' }), false);
    });
  });

  describe('media types', () => {
    it('answers plain JSON requests as application/json', TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, '/_cluster/settings', { headers: { accept: 'application/json' } });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    });

    it('accepts the compatible-with=8 vendor type on both headers', TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, '/http-vendor', { method: 'PUT', body: '{}', headers: { 'content-type': VENDOR_8, accept: VENDOR_8 } });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.json, { acknowledged: true, shards_acknowledged: true, index: 'http-vendor' });
      assert.match(response.headers.get('content-type') ?? '', /^application\/vnd\.elasticsearch\+json/);
    });

    it('answers compatible-with=8 with ES’s exact content type: compatible-with=8, unquoted', TEST_OPTIONS, async () => {
      // ES answers `application/vnd.elasticsearch+json;compatible-with=8`; clients match on `compatible-with=8`.
      for (const path of ['/', '/http-missing']) {
        const response = await esFetch(server.url, path, { headers: { accept: VENDOR_8 } });
        assert.match(response.headers.get('content-type') ?? '', /^application\/vnd\.elasticsearch\+json;\s*compatible-with=8(;|$)/, path);
      }
    });

    it('accepts compatible-with=7 (REST compatibility) as ES 8 does', TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, '/', { headers: { accept: 'application/vnd.elasticsearch+json; compatible-with=7' } });
      assert.equal(response.status, 200, response.text);
      assert.match(response.headers.get('content-type') ?? '', /^application\/vnd\.elasticsearch\+json/);
    });

    it('refuses compatible-with=5 on Accept with a 400 media_type_header_exception', TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, '/', { headers: { accept: 'application/vnd.elasticsearch+json; compatible-with=5' } });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
      assert.equal(response.json.status, 400);
      assert.equal(response.json.error.type, 'media_type_header_exception');
      assert.equal(response.json.error.reason, 'Invalid media-type value on headers [Accept]');
      assert.equal(response.json.error.root_cause[0].type, 'media_type_header_exception');
    });

    it('refuses compatible-with=5 on Content-Type, naming that header, and does not act on the request', TEST_OPTIONS, async () => {
      const response = await esFetch(server.url, '/http-compat5', {
        method: 'PUT',
        body: '{}',
        headers: { 'content-type': 'application/vnd.elasticsearch+json; compatible-with=5' },
      });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.json.error.type, 'media_type_header_exception');
      assert.equal(response.json.error.reason, 'Invalid media-type value on headers [Content-Type]');
      assert.equal(await client.indices.exists({ index: 'http-compat5' }), false);
    });
  });
});
