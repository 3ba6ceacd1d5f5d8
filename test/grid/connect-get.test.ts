/**
 * Connect GET: the reads that change nothing (GetGrid, ListGrids, GetFields, GetEditFieldContext, GetRow, ListRows,
 * GetGridBlocks, GetCell; NO_SIDE_EFFECTS in
 * the proto) may be called with GET, the message in the query, so that their URLs can be cached. Connect's own
 * clients use it with `useHttpGet`. Anything that writes stays POST only.
 */
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { useServer } from '../helpers/fixtures.js';
import { gridClient } from '../helpers/grid-clients.js';

const PATH = `/${GridService.typeName}`;

function getUrl(base: string, method: string, message: object, extra = ''): string {
  return `${base}${PATH}/${method}?connect=v1&encoding=json&message=${encodeURIComponent(JSON.stringify(message))}${extra}`;
}

describe('Connect GET for the reads', () => {
  const ctx = useServer();

  it('says a read takes GET and POST when asked with another method', async () => {
    const response = await fetch(`${ctx.url}${PATH}/GetFields`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST, GET');
  });

  it('answers GET of each read as it answers POST', async () => {
    const { id, fieldOrders } = await gridClient(ctx.url).createGrid({ name: 'Read by GET' });
    const rowId = (await gridClient(ctx.url).createRow({ gridId: id })).insertedRows[0]!.row!.id;
    const reads: [string, object][] = [
      ['GetGrid', { value: id }],
      ['ListGrids', {}],
      ['GetFields', { gridId: id }],
      ['GetEditFieldContext', { gridId: id, fieldType: 'Number' }],
      ['GetRow', { gridId: id, rowId }],
      ['ListRows', { gridId: id, pageSize: 10, sorts: [{ fieldId: fieldOrders[0]!.fieldId }] }],
      ['GetGridBlocks', { gridId: id }],
      ['GetCell', { gridId: id, rowId, fieldId: fieldOrders[0]!.fieldId }],
    ];
    for (const [method, message] of reads) {
      const get = await fetch(getUrl(ctx.url, method, message));
      const post = await fetch(`${ctx.url}${PATH}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
      assert.equal(get.status, 200, method);
      const [got, posted] = [await get.json(), await post.json()];
      // GetEditFieldContext without a field id makes up a new one each time.
      if (method === 'GetEditFieldContext') assert.deepEqual(Object.keys(got as object), Object.keys(posted as object));
      else assert.deepEqual(got, posted, method);
    }
  });

  it('lets a Connect client with useHttpGet read, and still write by POST', async () => {
    const client = createClient(GridService, createConnectTransport({ baseUrl: ctx.url, httpVersion: '1.1', useHttpGet: true }));
    const grid = await client.createGrid({ name: 'Client GET' });
    assert.equal((await client.getGrid({ value: grid.id })).name, 'Client GET');
    assert.equal((await client.getFields({ gridId: grid.id })).items.length, grid.fieldOrders.length);
  });

  it('answers errors of a GET as of a POST', async () => {
    const get = await fetch(getUrl(ctx.url, 'GetFields', { gridId: 'nope000000' }));
    assert.equal(get.status, 404);
    assert.equal(((await get.json()) as { message: string }).message, 'grid "nope000000" does not exist');
    const unknownMember = await fetch(getUrl(ctx.url, 'GetFields', { gridId: 'x', bogus: 1 }));
    assert.equal(unknownMember.status, 400);
  });

  it('refuses a message that is not base64, does not decompress or does not decode with INVALID_ARGUMENT, as a POST body', async () => {
    const cases: [string, string, string][] = [
      ['ListGrids?connect=v1&encoding=json&base64=1&message=%25%25%25', 'invalid_argument', 'the message parameter is not base64: invalid base64 string'],
      // A tag no QueryFieldPayload field has, of a wire type that does not exist.
      ['GetFields?connect=v1&encoding=proto&base64=1&message=Zw', 'invalid_argument', 'the request does not decode as tessera.grid.v1.QueryFieldPayload: illegal tag: field no 12 wire type 7'],
      ['GetFields?connect=v1&encoding=json&message=%7B%22gridId%22%3A1%7D', 'invalid_argument', 'the request does not decode as tessera.grid.v1.QueryFieldPayload: cannot decode field tessera.grid.v1.QueryFieldPayload.grid_id from JSON: expected string, got 1'],
      ['GetFields?connect=v1&encoding=json&compression=gzip&base64=1&message=AAAA', 'invalid_argument', 'decompression failed'],
    ];
    for (const [query, code, message] of cases) {
      const response = await fetch(`${ctx.url}${PATH}/${query}`);
      assert.equal(response.status, 400, query);
      const body = (await response.json()) as { code: string; message: string };
      assert.deepEqual([body.code, body.message], [code, message], query);
    }
  });

  it('reads a compressed GET message', async () => {
    const { id } = await gridClient(ctx.url).createGrid({ name: 'Compressed GET' });
    const message = gzipSync(JSON.stringify({ value: id })).toString('base64url');
    const response = await fetch(`${ctx.url}${PATH}/GetGrid?connect=v1&encoding=json&compression=gzip&base64=1&message=${message}`);
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { name: string }).name, 'Compressed GET');
  });

  it('refuses GET of anything that writes with 405, and changes nothing', async () => {
    const before = await gridClient(ctx.url).listGrids({});
    for (const [method, message] of [['CreateGrid', { name: 'By GET' }], ['DeleteGrid', { value: before.items[0]?.id ?? 'x' }], ['NewSelectOption', {}]] as const) {
      const response = await fetch(getUrl(ctx.url, method, message));
      assert.equal(response.status, 405, method);
      // HTTP asks a 405 to say what the resource takes.
      assert.equal(response.headers.get('allow'), 'POST', method);
    }
    assert.deepEqual((await gridClient(ctx.url).listGrids({})).items.map((g) => g.id), before.items.map((g) => g.id));
  });
});

describe('Connect GET with security on', () => {
  const ctx = useServer({ security: true, elasticPassword: 'elastic-pw' });

  it('asks for credentials before anything else', async () => {
    const anonymous = await fetch(getUrl(ctx.url, 'ListGrids', {}));
    assert.equal(anonymous.status, 401);
    assert.equal(((await anonymous.json()) as { message: string }).message, `missing authentication credentials for REST request [${PATH}/ListGrids]`);
    // Credentials come first, even for a message that does not decode.
    const garbled = await fetch(`${ctx.url}${PATH}/ListGrids?connect=v1&encoding=proto&base64=1&message=%25%25`);
    assert.equal(garbled.status, 401);
    const authorized = await fetch(getUrl(ctx.url, 'ListGrids', {}), { headers: { authorization: `Basic ${Buffer.from('elastic:elastic-pw').toString('base64')}` } });
    assert.equal(authorized.status, 200);
  });
});
