/** The `_cat` APIs as Elasticsearch 8's RestTable answers them: columns, aliases, help, sorting, formats and errors. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useEsServer } from '../helpers/es.js';
import { assertEnvelope, envelope, esFetch, indexNotFound, TEST_OPTIONS } from './es-helpers.js';

describe('_cat APIs', () => {
  const ctx = useEsServer();
  const get = (path: string, headers: Record<string, string> = {}) => esFetch(ctx.server.url, path, { headers });
  before(async () => {
    await ctx.client.indices.create({ index: 'logs-a', settings: { number_of_shards: 1, number_of_replicas: 0 } });
    await ctx.client.indices.create({ index: 'logs-b', settings: { number_of_shards: 2, number_of_replicas: 1 }, aliases: { logs: { is_write_index: true } } });
    await ctx.client.indices.putIndexTemplate({ name: 'tpl', index_patterns: ['x-*', 'y-*'], priority: 5, version: 3 });
    await ctx.client.bulk({ refresh: true, operations: [{ index: { _index: 'logs-a', _id: '1' } }, { m: 'x'.repeat(100) }] });
    await ctx.advance('90s');
  });

  it('GET /_cat lists the cat endpoints Tessera serves, after ES\'s =^.^=', TEST_OPTIONS, async () => {
    const raw = await get('/_cat');
    assert.equal(raw.status, 200);
    assert.match(raw.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(
      raw.text,
      '=^.^=\n/_cat/allocation\n/_cat/shards\n/_cat/shards/{index}\n/_cat/nodes\n/_cat/indices\n/_cat/indices/{index}\n/_cat/count\n/_cat/count/{index}\n/_cat/health\n/_cat/aliases\n/_cat/aliases/{alias}\n/_cat/plugins\n/_cat/templates\n/_cat/component_templates\n',
    );
  });

  it('_cat/health is _cluster/health in one timestamped row, text or JSON strings', TEST_OPTIONS, async () => {
    assert.equal(
      (await get('/_cat/health?v')).text,
      'epoch      timestamp cluster status node.total node.data shards pri relo init unassign pending_tasks max_task_wait_time active_shards_percent\n' +
        '1767225690 00:01:30  tessera yellow          1         1      3   3    0    0        2             0                  -                 60.0%\n',
    );
    assert.deepEqual(await ctx.client.cat.health({ format: 'json' }), [
      { epoch: '1767225690', timestamp: '00:01:30', cluster: 'tessera', status: 'yellow', 'node.total': '1', 'node.data': '1', shards: '3', pri: '3', relo: '0', init: '0', unassign: '2', pending_tasks: '0', max_task_wait_time: '-', active_shards_percent: '60.0%' },
    ]);
    // ts=false drops the timestamp columns even when asked for; aliases name the others.
    assert.equal((await get('/_cat/health?ts=false&h=cl,st,asp,epoch')).text, 'tessera yellow 60.0%\n');
  });

  it('_cat/count counts the documents, for all indices or an expression, or those a query matches', TEST_OPTIONS, async () => {
    assert.equal((await get('/_cat/count?v')).text, 'epoch      timestamp count\n1767225690 00:01:30  1\n');
    assert.deepEqual(await ctx.client.cat.count({ index: 'logs-b', h: ['dc'], format: 'json' }), [{ dc: '0' }]);
    assertEnvelope(await get('/_cat/count/nope'), indexNotFound('nope'));
    assert.equal((await get('/_cat/count?q=*&h=count')).text, '1\n');
    const match = await ctx.client.transport.request({ method: 'GET', path: '/_cat/count', querystring: { h: 'count', format: 'json' }, body: { query: { match_none: {} } } });
    assert.deepEqual(match, [{ count: '0' }]);
  });

  it('_cat/shards: primaries started on the node, replicas unassigned since creation', TEST_OPTIONS, async () => {
    assert.equal(
      (await get('/_cat/shards?v')).text,
      [
        'index  shard prirep state      docs store dataset ip        node',
        'logs-a 0     p      STARTED       1  108b    108b 127.0.0.1 tessera-0',
        'logs-b 0     p      STARTED                       127.0.0.1 tessera-0',
        'logs-b 0     r      UNASSIGNED                              ',
        'logs-b 1     p      STARTED                       127.0.0.1 tessera-0',
        'logs-b 1     r      UNASSIGNED                              ',
        '',
      ].join('\n'),
    );
    const rows = await ctx.client.cat.shards({ index: 'logs-b', h: ['s', 'p', 'st', 'ur', 'ua', 'uf'], time: 's', format: 'json' });
    assert.deepEqual(rows[1], { s: '0', p: 'r', st: 'UNASSIGNED', ur: 'INDEX_CREATED', ua: '2026-01-01T00:00:00.000Z', uf: '90' });
    assert.deepEqual(rows[0], { s: '0', p: 'p', st: 'STARTED', ur: null, ua: null, uf: null });
  });

  it('_cat/nodes: the one node, its roles and master mark; unmeasured statistics are empty', TEST_OPTIONS, async () => {
    assert.equal(
      (await get('/_cat/nodes?v')).text,
      'ip        heap.percent ram.percent cpu load_1m load_5m load_15m node.role master name\n127.0.0.1                                                       dim       *      tessera-0\n',
    );
    assert.deepEqual(await ctx.client.cat.nodes({ h: ['id', 'v', 'r', 'm', 'n', 'cpu'], full_id: true, format: 'json' }), [
      { id: 'tessera0000000000000000', v: '8.17.0', r: 'dim', m: '*', n: 'tessera-0', cpu: null },
    ]);
  });

  it('_cat/templates, _cat/plugins and _cat/allocation with its UNASSIGNED row', TEST_OPTIONS, async () => {
    assert.equal((await get('/_cat/templates?v')).text, 'name index_patterns order version composed_of\ntpl  [x-*, y-*]     5     3       []\n');
    assert.deepEqual(await ctx.client.cat.templates({ name: 'nothing*', format: 'json' }), []);
    assert.equal((await get('/_cat/plugins?v')).text, 'name component version\n');
    assert.deepEqual(await ctx.client.cat.plugins({ format: 'json' }), []);
    assert.equal((await get('/_cat/allocation?v&bytes=b&h=s,di,dp,node,r')).text, 's  di dp node       r\n3 108  0 tessera-0  dim\n2        UNASSIGNED \n');
  });

  it('_cat/indices: s by alias and :desc, pri siblings, wildcards in h, bytes units, unknown columns left out', TEST_OPTIONS, async () => {
    assert.equal((await get('/_cat/indices?v&s=rep:desc,i&h=i,h,p,r,dc,ss&pri')).text, 'i      h      p r dc   ss pri.ss\nlogs-b yellow 2 1  0   0b     0b\nlogs-a green  1 0  1 108b   108b\n');
    assert.deepEqual((await get('/_cat/indices?h=*.size&bytes=b&format=json&s=i')).json, [
      { 'store.size': '108', 'pri.store.size': '108', 'dataset.size': '108' },
      { 'store.size': '0', 'pri.store.size': '0', 'dataset.size': '0' },
    ]);
    const uuid = Object.values(await ctx.client.indices.get({ index: 'logs-a' }))[0]!.settings!.index!.uuid;
    assert.deepEqual((await get('/_cat/indices/logs-a?h=index,missing,uuid,cds')).text, `logs-a ${uuid} 2026-01-01T00:00:00.000Z\n`);
    // An unknown bytes unit falls back to the human form, as ES's RestTable does.
    assert.equal((await get('/_cat/indices/logs-a?h=ss&bytes=KB')).text, '108b\n');
  });

  it('_cat/indices filters by health, in any case', TEST_OPTIONS, async () => {
    assert.equal((await get('/_cat/indices?health=YELLOW&h=index')).text, 'logs-b\n');
    assert.deepEqual(await ctx.client.cat.indices({ health: 'green', h: 'index', format: 'json' }), [{ index: 'logs-a' }]);
    assertEnvelope(await get('/_cat/indices?health=purple'), envelope(400, 'illegal_argument_exception', 'unknown cluster health status [purple]'));
  });

  it('an unknown sort key is ES\'s unsupported_operation_exception', TEST_OPTIONS, async () => {
    assertEnvelope(await get('/_cat/indices?s=nope:desc'), envelope(500, 'unsupported_operation_exception', 'Unable to sort by unknown sort key `nope`'));
    assertEnvelope(await get('/_cat/shards?s=index,,shard'), envelope(500, 'unsupported_operation_exception', 'Unable to sort by unknown sort key ``'));
  });

  it('help lists every column: name | aliases | description, padded', TEST_OPTIONS, async () => {
    const raw = await get('/_cat/aliases?help&format=json');
    assert.match(raw.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(
      raw.text,
      [
        'alias          | a                | alias name           ',
        'index          | i,idx            | index alias points to',
        'filter         | f,fi             | filter               ',
        'routing.index  | ri,routingIndex  | index routing        ',
        'routing.search | rs,routingSearch | search routing       ',
        'is_write_index | w,isWriteIndex   | write index          ',
        '',
      ].join('\n'),
    );
    assert.equal(
      (await ctx.client.cat.count({ help: true })) as unknown as string,
      [
        'epoch     | t,time                  | seconds since 1970-01-01 00:00:00',
        'timestamp | ts,hms,hhmmss           | time in HH:MM:SS                 ',
        'count     | dc,docs.count,docsCount | the document count               ',
        '',
      ].join('\n'),
    );
  });

  it('format=yaml and an Accept of application/yaml answer Jackson\'s YAML; txt or an unknown format is text', TEST_OPTIONS, async () => {
    const yaml = await get('/_cat/count/logs-a?format=yaml');
    assert.equal(yaml.headers.get('content-type'), 'application/yaml');
    assert.equal(yaml.text, '---\n- epoch: "1767225690"\n  timestamp: "00:01:30"\n  count: "1"\n');
    assert.equal((await get('/_cat/indices?h=i&s=i', { accept: 'application/yaml' })).text, '---\n- i: "logs-a"\n- i: "logs-b"\n');
    assert.equal((await get('/_cat/health?format=txt&h=st')).text, 'yellow\n');
    assert.equal((await get('/_cat/health?format=xml&h=st')).text, 'yellow\n');
    assert.equal((await get('/_cat/health?h=st', { accept: 'text/plain' })).text, 'yellow\n');
  });

  it('format=yaml works on every JSON API and its errors', TEST_OPTIONS, async () => {
    const root = await get('/_tessera/clock?format=yaml');
    assert.equal(root.status, 200);
    assert.match(root.text, /^---\n/);
    const health = await get('/_cluster/health?format=yaml&filter_path=status,number_of_nodes,timed_out');
    assert.equal(health.text, '---\nstatus: "yellow"\ntimed_out: false\nnumber_of_nodes: 1\n');
    const missing = await get('/nope?format=yaml');
    assert.equal(missing.status, 404);
    assert.equal(
      missing.text,
      '---\nerror:\n  root_cause:\n  - type: "index_not_found_exception"\n    reason: "no such index [nope]"\n    resource.type: "index_or_alias"\n    resource.id: "nope"\n    index_uuid: "_na_"\n    index: "nope"\n' +
        '  type: "index_not_found_exception"\n  reason: "no such index [nope]"\n  resource.type: "index_or_alias"\n  resource.id: "nope"\n  index_uuid: "_na_"\n  index: "nope"\nstatus: 404\n',
    );
  });

  it('smile and cbor are refused rather than answered as JSON', TEST_OPTIONS, async () => {
    for (const format of ['smile', 'cbor']) {
      const raw = await get(`/_cat/count?format=${format}`);
      assert.equal(raw.status, 406);
      assert.deepEqual(raw.json, { error: `Tessera cannot write the [${format}] format; use [json] or [yaml]`, status: 406 });
    }
  });

  it('a parameter the cat APIs do not implement is refused as ES refuses an unrecognized one', TEST_OPTIONS, async () => {
    assertEnvelope(
      await get('/_cat/shards?expand_wildcards=all'),
      envelope(400, 'illegal_argument_exception', 'request [/_cat/shards] contains unrecognized parameter: [expand_wildcards]'),
    );
    assertEnvelope(await get('/_cat?v'), envelope(400, 'illegal_argument_exception', 'request [/_cat] contains unrecognized parameter: [v]'));
  });
});
