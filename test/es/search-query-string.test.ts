/**
 * query_string, `?q=` and simple_query_string through the official client: each query's hits are compared with the
 * ids this test works out from its own documents, and each syntax error with the envelope ES sends.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { estypes } from '@elastic/elasticsearch';
import { useEsServer } from '../helpers/es.js';

interface Doc {
  id: string;
  msg: string;
  level: string;
  host: string;
  status: number;
  ts: string;
  geo: { city: string; country: string };
  tags?: string[];
}

const rows: [string, string, string, number, string, string, string][] = [
  ['connection timeout on upstream', 'error', 'web-1', 504, '2026-01-01T10:00:00Z', 'paris', 'france'],
  ['request served', 'info', 'web-1', 200, '2026-01-01T11:00:00Z', 'paris', 'france'],
  ['disk full error', 'error', 'db-1', 500, '2026-01-02T09:00:00Z', 'berlin', 'germany'],
  ['slow query detected', 'warn', 'db-1', 200, '2026-01-02T23:30:00Z', 'berlin', 'germany'],
  ['timeout waiting for lock', 'warn', 'db-2', 503, '2026-01-03T01:00:00Z', 'lyon', 'france'],
  ['user login succeeded', 'info', 'auth-1', 200, '2026-01-03T12:00:00Z', 'madrid', 'spain'],
  ['user login failed', 'error', 'auth-1', 401, '2026-01-04T08:00:00Z', 'madrid', 'spain'],
  ['cache miss for key', 'debug', 'web-2', 200, '2026-01-04T09:00:00Z', 'paris', 'france'],
  ['the quick brown fox', 'info', 'web-2', 200, '2026-01-05T00:00:00Z', 'rome', 'italy'],
  ['quick timeout retry', 'error', 'web-2', 504, '2026-01-05T10:00:00Z', 'rome', 'italy'],
  ['brown paper bag', 'info', 'misc', 404, '2026-01-06T10:00:00Z', 'oslo', 'norway'],
  ['connection reset by peer', 'error', 'web-1', 502, '2026-01-06T11:00:00Z', 'oslo', 'norway'],
  ['payment accepted', 'info', 'pay-1', 201, '2026-01-07T10:00:00Z', 'paris', 'france'],
  ['payment declined', 'warn', 'pay-1', 402, '2026-01-07T11:00:00Z', 'lyon', 'france'],
  ['timeouts everywhere', 'error', 'pay-2', 500, '2026-01-08T10:00:00Z', 'berlin', 'germany'],
  ['retry scheduled', 'debug', 'pay-2', 202, '2026-01-08T11:00:00Z', 'berlin', 'germany'],
  ['fox jumped over the lazy dog', 'info', 'misc', 200, '2026-01-09T10:00:00Z', 'rome', 'italy'],
  ['connection established', 'info', 'web-3', 200, '2026-01-09T11:00:00Z', 'vienna', 'austria'],
  ['query timeout exceeded', 'error', 'db-2', 504, '2026-01-10T10:00:00Z', 'vienna', 'austria'],
  ['login timeout', 'warn', 'auth-2', 408, '2026-01-10T11:00:00Z', 'paris', 'france'],
];
const DOCS: Doc[] = rows.map(([msg, level, host, status, ts, city, country], i) => ({
  id: String(i + 1), msg, level, host, status, ts, geo: { city, country }, ...([0, 2, 6].includes(i) && { tags: ['urgent'] }),
}));

/** The words the standard analyser makes of a text. */
const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
const has = (d: Doc, word: string) => words(d.msg).includes(word);
const ids = (keep: (d: Doc) => boolean) => DOCS.filter(keep).map((d) => d.id).sort((a, b) => Number(a) - Number(b));
const at = (iso: string) => Date.parse(iso);

const INDEX = 'qs-logs';

describe('query_string and simple_query_string', () => {
  const es = useEsServer();

  before(async () => {
    await es.client.indices.create({
      index: INDEX,
      mappings: {
        properties: {
          msg: { type: 'text' }, level: { type: 'keyword' }, host: { type: 'keyword' }, status: { type: 'long' }, ts: { type: 'date' }, tags: { type: 'keyword' },
          geo: { properties: { city: { type: 'text' }, country: { type: 'text' } } },
        },
      },
    });
    await es.client.bulk({ refresh: true, operations: DOCS.flatMap(({ id, ...doc }) => [{ index: { _index: INDEX, _id: id } }, doc]) });
  });

  const hitIds = (response: estypes.SearchResponse) => response.hits.hits.map((h) => h._id!).sort((a, b) => Number(a) - Number(b));
  const q = async (text: string) => hitIds(await es.client.search({ index: INDEX, q: text, size: 100 }));
  const qs = async (body: Record<string, unknown>) => hitIds(await es.client.search({ index: INDEX, size: 100, query: { query_string: body as never } }));
  const sqs = async (body: Record<string, unknown>) => hitIds(await es.client.search({ index: INDEX, size: 100, query: { simple_query_string: body as never } }));

  it('reads ?q= as Lucene syntax: fields, booleans, groups and phrases', async () => {
    assert.deepEqual(await q('level:error AND msg:timeout'), ids((d) => d.level === 'error' && has(d, 'timeout')));
    assert.deepEqual(await q('msg:timeout'), ids((d) => has(d, 'timeout')));
    assert.deepEqual(await q('timeout'), ids((d) => has(d, 'timeout')));
    assert.deepEqual(await q('msg:(quick brown)'), ids((d) => has(d, 'quick') || has(d, 'brown')));
    assert.deepEqual(await q('msg:"quick brown"'), ['9']);
    assert.deepEqual(await q('msg:"quick fox"'), []);
    assert.deepEqual(await q('msg:"quick fox"~1'), ['9']);
    assert.deepEqual(await q('level:error -msg:timeout'), ids((d) => d.level === 'error' && !has(d, 'timeout')));
    assert.deepEqual(await q('+level:warn +status:[400 TO *]'), ids((d) => d.level === 'warn' && d.status >= 400));
    // No precedence: `a AND b OR c` makes a and b required, c optional.
    assert.deepEqual(await q('level:error AND msg:timeout OR level:warn'), ids((d) => d.level === 'error' && has(d, 'timeout')));
    assert.deepEqual(await q('msg:timeout^2 OR level:debug'), ids((d) => has(d, 'timeout') || d.level === 'debug'));
    assert.deepEqual(await q('level:error && !host:web-1'), ids((d) => d.level === 'error' && d.host !== 'web-1'));
  });

  it('reads ranges, wildcards, regular expressions and fuzzy terms', async () => {
    assert.deepEqual(await q('status:[500 TO 504]'), ids((d) => d.status >= 500 && d.status <= 504));
    assert.deepEqual(await q('status:{500 TO 504}'), ids((d) => d.status > 500 && d.status < 504));
    assert.deepEqual(await q('status:>502'), ids((d) => d.status > 502));
    assert.deepEqual(await q('status:<300'), ids((d) => d.status < 300));
    assert.deepEqual(await q('ts:[2026-01-05 TO 2026-01-07}'), ids((d) => at(d.ts) >= at('2026-01-05T00:00:00Z') && at(d.ts) < at('2026-01-07T00:00:00Z')));
    assert.deepEqual(await q('host:web-*'), ids((d) => d.host.startsWith('web-')));
    assert.deepEqual(await q('host:w?b-1'), ids((d) => /^w.b-1$/.test(d.host)));
    assert.deepEqual(await q('msg:/time.*/'), ids((d) => words(d.msg).some((w) => w.startsWith('time'))));
    assert.deepEqual(await q('msg:timout~1'), ids((d) => has(d, 'timeout')));
    assert.deepEqual(await q('_exists_:tags'), ids((d) => d.tags !== undefined));
    assert.deepEqual(await q('NOT _exists_:tags'), ids((d) => d.tags === undefined));
  });

  it('takes default_field, fields, field patterns and default_operator', async () => {
    assert.deepEqual(await qs({ query: 'timeout login', default_field: 'msg', default_operator: 'and' }), ids((d) => has(d, 'timeout') && has(d, 'login')));
    assert.deepEqual(await qs({ query: 'timeout login', default_field: 'msg' }), ids((d) => has(d, 'timeout') || has(d, 'login')));
    assert.deepEqual(await qs({ query: 'paris OR berlin', fields: ['geo.city', 'geo.country^2'] }), ids((d) => ['paris', 'berlin'].includes(d.geo.city)));
    assert.deepEqual(await qs({ query: 'geo.\\*:france' }), ids((d) => d.geo.country === 'france'));
    // With AND as the default, `a OR b` leaves both optional (addClause).
    assert.deepEqual(await qs({ query: 'level:info OR level:debug', default_operator: 'and' }), ids((d) => d.level === 'info' || d.level === 'debug'));
  });

  it('applies phrase_slop, fuzziness, minimum_should_match, time_zone and lenient', async () => {
    assert.deepEqual(await qs({ query: 'msg:"quick fox"', phrase_slop: 1 }), ['9']);
    // AUTO gives a six-letter term two edits (timeouts too); fuzziness 1 does not reach it.
    assert.deepEqual(await qs({ query: 'msg:timout~' }), ids((d) => has(d, 'timeout') || has(d, 'timeouts')));
    assert.deepEqual(await qs({ query: 'msg:timout~', fuzziness: 1 }), ids((d) => has(d, 'timeout')));
    assert.deepEqual(await qs({ query: 'quick brown fox', default_field: 'msg', minimum_should_match: 2 }), ids((d) => ['quick', 'brown', 'fox'].filter((w) => has(d, w)).length >= 2));
    // A day in +02:00 runs from 22:00 the day before, UTC.
    assert.deepEqual(await qs({ query: 'ts:[2026-01-03 TO 2026-01-03]', time_zone: '+02:00' }), ids((d) => at(d.ts) >= at('2026-01-02T22:00:00Z') && at(d.ts) < at('2026-01-03T22:00:00Z')));
    assert.deepEqual(await qs({ query: 'status:abc OR msg:payment', lenient: true }), ids((d) => has(d, 'payment')));
    assert.deepEqual(await qs({ query: 'msg:Tim*', analyze_wildcard: true }), ids((d) => words(d.msg).some((w) => w.startsWith('tim'))));
  });

  it('reads simple_query_string with its operators and flags', async () => {
    assert.deepEqual(await sqs({ query: '"quick brown" | timeout', fields: ['msg'] }), ids((d) => d.id === '9' || has(d, 'timeout')));
    // `-` with the OR default is "or not": everything but the documents with login and no timeout.
    assert.deepEqual(await sqs({ query: 'timeout -login', fields: ['msg'] }), ids((d) => has(d, 'timeout') || !has(d, 'login')));
    assert.deepEqual(await sqs({ query: 'timeout -login', fields: ['msg'], default_operator: 'and' }), ids((d) => has(d, 'timeout') && !has(d, 'login')));
    assert.deepEqual(await sqs({ query: 'time*', fields: ['msg'] }), ids((d) => words(d.msg).some((w) => w.startsWith('time'))));
    assert.deepEqual(await sqs({ query: 'timout~1', fields: ['msg'] }), ids((d) => has(d, 'timeout')));
    assert.deepEqual(await sqs({ query: '(paris | rome) +error', fields: ['geo.city', 'level'] }), ids((d) => ['paris', 'rome'].includes(d.geo.city) && d.level === 'error'));
    // Without WHITESPACE and NOT the text is one run of words, analysed and OR'd.
    assert.deepEqual(await sqs({ query: 'timeout -login', fields: ['msg'], flags: 'OR|AND' }), ids((d) => has(d, 'timeout') || has(d, 'login')));
    // With no fields every field is searched, leniently: the long and date fields ignore the words.
    assert.deepEqual(await sqs({ query: 'timeout +warn' }), ids((d) => has(d, 'timeout') && d.level === 'warn'));
    assert.deepEqual(await sqs({ query: '504 | 503' }), ids((d) => d.status === 504 || d.status === 503));
    // An unclosed quote is read as text, never an error.
    assert.deepEqual(await sqs({ query: '"payment', fields: ['msg'] }), ids((d) => has(d, 'payment')));
  });

  async function failure(request: Promise<unknown>): Promise<{ status: number; error: any }> {
    try {
      await request;
    } catch (error) {
      const e = error as { meta: { statusCode: number; body: { error: any } } };
      return { status: e.meta.statusCode, error: e.meta.body.error };
    }
    throw new Error('expected an error');
  }

  async function assertParseError(text: string, lucene: string, body?: Record<string, unknown>): Promise<void> {
    const { status, error } = await failure(body ? es.client.search({ index: INDEX, query: { query_string: { query: text, ...body } as never } }) : es.client.search({ index: INDEX, q: text }));
    assert.equal(status, 400);
    assert.equal(error.type, 'search_phase_execution_exception');
    assert.equal(error.reason, 'all shards failed');
    assert.deepEqual(error.root_cause.map((c: any) => [c.type, c.reason, c.index]), [['query_shard_exception', `Failed to parse query [${text}]`, INDEX]]);
    const shard = error.failed_shards[0].reason;
    assert.equal(shard.type, 'query_shard_exception');
    assert.equal(shard.reason, `Failed to parse query [${text}]`);
    assert.equal(shard.caused_by.type, 'parse_exception');
    assert.equal(shard.caused_by.reason, `Cannot parse '${text}': ${lucene}`);
  }

  const CLAUSE = '\nWas expecting one of:\n    <NOT> ...\n    "+" ...\n    "-" ...\n    <BAREOPER> ...\n    "(" ...\n    "*" ...\n    <QUOTED> ...\n    <TERM> ...\n    <PREFIXTERM> ...\n    <WILDTERM> ...\n    <REGEXPTERM> ...\n    "[" ...\n    "{" ...\n    <NUMBER> ...\n    <TERM> ...\n    "*" ...\n    ';

  it('answers a syntax error with query_shard_exception caused by Lucene\'s parse_exception', async () => {
    await assertParseError('level:error AND', `Encountered "<EOF>" at line 1, column 15.${CLAUSE}`);
    await assertParseError('AND', `Encountered " <AND> "AND "" at line 1, column 0.${CLAUSE}`);
    await assertParseError(
      'msg:(timeout',
      'Encountered "<EOF>" at line 1, column 12.\nWas expecting one of:\n    <AND> ...\n    <OR> ...\n    <NOT> ...\n    "+" ...\n    "-" ...\n    <BAREOPER> ...\n    "(" ...\n    ")" ...\n    "*" ...\n    "^" ...\n    <QUOTED> ...\n    <TERM> ...\n    <FUZZY_SLOP> ...\n    <PREFIXTERM> ...\n    <WILDTERM> ...\n    <REGEXPTERM> ...\n    "[" ...\n    "{" ...\n    <NUMBER> ...\n    ',
    );
    await assertParseError(
      'timeout)',
      'Encountered " ")" ") "" at line 1, column 7.\nWas expecting one of:\n    <EOF> \n    <AND> ...\n    <OR> ...\n    <NOT> ...\n    "+" ...\n    "-" ...\n    <BAREOPER> ...\n    "(" ...\n    "*" ...\n    "^" ...\n    <QUOTED> ...\n    <TERM> ...\n    <FUZZY_SLOP> ...\n    <PREFIXTERM> ...\n    <WILDTERM> ...\n    <REGEXPTERM> ...\n    "[" ...\n    "{" ...\n    <NUMBER> ...\n    ',
    );
    await assertParseError('*out', "'*' or '?' not allowed as first character in WildcardQuery", { default_field: 'msg', allow_leading_wildcard: false });
  });

  it('fails a value the named field cannot read unless lenient, as the field\'s query would', async () => {
    const { status, error } = await failure(es.client.search({ index: INDEX, query: { query_string: { query: 'status:abc', default_field: 'msg' } } }));
    assert.equal(status, 400);
    const shard = error.failed_shards[0].reason;
    assert.deepEqual([shard.type, shard.reason, shard.caused_by.type, shard.caused_by.reason], ['query_shard_exception', 'failed to create query: For input string: "abc"', 'number_format_exception', 'For input string: "abc"']);
    // With every field as the default (`*`) the parser is lenient throughout, named fields included.
    assert.deepEqual(await q('status:abc OR msg:payment'), ids((d) => has(d, 'payment')));
  });
});
