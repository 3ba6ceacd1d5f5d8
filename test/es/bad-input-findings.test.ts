/**
 * Bad input the reliability fuzzing found mishandled (test/reliability/bad-input.reliability.ts): 500s, bodies that
 * were not ES error envelopes, and invalid input that changed the state. Each is pinned to ES's answer.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { before, describe, it } from 'node:test';
import { assertEnvelope, envelope, esFetch, indexNotFound, TEST_OPTIONS, useEsServer, type RawResponse } from './es-helpers.js';

const NESTING = '`StreamReadConstraints.getMaxNestingDepth()`';

/** A raw request whose headers and body bytes are sent exactly as given (no Content-Type added). */
function rawRequest(url: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(key, value);
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: responseHeaders, text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Raw bytes on a fresh connection; the answer, read until the server closes the connection. */
function rawExchange(url: string, bytes: string): Promise<{ head: string; json: any }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server did not answer and close'));
    }, 5_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ head: text.slice(0, split), json: JSON.parse(text.slice(split + 4)) });
    });
  });
}

function nested(depth: number): string {
  return `{"fz":${'{"a":'.repeat(depth - 1)}1${'}'.repeat(depth - 1)}}`;
}

describe('ES bad input found by the fuzzing', () => {
  const ctx = useEsServer();

  before(async () => {
    await ctx.client.indices.create({ index: 'found-plain', settings: { number_of_replicas: 0 } });
    await ctx.client.indices.create({ index: 'found-logs-000001', aliases: { 'found-logs': { is_write_index: true } } });
    await ctx.client.index({ index: 'found-docs', id: '1', document: { a: 1 } });
  });

  const docCount = async () => (await ctx.client.count({ index: 'found-docs' })).count;

  it('a null character in a name is refused on every store (PostgreSQL text cannot hold one: these were 500s there)', TEST_OPTIONS, async () => {
    const pathRefusal = envelope(400, 'illegal_argument_exception', 'the request path must not contain the null character [%00]');
    for (const [method, path] of [['PUT', '/a%00b'], ['PUT', '/_index_template/t%00'], ['PUT', '/_ilm/policy/p%00'], ['PUT', '/found-docs/_doc/%00'], ['GET', '/found-docs/_doc/%00']] as const) {
      assertEnvelope(await esFetch(ctx.url, path, { method, body: method === 'PUT' ? { a: 1 } : undefined }), pathRefusal);
    }
    const bulk = await ctx.client.bulk({ operations: [{ index: { _index: 'found-docs', _id: 'a\u0000b' } }, { a: 1 }, { index: { _index: 'x\u0000y' } }, { a: 1 }] });
    assert.deepEqual(
      bulk.items.map((i) => [i.index?.status, i.index?.error?.type, i.index?.error?.reason]),
      [
        [400, 'action_request_validation_exception', 'Validation Failed: 1: id [a\\u0000b] must not contain the null character;'],
        [400, 'invalid_index_name_exception', 'Invalid index name [x\u0000y], must not contain the null character'],
      ],
    );
    assert.equal(await docCount(), 1);
  });

  it('JSON nested deeper than 1000 levels is a 400 x_content_parse_exception (flattening settings overflowed the stack: a 500)', TEST_OPTIONS, async () => {
    const settings = await esFetch(ctx.url, '/found-plain/_settings', { method: 'PUT', body: nested(1001) });
    assertEnvelope(settings, envelope(400, 'x_content_parse_exception', `[1:5002] Document nesting depth (1001) exceeds the maximum allowed (1000, from ${NESTING})`));
    const document = await esFetch(ctx.url, '/found-docs/_doc/deep', { method: 'PUT', body: `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}` });
    assertEnvelope(document, envelope(400, 'x_content_parse_exception', `[1:1005] Document nesting depth (1001) exceeds the maximum allowed (1000, from ${NESTING})`));
    // 1000 levels are fine to the parser (mapping them would pass index.mapping.depth.limit, so the index maps nothing).
    await ctx.client.indices.create({ index: 'found-deep', mappings: { dynamic: false } });
    assert.equal((await esFetch(ctx.url, '/found-deep/_doc/deep', { method: 'PUT', body: nested(1000) })).status, 201);
    await ctx.client.indices.delete({ index: 'found-deep' });
  });

  it('a Content-Type that does not parse is a 400 media_type_header_exception, an unknown one a 406 (both were 500s)', TEST_OPTIONS, async () => {
    for (const contentType of [';', 'application/', 'application/json, text/plain']) {
      assertEnvelope(
        await rawRequest(ctx.url, 'PUT', '/found-plain/_settings', { 'content-type': contentType }, '{}'),
        envelope(400, 'media_type_header_exception', 'Invalid media-type value on headers [Content-Type]'),
      );
    }
    for (const contentType of ['', 'text/(csv)']) {
      const response = await rawRequest(ctx.url, 'PUT', '/found-plain/_settings', { 'content-type': contentType }, '{}');
      assert.equal(response.status, 406, response.text);
      assert.deepEqual(response.json, { error: `Content-Type header [${contentType}] is not supported`, status: 406 });
    }
    // RestController's words for a body without the header at all.
    const missing = await rawRequest(ctx.url, 'PUT', '/found-plain/_settings', {}, '{}');
    assert.equal(missing.status, 406);
    assert.deepEqual(missing.json, { error: 'Content-Type header is missing', status: 406 });
  });

  it('a body that is not UTF-8 is a 400 x_content_parse_exception and writes nothing (it was read as U+FFFD and stored)', TEST_OPTIONS, async () => {
    const body = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const response = await rawRequest(ctx.url, 'PUT', '/found-docs/_doc/latin', { 'content-type': 'application/json' }, body);
    assertEnvelope(response, envelope(400, 'x_content_parse_exception', '[1:7] Invalid UTF-8 start byte 0xff'));
    assert.equal((await esFetch(ctx.url, '/found-docs/_doc/latin')).status, 404);
  });

  it('bulk metadata must be simple values of parameters BulkRequestParser knows (an array _index was a 500, an object _id was stored as "[object Object]")', TEST_OPTIONS, async () => {
    const cases: [string, string][] = [
      ['{"index":{"_index":["found-docs"]}}\n{"a":1}\n', 'Malformed action/metadata line [1], expected a simple value for field [_index] but found [START_ARRAY]'],
      ['{"index":{"_index":"found-docs","_id":{"a":1}}}\n{"a":1}\n', 'Malformed action/metadata line [1], expected a simple value for field [_id] but found [START_OBJECT]'],
      ['{"index":{"_index":"found-docs"}}\n{"a":1}\n{"index":5}\n{"a":1}\n', 'Malformed action/metadata line [3], expected START_OBJECT or END_OBJECT but found [VALUE_NUMBER]'],
      ['{"index":"found-docs"}\n{"a":1}\n', 'Malformed action/metadata line [1], expected START_OBJECT or END_OBJECT but found [VALUE_STRING]'],
      ['{"index":{"_index":"found-docs","_type":"doc"}}\n{"a":1}\n', 'Action/metadata line [1] contains an unknown parameter [_type]'],
    ];
    for (const [body, reason] of cases) {
      const response = await esFetch(ctx.url, '/_bulk', { method: 'POST', body, headers: { 'content-type': 'application/x-ndjson' } });
      assertEnvelope(response, envelope(400, 'illegal_argument_exception', reason));
    }
    // ES reads numbers as text, and takes the parameters Tessera does not act on.
    const numbers = await ctx.client.bulk({ operations: [{ index: { _index: 'found-docs', _id: 7 as unknown as string, routing: 'r', if_seq_no: undefined } }, { a: 7 }] });
    assert.equal(numbers.errors, false);
    assert.equal(numbers.items[0]!.index!._id, '7');
    await ctx.client.delete({ index: 'found-docs', id: '7' });
    assert.equal(await docCount(), 1);
  });

  it('rollover takes an object body with the conditions ES knows, of their types (a body of 5 or [] rolled over)', TEST_OPTIONS, async () => {
    const rollover = (body: string) => esFetch(ctx.url, '/found-logs/_rollover', { method: 'POST', body });
    assertEnvelope(await rollover('5'), envelope(400, 'parse_exception', 'request body must be an object'));
    assertEnvelope(await rollover('[]'), envelope(400, 'parse_exception', 'request body must be an object'));
    assertEnvelope(await rollover('{"conditions":null}'), envelope(400, 'parse_exception', '[rollover] failed to parse field [conditions]'));
    assertEnvelope(await rollover('{"settings":"x"}'), envelope(400, 'parse_exception', '[rollover] failed to parse field [settings]'));
    assertEnvelope(await rollover('{"conditions":{"min_foo":"0b"}}'), envelope(400, 'parse_exception', '[conditions] unknown field [min_foo]'));
    assertEnvelope(await rollover('{"conditions":{"max_docs":"abc"}}'), envelope(400, 'parse_exception', '[conditions] failed to parse field [max_docs]'));
    // Counts are Java longs: one beyond them is refused, not compared as a float.
    assertEnvelope(await rollover('{"conditions":{"max_docs":1e30}}'), envelope(400, 'parse_exception', '[conditions] failed to parse field [max_docs]'));
    assertEnvelope(await rollover('{"conditions":{"min_docs":"9223372036854775808"}}'), envelope(400, 'parse_exception', '[conditions] failed to parse field [min_docs]'));
    assertEnvelope(await rollover('{"conditions":{"max_age":7}}'), envelope(400, 'parse_exception', '[conditions] failed to parse field [max_age]'));
    assertEnvelope(
      await rollover('{"conditions":{"max_age":"-3d"}}'),
      envelope(400, 'illegal_argument_exception', 'failed to parse setting [max_age] with value [-3d] as a time value: negative durations are not supported'),
    );
    assertEnvelope(await esFetch(ctx.url, '/found-logs-000002'), indexNotFound('found-logs-000002'));
    // A numeric string is a count, as ES's long parser takes it.
    const dryRun = await esFetch(ctx.url, '/found-logs/_rollover?dry_run=true', { method: 'POST', body: '{"conditions":{"max_docs":"1000"}}' });
    assert.equal(dryRun.status, 200, dryRun.text);
  });

  it('settings: a list for a setting that is not one, an update with no settings, a body that is not an object', TEST_OPTIONS, async () => {
    const listIndex = await esFetch(ctx.url, '/found-plain/_settings', { method: 'PUT', body: { index: { lifecycle: { name: [{}] } } } });
    assertEnvelope(listIndex, envelope(400, 'illegal_argument_exception', 'Found list type value for setting [index.lifecycle.name] but but did not expect a list for it.'));
    const listCluster = await esFetch(ctx.url, '/_cluster/settings', { method: 'PUT', body: { persistent: { 'indices.lifecycle.history_index_enabled': ['true'] } } });
    assertEnvelope(listCluster, envelope(400, 'illegal_argument_exception', 'Found list type value for setting [indices.lifecycle.history_index_enabled] but but did not expect a list for it.'));
    assertEnvelope(await esFetch(ctx.url, '/_cluster/settings', { method: 'PUT', body: '[]' }), envelope(400, 'parse_exception', 'request body is required'));
    for (const body of ['{}', 'null', '{"settings":{}}']) {
      assertEnvelope(await esFetch(ctx.url, '/found-plain/_settings', { method: 'PUT', body }), envelope(400, 'action_request_validation_exception', 'Validation Failed: 1: no settings to update;'));
    }
    // Validated even when the expression names no index.
    assertEnvelope(
      await esFetch(ctx.url, '/,/_settings', { method: 'PUT', body: { index: { number_of_replicas: 'x' } } }),
      envelope(400, 'illegal_argument_exception', 'Failed to parse value [x] for setting [index.number_of_replicas]'),
    );
    assert.equal((await ctx.client.indices.getSettings({ index: 'found-plain', flat_settings: true }))['found-plain']!.settings!['index.lifecycle.name'], undefined);
    assert.deepEqual((await ctx.client.cluster.getSettings()).persistent, {});
  });

  it('create index: mappings must be an object, an alias filter a query and its routing a value (they were stored as given)', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/found-bad', { method: 'PUT', body: { mappings: 'x' } }), envelope(400, 'parse_exception', 'key [mappings] must be an object'));
    assertEnvelope(await esFetch(ctx.url, '/found-bad', { method: 'PUT', body: { aliases: { a1: { filter: 5 } } } }), envelope(400, 'parse_exception', '[alias] failed to parse field [filter]'));
    assertEnvelope(await esFetch(ctx.url, '/found-bad', { method: 'PUT', body: { aliases: { a1: { routing: [{}] } } } }), envelope(400, 'parse_exception', '[alias] failed to parse field [routing]'));
    assertEnvelope(await esFetch(ctx.url, '/_aliases', { method: 'POST', body: { actions: [{ add: { index: 'found-plain', alias: 'a1', filter: 'x' } }] } }), envelope(400, 'parse_exception', '[alias] failed to parse field [filter]'));
    assertEnvelope(await esFetch(ctx.url, '/found-bad'), indexNotFound('found-bad'));
    // A numeric routing is its text, as ES reads it.
    await ctx.client.indices.create({ index: 'found-routed', aliases: { 'found-routed-alias': { routing: 3 as unknown as string } } });
    assert.deepEqual((await ctx.client.indices.getAlias({ index: 'found-routed' }))['found-routed']!.aliases, { 'found-routed-alias': { index_routing: '3', search_routing: '3' } });
    await ctx.client.indices.delete({ index: 'found-routed' });
  });

  it('index templates: names and patterns as MetadataIndexTemplateService validates them, and typed members (a name with a comma could not even be deleted)', TEST_OPTIONS, async () => {
    const put = (name: string, body: unknown) => esFetch(ctx.url, `/_index_template/${name}`, { method: 'PUT', body });
    const invalid = (name: string, ...causes: string[]) =>
      envelope(400, 'invalid_index_template_exception', `index_template [${name}] invalid, cause [Validation Failed: ${causes.map((c, i) => `${i + 1}: ${c};`).join('')}]`);
    assertEnvelope(await put('UPPER', { index_patterns: ['found-t-*'] }), invalid('UPPER', 'name must be lower cased'));
    assertEnvelope(await put('a,b', { index_patterns: ['found-t-*'] }), invalid('a,b', "name must not contain a ','"));
    assertEnvelope(await put('_under', { index_patterns: ['found-t-*'] }), invalid('_under', "name must not start with '_'"));
    assertEnvelope(await put('found-t', { index_patterns: ['_under'] }), invalid('found-t', "index_pattern [_under] must not start with '_'"));
    assertEnvelope(
      await put('found-t', { index_patterns: ['a b'] }),
      invalid('found-t', 'index_patterns [a b] must not contain a space', 'index_pattern [a b] must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]'),
    );
    for (const [member, value] of [['version', 'x'], ['_meta', 5], ['data_stream', 'x'], ['allow_auto_create', 'yes']] as const) {
      assertEnvelope(await put('found-t', { index_patterns: ['found-t-*'], [member]: value }), envelope(400, 'x_content_parse_exception', `[index_template] failed to parse field [${member}]`));
    }
    assertEnvelope(await put('found-t', { index_patterns: ['found-t-*'], template: { mappings: 'x' } }), envelope(400, 'x_content_parse_exception', '[template] failed to parse field [mappings]'));
    assert.deepEqual((await ctx.client.indices.getIndexTemplate()).index_templates, []);
  });

  it("aliases: '.', '..' and names over 255 bytes are invalid; POST /_aliases knows only actions", TEST_OPTIONS, async () => {
    const invalidAlias = (alias: string, why: string) =>
      envelope(400, 'invalid_alias_name_exception', `Invalid alias name [${alias}]: ${why}`, { index_uuid: '_na_', index: 'found-plain' });
    // (Sent raw: fetch would resolve the dot segments.)
    const putAlias = (alias: string) => rawRequest(ctx.url, 'PUT', `/found-plain/_alias/${alias}`, { 'content-type': 'application/json' }, '{}');
    assertEnvelope(await putAlias('..'), invalidAlias('..', "must not be '.' or '..'"));
    assertEnvelope(await putAlias('.'), invalidAlias('.', "must not be '.' or '..'"));
    const long = 'a'.repeat(256);
    assertEnvelope(await esFetch(ctx.url, `/found-plain/_alias/${long}`, { method: 'PUT', body: {} }), invalidAlias(long, 'index name is too long, (256 > 255)'));
    assertEnvelope(
      await esFetch(ctx.url, '/_aliases', { method: 'POST', body: { actions: [{ add: { index: 'found-plain', alias: 'found-extra' } }], fz: 1 } }),
      envelope(400, 'x_content_parse_exception', '[aliases] unknown field [fz]'),
    );
    assert.deepEqual((await ctx.client.indices.getAlias({ index: 'found-plain' }))['found-plain']!.aliases, {});
  });

  it('documents: an empty id is refused (PUT /index/_doc/ stored a document under "")', TEST_OPTIONS, async () => {
    assertEnvelope(await esFetch(ctx.url, '/found-docs/_doc/', { method: 'PUT', body: { a: 1 } }), envelope(400, 'illegal_argument_exception', 'if _id is specified it must not be empty'));
    const bulk = await ctx.client.bulk({ operations: [{ index: { _index: 'found-docs', _id: '' } }, { a: 1 }] });
    assert.deepEqual(bulk.items[0]!.index!.error, { type: 'illegal_argument_exception', reason: 'if _id is specified it must not be empty' });
    assert.equal(await docCount(), 1);
  });

  it('deleting an expression of nothing but commas is refused like a wildcard (it answered acknowledged)', TEST_OPTIONS, async () => {
    for (const path of ['/,', '/%2C', '/,,']) {
      assertEnvelope(await esFetch(ctx.url, path, { method: 'DELETE' }), envelope(400, 'illegal_argument_exception', 'Wildcard expressions or all indices are not allowed'));
    }
  });

  it('ILM policies: booleans must be booleans, _meta an object, min_age not negative (they were coerced or dropped)', TEST_OPTIONS, async () => {
    const put = (policy: unknown) => esFetch(ctx.url, '/_ilm/policy/found-policy', { method: 'PUT', body: { policy } });
    const boolean = await put({ phases: { delete: { actions: { delete: { delete_searchable_snapshot: 2 } } } } });
    assert.equal(boolean.status, 400, boolean.text);
    assert.equal(boolean.json.error.reason, '[phase] failed to parse field [actions]');
    assert.deepEqual(boolean.json.error.root_cause, [{ type: 'x_content_parse_exception', reason: '[delete] failed to parse field [delete_searchable_snapshot]' }]);
    assertEnvelope(await put({ phases: {}, _meta: 'x' }), envelope(400, 'x_content_parse_exception', '[lifecycle_policy] failed to parse field [_meta]'));
    const age = await put({ phases: { warm: { min_age: '-3d', actions: {} } } });
    assert.equal(age.status, 400, age.text);
    assert.deepEqual(age.json.error.root_cause, [{ type: 'illegal_argument_exception', reason: 'failed to parse setting [min_age] with value [-3d] as a time value: negative durations are not supported' }]);
    // The strings ES's boolean parser takes, and -1, the one negative time value ES has.
    const accepted = await put({ phases: { warm: { min_age: '-1', actions: { migrate: { enabled: 'false' } } } } });
    assert.equal(accepted.status, 200, accepted.text);
    await ctx.client.ilm.deleteLifecycle({ name: 'found-policy' });
  });

  it('URLs the router cannot decode, over-long path segments, and requests the HTTP parser refuses get ES envelopes', TEST_OPTIONS, async () => {
    // These were Fastify's own JSON, without X-elastic-product.
    const escapes: [string, string][] = [
      ['/%zz', "invalid escape sequence `%zz' at index 0 of: %zz"],
      ['/found-plain/_settings/%E0%A4%A', 'partial escape sequence at end of string: %E0%A4%A'],
      ['/found-plain%', 'unterminated escape sequence at end of string: found-plain%'],
    ];
    for (const [path, reason] of escapes) {
      const response = await rawRequest(ctx.url, 'GET', path, {});
      assertEnvelope(response, envelope(400, 'illegal_argument_exception', reason));
    }
    // A segment over the router's old limit reaches the route, which judges the name.
    const long = 'n'.repeat(2_000);
    assertEnvelope(await esFetch(ctx.url, `/${long}`), indexNotFound(long));
    assertEnvelope(await esFetch(ctx.url, `/${long}`, { method: 'PUT', body: {} }), envelope(400, 'invalid_index_name_exception', `Invalid index name [${long}], index name is too long, (2000 > 255)`, { index_uuid: '_na_', index: long }));
    // The HTTP parser's refusals: an envelope, and the connection closed (the next bytes on it cannot be parsed).
    const overflow = await rawExchange(ctx.url, `GET /?x=${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assert.match(overflow.head, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.match(overflow.head, /\r\nX-elastic-product: Elasticsearch\r\n/);
    assert.match(overflow.head, /\r\nConnection: close(\r\n|$)/);
    assert.deepEqual(overflow.json, envelope(400, 'too_long_http_header_exception', 'HTTP header is larger than 16384 bytes.'));
    const method = await rawExchange(ctx.url, 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.match(method.head, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.deepEqual(method.json, envelope(400, 'illegal_argument_exception', 'Parse Error: Invalid method encountered'));
  });

  it('a body on a route that reads none is refused whatever it holds, on HEAD too (HEAD dropped it; a lone space was taken as none, malformed JSON refused as JSON)', TEST_OPTIONS, async () => {
    // A GET or HEAD carries a body only with its length said (Node sends none otherwise).
    const json = (body: string) => ({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    const noBody = (method: string, path: string) => envelope(400, 'illegal_argument_exception', `request [${method} ${path}] does not support having a body`);
    // ES never parses a body its handler does not read: it refuses it for being there.
    for (const body of [' ', '{"a":', 'not json', '\n']) {
      assertEnvelope(await rawRequest(ctx.url, 'GET', '/_cluster/health', json(body), body), noBody('GET', '/_cluster/health'));
      assertEnvelope(await rawRequest(ctx.url, 'POST', '/found-plain/_close', json(body), body), noBody('POST', '/found-plain/_close'));
    }
    const head = await rawRequest(ctx.url, 'HEAD', '/found-plain', json('{}'), '{}');
    assert.equal(head.status, 400);
    assert.equal(head.text, '');
    assert.equal((await rawRequest(ctx.url, 'HEAD', '/found-plain', {})).status, 200);
    assert.equal((await esFetch(ctx.url, '/_cat/indices/found-plain?h=status&format=json')).json[0].status, 'open');
    // Where a body is read, malformed JSON is still a parse error, and an empty one still none.
    assertEnvelope(await rawRequest(ctx.url, 'PUT', '/found-plain/_settings', json('{"a":'), '{"a":'), envelope(400, 'x_content_parse_exception', '[1:6] Unexpected end of JSON input'));
    assert.equal((await rawRequest(ctx.url, 'GET', '/_cluster/health', json(''), '')).status, 200);
  });

  it("_count's match_all reads boost and _name as ES's parser does (a boost of \"x\" counted everything)", TEST_OPTIONS, async () => {
    const count = (query: unknown) => esFetch(ctx.url, '/found-docs/_count', { method: 'POST', body: { query } });
    const parsing = (reason: string) => envelope(400, 'parsing_exception', reason);
    for (const boost of ['x', '1.5.5', '', -1, '-2']) assertEnvelope(await count({ match_all: { boost } }), parsing('[match_all] failed to parse field [boost]'));
    assertEnvelope(await count({ match_all: { boost: true } }), parsing("[match_all] boost doesn't support values of type: VALUE_BOOLEAN"));
    assertEnvelope(await count({ match_all: { boost: [1] } }), parsing("[match_all] boost doesn't support values of type: START_ARRAY"));
    assertEnvelope(await count({ match_all: { _name: 5 } }), parsing("[match_all] _name doesn't support values of type: VALUE_NUMBER"));
    assertEnvelope(await count({ match_all: { boots: 1 } }), parsing('[match_all] unknown field [boots] did you mean [boost]?'));
    assertEnvelope(await count({ match_all: 5 }), parsing('[match_all] query malformed, no start_object after query name'));
    // Floats as Java reads them, numbers or strings.
    for (const boost of [2, '2', ' 1.5 ', '1e3', '3f', 0]) assert.equal((await count({ match_all: { boost, _name: 'all' } })).json.count, 1, String(boost));
  });

  it('a malformed flat_settings refuses a cluster settings update before it is applied (it was applied, then the answer failed)', TEST_OPTIONS, async () => {
    const put = await esFetch(ctx.url, '/_cluster/settings?flat_settings=yes', { method: 'PUT', body: { transient: { 'indices.lifecycle.rollover.only_if_has_documents': false } } });
    assertEnvelope(put, envelope(400, 'illegal_argument_exception', 'Failed to parse value [yes] as only [true] or [false] are allowed.'));
    assert.deepEqual((await esFetch(ctx.url, '/_cluster/settings')).json.transient, {});
  });

  it('bulk reads list_executed_pipelines as the boolean ES reads (any value was taken, and the items written)', TEST_OPTIONS, async () => {
    const bulk = await esFetch(ctx.url, '/_bulk?list_executed_pipelines=on', {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: '{"index":{"_index":"found-docs","_id":"listed"}}\n{"a":1}\n',
    });
    assertEnvelope(bulk, envelope(400, 'illegal_argument_exception', 'Failed to parse value [on] as only [true] or [false] are allowed.'));
    assert.equal((await esFetch(ctx.url, '/found-docs/_doc/listed')).status, 404);
  });

  it("bulk reads retry_on_conflict as a number whatever the action (a delete line's \"x\" was ignored, the document deleted)", TEST_OPTIONS, async () => {
    await esFetch(ctx.url, '/found-docs/_doc/kept', { method: 'PUT', body: { a: 1 } });
    const bulk = await esFetch(ctx.url, '/_bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: '{"delete":{"_index":"found-docs","_id":"kept","retry_on_conflict":"x"}}\n',
    });
    assertEnvelope(bulk, envelope(400, 'illegal_argument_exception', 'For input string: "x"'));
    assert.equal((await esFetch(ctx.url, '/found-docs/_doc/kept')).status, 200);
  });
});
