/**
 * `_delete_by_query`, `_update_by_query`, `_reindex` and `GET /_tasks/<id>` through the official client, on whichever
 * store the suite runs on: which documents remain, were copied or got new versions is compared with the test's own
 * evaluation of the seeded documents. Conflicts are made deterministic with throttling on the virtual clock: a
 * throttled run reads its next batch, then waits for the clock, and the test changes a document of that batch
 * before moving the clock on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { estypes } from '@elastic/elasticsearch';
import { esErrorOf, useEsServer, type Row } from '../helpers/es.js';
import { prng } from '../helpers/prng.js';

interface Doc {
  id: string;
  level: string;
  n: number;
  title: string;
}

const LEVELS = ['info', 'warn', 'error'];
const WORDS = ['disk', 'full', 'node', 'quick', 'timeout'];

function seed(count: number, salt: number): Doc[] {
  const random = prng(salt);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, (_, i) => ({ id: `d${i}`, level: pick(LEVELS), n: Math.floor(random() * 100), title: `${pick(WORDS)} ${pick(WORDS)}` }));
}

const NODE = 'tessera0000000000000000';
const MAPPINGS = { properties: { level: { type: 'keyword' }, n: { type: 'long' }, title: { type: 'text' } } } as const;

/** The counts of an answer with nothing throttled and nothing failed. */
const quiet = { retries: { bulk: 0, search: 0 }, throttled_millis: 0, requests_per_second: -1, throttled_until_millis: 0, failures: [] };

describe('_delete_by_query, _update_by_query, _reindex and tasks', () => {
  const es = useEsServer();

  /** A fresh index holding `docs`, written in order (so index order is the documents' order). */
  const load = async (index: string, docs: readonly Doc[]) => {
    await es.client.indices.create({ index, mappings: MAPPINGS });
    if (docs.length > 0) await es.client.bulk({ operations: docs.flatMap((d) => [{ index: { _index: index, _id: d.id } }, d]) });
  };
  const remaining = async (index: string) => {
    const response = await es.client.search<Doc>({ index, size: 1000, sort: ['_doc'] });
    return response.hits.hits.map((h) => h._id!);
  };
  const versions = async (index: string) => {
    const response = await es.client.search<Doc>({ index, size: 1000, version: true, seq_no_primary_term: true });
    return new Map(response.hits.hits.map((h) => [h._id!, { version: h._version!, seqNo: h._seq_no!, source: h._source! }]));
  };
  /** Polls the task until `ready` holds for its answer. */
  const poll = async (task: string, ready: (answer: Row) => boolean): Promise<Row> => {
    for (let i = 0; i < 500; i++) {
      const answer = (await es.client.tasks.get({ task_id: task })) as unknown as Row;
      if (ready(answer)) return answer;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`task ${task} never got ready`);
  };

  it('deletes what the query matches, batch by batch, and answers as ES does', async () => {
    const docs = seed(40, 1);
    await load('dbq-a', docs);
    const expected = docs.filter((d) => d.level === 'error');
    const response = await es.client.deleteByQuery({ index: 'dbq-a', query: { term: { level: 'error' } }, scroll_size: 3 });
    assert.deepEqual(response, { took: 0, timed_out: false, total: expected.length, deleted: expected.length, batches: Math.ceil(expected.length / 3), version_conflicts: 0, noops: 0, ...quiet });
    assert.deepEqual(await remaining('dbq-a'), docs.filter((d) => d.level !== 'error').map((d) => d.id));
  });

  it('max_docs deletes the first matches in index order; q stands for the query', async () => {
    const docs = seed(30, 2);
    await load('dbq-b', docs);
    const matching = docs.filter((d) => d.n >= 50);
    const response = await es.client.deleteByQuery({ index: 'dbq-b', query: { range: { n: { gte: 50 } } }, max_docs: 4, scroll_size: 10 });
    assert.equal(response.total, Math.min(4, matching.length));
    assert.equal(response.deleted, Math.min(4, matching.length));
    assert.equal(response.batches, 1);
    const gone = new Set(matching.slice(0, 4).map((d) => d.id));
    assert.deepEqual(await remaining('dbq-b'), docs.filter((d) => !gone.has(d.id)).map((d) => d.id));
    // `q=*` over a body's query: every document, the first two of what is left.
    const left = docs.filter((d) => !gone.has(d.id));
    const starred = await es.client.deleteByQuery({ index: 'dbq-b', q: '*', max_docs: 2, query: { term: { level: 'none' } } });
    assert.equal(starred.deleted, 2);
    assert.deepEqual(await remaining('dbq-b'), left.slice(2).map((d) => d.id));
    // A query matching nothing deletes nothing, in no batch.
    assert.deepEqual(await es.client.deleteByQuery({ index: 'dbq-b', query: { term: { level: 'none' } } }), { took: 0, timed_out: false, total: 0, deleted: 0, batches: 0, version_conflicts: 0, noops: 0, ...quiet });
  });

  it('update_by_query indexes each match again: a new version and sequence number, the same source', async () => {
    const docs = seed(25, 3);
    await load('ubq-a', docs);
    const before = await versions('ubq-a');
    const matched = new Set(docs.filter((d) => d.title.includes('disk')).map((d) => d.id));
    const response = await es.client.updateByQuery({ index: 'ubq-a', query: { match: { title: 'disk' } }, scroll_size: 4 });
    assert.deepEqual(response, { took: 0, timed_out: false, total: matched.size, updated: matched.size, deleted: 0, batches: Math.ceil(matched.size / 4), version_conflicts: 0, noops: 0, ...quiet });
    const after = await versions('ubq-a');
    for (const d of docs) {
      const was = before.get(d.id)!;
      const now = after.get(d.id)!;
      assert.deepEqual(now.source, d);
      assert.equal(now.version, matched.has(d.id) ? was.version + 1 : was.version, d.id);
      assert.equal(now.seqNo > was.seqNo, matched.has(d.id), d.id);
    }
    // Every document, once each, however its new sequence number places it.
    const all = await es.client.updateByQuery({ index: 'ubq-a', scroll_size: 7 });
    assert.equal(all.updated, docs.length);
    const last = await versions('ubq-a');
    for (const d of docs) assert.equal(last.get(d.id)!.version, after.get(d.id)!.version + 1);
  });

  it('update_by_query picks up a field mapped after the documents were written, its usual use', async () => {
    const docs = seed(10, 13);
    await es.client.indices.create({ index: 'ubq-map', mappings: { dynamic: false, properties: { n: { type: 'long' } } } });
    await es.client.bulk({ operations: docs.flatMap((d) => [{ index: { _index: 'ubq-map', _id: d.id } }, d]) });
    const errors = docs.filter((d) => d.level === 'error').map((d) => d.id);
    const byLevel = async () => (await es.client.search({ index: 'ubq-map', query: { term: { level: 'error' } }, size: 100, sort: ['_doc'] })).hits.hits.map((h) => h._id);
    assert.deepEqual(await byLevel(), []);
    await es.client.indices.putMapping({ index: 'ubq-map', properties: { level: { type: 'keyword' } } });
    assert.deepEqual(await byLevel(), []);
    assert.equal((await es.client.updateByQuery({ index: 'ubq-map' })).updated, docs.length);
    assert.deepEqual(await byLevel(), errors);
  });

  it('reindex copies documents, as index or create, and with external versions', async () => {
    const docs = seed(20, 4);
    await load('rx-src', docs);
    const warn = docs.filter((d) => d.level === 'warn');
    const first = await es.client.reindex({ source: { index: 'rx-src', query: { term: { level: 'warn' } }, size: 5 }, dest: { index: 'rx-dest' } });
    assert.deepEqual(first, { took: 0, timed_out: false, total: warn.length, updated: 0, created: warn.length, deleted: 0, batches: Math.ceil(warn.length / 5), version_conflicts: 0, noops: 0, ...quiet });
    const copied = await versions('rx-dest');
    assert.deepEqual([...copied.keys()].sort(), warn.map((d) => d.id).sort());
    for (const d of warn) assert.deepEqual(copied.get(d.id)!.source, d);
    // Again, as `index`: each copy is updated.
    const again = await es.client.reindex({ source: { index: 'rx-src', query: { term: { level: 'warn' } } }, dest: { index: 'rx-dest' } });
    assert.equal(again.updated, warn.length);
    assert.equal(again.created, 0);
    // As `create`, each existing copy is a conflict: counted under `proceed`...
    const create = await es.client.reindex({ source: { index: 'rx-src' }, dest: { index: 'rx-dest', op_type: 'create' }, conflicts: 'proceed' });
    assert.equal(create.created, docs.length - warn.length);
    assert.equal(create.version_conflicts, warn.length);
    assert.deepEqual(create.failures, []);
    // ...and the end of the run (with its failures and a 409) under `abort`.
    const aborted = (await es.client.reindex({ source: { index: 'rx-src' }, dest: { index: 'rx-dest', op_type: 'create' } }, { ignore: [409], meta: true })) as unknown as { statusCode: number; body: Row };
    assert.equal(aborted.statusCode, 409);
    assert.equal(aborted.body.created, 0);
    assert.equal(aborted.body.batches, 1);
    assert.equal(aborted.body.version_conflicts, docs.length);
    const firstFailure = aborted.body.failures[0];
    const uuid = ((await es.client.indices.get({ index: 'rx-dest' }))['rx-dest']!.settings!.index!.uuid)!;
    assert.deepEqual(firstFailure, {
      index: 'rx-dest',
      id: 'd0',
      cause: { type: 'version_conflict_engine_exception', reason: '[d0]: version conflict, document already exists (current version [1])', index_uuid: uuid, shard: '0', index: 'rx-dest' },
      status: 409,
    });
    // Through an alias, which require_alias asks for.
    await es.client.indices.putAlias({ index: 'rx-dest', name: 'rx-alias' });
    const aliased = await es.client.reindex({ source: { index: 'rx-src', query: { term: { level: 'warn' } } }, dest: { index: 'rx-alias' }, require_alias: true });
    assert.equal(aliased.updated, warn.length);
    // External versions: the source's versions, and no copy over one as new.
    await es.client.index({ index: 'rx-src', id: 'd1', document: docs[1], refresh: true });
    const external = await es.client.reindex({ source: { index: 'rx-src' }, dest: { index: 'rx-ext', version_type: 'external' } });
    assert.equal(external.created, docs.length);
    const ext = await versions('rx-ext');
    assert.equal(ext.get('d1')!.version, 2);
    assert.equal(ext.get('d0')!.version, 1);
    const repeat = await es.client.reindex({ source: { index: 'rx-src' }, dest: { index: 'rx-ext', version_type: 'external' }, conflicts: 'proceed' });
    assert.equal(repeat.version_conflicts, docs.length);
  });

  it('a document changed after its batch was read is a conflict: abort stops there, proceed counts it', async () => {
    for (const conflicts of ['abort', 'proceed'] as const) {
      const index = `conf-${conflicts}`;
      const docs = seed(4, 5).map((d, i) => ({ ...d, id: `c${i}` }));
      await load(index, docs);
      const uuid = ((await es.client.indices.get({ index }))[index]!.settings!.index!.uuid)!;
      const started = await es.client.deleteByQuery({ index, scroll_size: 1, requests_per_second: 1, conflicts, wait_for_completion: false });
      const task = started.task as string;
      assert.match(task, new RegExp(`^${NODE}:\\d+$`));
      // The second batch (c1) is read and waits on the clock: the first is deleted.
      const waiting = await poll(task, (a) => a.task.status.throttled_until_millis > 0);
      assert.equal(waiting.completed, false);
      assert.deepEqual(
        { ...waiting.task, start_time_in_millis: 0 },
        {
          node: NODE,
          id: Number(task.split(':')[1]),
          type: 'transport',
          action: 'indices:data/write/delete/byquery',
          status: { total: 4, updated: 0, created: 0, deleted: 1, batches: 1, version_conflicts: 0, noops: 0, retries: { bulk: 0, search: 0 }, throttled_millis: 0, requests_per_second: 1, throttled_until_millis: 1000 },
          description: `delete-by-query [${index}]`,
          start_time_in_millis: 0,
          running_time_in_nanos: 0,
          cancellable: true,
          cancelled: false,
          headers: {},
        },
      );
      const changed = await es.client.index({ index, id: 'c1', document: { ...docs[1], n: -1 } });
      let done: Row | undefined;
      while (!done) {
        es.clock.advance(1000);
        done = await poll(task, (a) => a.completed || a.task.status.throttled_until_millis > 0);
        if (!done.completed) done = undefined;
      }
      const conflict = {
        index,
        id: 'c1',
        cause: { type: 'version_conflict_engine_exception', reason: `[c1]: version conflict, required seqNo [1], primary term [1]. current document has seqNo [${changed._seq_no}] and primary term [1]`, index_uuid: uuid, shard: '0', index },
        status: 409,
      };
      if (conflicts === 'abort') {
        assert.deepEqual(done.response, { took: 1000, timed_out: false, total: 4, updated: 0, created: 0, deleted: 1, batches: 2, version_conflicts: 1, noops: 0, retries: { bulk: 0, search: 0 }, throttled_millis: 1000, requests_per_second: 1, throttled_until_millis: 0, failures: [conflict] });
        assert.deepEqual(await remaining(index), ['c2', 'c3', 'c1']);
      } else {
        assert.deepEqual(done.response, { took: 3000, timed_out: false, total: 4, updated: 0, created: 0, deleted: 3, batches: 4, version_conflicts: 1, noops: 0, retries: { bulk: 0, search: 0 }, throttled_millis: 3000, requests_per_second: 1, throttled_until_millis: 0, failures: [] });
        assert.deepEqual(await remaining(index), ['c1']);
      }
      assert.equal(done.task.status.throttled_until_millis, 0);
    }
  });

  it('wait_for_completion=false answers a task; GET _tasks answers its result, then still does', async () => {
    const docs = seed(12, 6);
    await load('task-src', docs);
    const started = await es.client.reindex({ source: { index: 'task-src' }, dest: { index: 'task-dest' }, wait_for_completion: false });
    const done = await poll(started.task as string, (a) => a.completed);
    assert.deepEqual(done.response, { took: 0, timed_out: false, total: 12, updated: 0, created: 12, deleted: 0, batches: 1, version_conflicts: 0, noops: 0, ...quiet });
    assert.equal(done.task.action, 'indices:data/write/reindex');
    assert.equal(done.task.description, 'reindex from [task-src] to [task-dest]');
    // A finished task's info is the one ES stores with its result, which leaves `cancelled` out.
    assert.equal(done.task.cancellable, true);
    assert.equal('cancelled' in done.task, false);
    assert.deepEqual(await remaining('task-dest'), docs.map((d) => d.id));
    assert.deepEqual(((await es.client.tasks.get({ task_id: started.task as string })) as unknown as Row).response, done.response);
    // Under `human`, each duration and time is written readably just before its raw field.
    const human = (await es.client.tasks.get({ task_id: started.task as string }, { querystring: { human: true } })) as unknown as Row;
    assert.deepEqual(Object.keys(human.task), ['node', 'id', 'type', 'action', 'status', 'description', 'start_time', 'start_time_in_millis', 'running_time', 'running_time_in_nanos', 'cancellable', 'headers']);
    assert.equal(human.task.start_time, new Date(human.task.start_time_in_millis).toISOString());
    assert.equal(human.task.running_time, '0s');
    assert.deepEqual(Object.keys(human.response).slice(-7), ['retries', 'throttled', 'throttled_millis', 'requests_per_second', 'throttled_until', 'throttled_until_millis', 'failures']);
    assert.equal(human.response.throttled, '0s');
    // A task that fails keeps its error.
    const failing = await es.client.updateByQuery({ index: 'no-such-index', wait_for_completion: false });
    const failed = await poll(failing.task as string, (a) => a.completed);
    assert.equal(failed.response, undefined);
    assert.deepEqual(failed.error, { type: 'index_not_found_exception', reason: 'no such index [no-such-index]', 'resource.type': 'index_or_alias', 'resource.id': 'no-such-index', index_uuid: '_na_', index: 'no-such-index' });
  });

  it('GET _tasks waits for a task with wait_for_completion, up to its timeout', async () => {
    await load('wait', seed(3, 8));
    const started = await es.client.updateByQuery({ index: 'wait', scroll_size: 1, requests_per_second: 0.5, wait_for_completion: false });
    const task = started.task as string;
    await poll(task, (a) => a.task.status.throttled_until_millis > 0);
    assert.deepEqual(await esErrorOf(es.client.tasks.get({ task_id: task, wait_for_completion: true, timeout: '50ms' })), { status: 408, type: 'timeout_exception', reason: `Timed out waiting for completion of task [${task}]` });
    const waited = es.client.tasks.get({ task_id: task, wait_for_completion: true, timeout: '30s' }) as unknown as Promise<Row>;
    // Each batch of one waits two seconds after the last one started.
    for (let i = 0; i < 2; i++) {
      await poll(task, (a) => a.task.status.throttled_until_millis > 0);
      es.clock.advance(2000);
    }
    const done = await waited;
    assert.equal(done.completed, true);
    assert.equal(done.response.updated, 3);
    assert.equal(done.response.throttled_millis, 4000);
    assert.equal(done.response.requests_per_second, 0.5);
  });

  it('an index the query fails on is a search failure: nothing is written, and the answer has its status', async () => {
    await load('sf-a', seed(5, 9));
    await es.client.indices.create({ index: 'sf-b', mappings: { properties: { level: { type: 'long' } } } });
    await es.client.index({ index: 'sf-b', id: '1', document: { level: 3 } });
    const uuid = ((await es.client.indices.get({ index: 'sf-b' }))['sf-b']!.settings!.index!.uuid)!;
    const answer = (await es.client.deleteByQuery({ index: 'sf-a,sf-b', query: { term: { level: 'error' } } }, { ignore: [400], meta: true })) as unknown as { statusCode: number; body: Row };
    assert.equal(answer.statusCode, 400);
    assert.equal(answer.body.deleted, 0);
    assert.equal(answer.body.batches, 0);
    assert.equal(answer.body.failures.length, 1);
    const [failure] = answer.body.failures;
    assert.deepEqual({ ...failure, reason: { type: failure.reason.type, index: failure.reason.index, index_uuid: failure.reason.index_uuid } }, { index: 'sf-b', shard: 0, node: NODE, status: 400, reason: { type: 'query_shard_exception', index: 'sf-b', index_uuid: uuid } });
    assert.equal((await es.client.count({ index: 'sf-a' })).count, 5);
  });

  it('reaches data streams and filtered aliases as a search does, and writes where the documents are', async () => {
    await es.client.indices.putIndexTemplate({ name: 'byq-streams', index_patterns: ['logs-byq*'], data_stream: {}, template: { mappings: { properties: { level: { type: 'keyword' } } } } });
    const docs = seed(9, 10);
    await es.client.bulk({ operations: docs.flatMap((d, i) => [{ create: { _index: 'logs-byq-app', _id: d.id } }, { '@timestamp': `2026-01-01T00:00:0${i}Z`, level: d.level }]) });
    const updated = await es.client.updateByQuery({ index: 'logs-byq-app' });
    assert.equal(updated.updated, docs.length);
    const errors = docs.filter((d) => d.level === 'error').map((d) => d.id);
    const deleted = await es.client.deleteByQuery({ index: 'logs-byq-app', query: { term: { level: 'error' } } });
    assert.equal(deleted.deleted, errors.length);
    assert.deepEqual(await remaining('logs-byq-app'), docs.filter((d) => d.level !== 'error').map((d) => d.id));
    // Into a data stream only `create` writes; `index` fails each write as ES's bulk items do.
    const created = await es.client.reindex({ source: { index: 'logs-byq-app' }, dest: { index: 'logs-byq-copy', op_type: 'create' } });
    assert.equal(created.created, docs.length - errors.length);
    const refused = (await es.client.reindex({ source: { index: 'logs-byq-app' }, dest: { index: 'logs-byq-copy' } }, { ignore: [400], meta: true })) as unknown as { statusCode: number; body: Row };
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.body.failures[0].cause.reason, 'only write ops with an op_type of create are allowed in data streams');
    // A filtered alias reads only what its filter lets through.
    await load('al-a', docs);
    await es.client.indices.putAlias({ index: 'al-a', name: 'al-errors', filter: { term: { level: 'error' } } });
    assert.equal((await es.client.deleteByQuery({ index: 'al-errors', query: { match_all: {} } })).deleted, errors.length);
    assert.deepEqual(await remaining('al-a'), docs.filter((d) => d.level !== 'error').map((d) => d.id));
  });

  it('GET _tasks lists the running tasks, filtered and grouped as asked', async () => {
    await load('listed', seed(2, 12));
    const started = await es.client.updateByQuery({ index: 'listed', scroll_size: 1, requests_per_second: 1, wait_for_completion: false });
    const task = started.task as string;
    const { task: info } = await poll(task, (a) => a.task.status.throttled_until_millis > 0);
    const detailed = (await es.client.tasks.list({ actions: '*byquery', detailed: true })) as unknown as Row;
    assert.deepEqual(detailed, {
      nodes: { [NODE]: { name: detailed.nodes[NODE].name, transport_address: '127.0.0.1:9300', host: '127.0.0.1', ip: '127.0.0.1:9300', roles: ['data', 'ingest', 'master'], tasks: { [task]: info } } },
    });
    const { status: _status, description: _description, ...brief } = info;
    assert.deepEqual(((await es.client.tasks.list({ group_by: 'none' })) as unknown as Row).tasks, [brief]);
    assert.deepEqual(((await es.client.tasks.list({ group_by: 'parents', actions: 'indices:data/write/update/byquery' })) as unknown as Row).tasks, { [task]: brief });
    assert.deepEqual(await es.client.tasks.list({ actions: '*reindex' }), { nodes: {} });
    assert.deepEqual(await es.client.tasks.list({ nodes: 'someone-else' }), { nodes: {} });
    assert.deepEqual(await esErrorOf(es.client.tasks.list({ group_by: 'bogus' as 'none' })), { status: 400, type: 'illegal_argument_exception', reason: '[group_by] must be one of [nodes], [parents] or [none] but was [bogus]' });
    es.clock.advance(1000);
    await poll(task, (a) => a.completed);
    // A finished task is no longer listed, though GET still answers it.
    assert.deepEqual(await es.client.tasks.list({}), { nodes: {} });
  });

  it('GET _tasks refuses ids it has no task for, as ES does', async () => {
    assert.deepEqual(await esErrorOf(es.client.tasks.get({ task_id: `${NODE}:999999` })), { status: 404, type: 'resource_not_found_exception', reason: `task [${NODE}:999999] isn't running and hasn't stored its results` });
    assert.deepEqual(await esErrorOf(es.client.tasks.get({ task_id: 'other:1' })), {
      status: 404,
      type: 'resource_not_found_exception',
      reason: "task [other:1] belongs to the node [other] which isn't part of the cluster and there is no record of the task",
    });
    assert.deepEqual(await esErrorOf(es.client.tasks.get({ task_id: 'abc' })), { status: 400, type: 'illegal_argument_exception', reason: 'malformed task id abc' });
  });

  it('refuses what ES refuses, with its words, and what Tessera does not do, clearly', async () => {
    await load('err', seed(3, 7));
    await load('err-closed', seed(2, 7));
    await es.client.indices.close({ index: 'err-closed' });
    const closedError = await esErrorOf(es.client.search({ index: 'err-closed' }));
    assert.deepEqual(closedError, { status: 400, type: 'index_closed_exception', reason: 'closed' });
    // Each call is made when its turn comes, so none fails unobserved while another is awaited.
    const cases: [() => Promise<unknown>, number, string, string][] = [
      [() => es.client.deleteByQuery({ index: 'err', conflicts: 'bogus' as 'abort' }), 400, 'illegal_argument_exception', 'conflicts may only be "proceed" or "abort" but was [bogus]'],
      [() => es.client.deleteByQuery({ index: 'err', slices: 0 }), 400, 'illegal_argument_exception', '[slices] must be a positive integer or the string "auto", but was [0]'],
      [() => es.client.deleteByQuery({ index: 'err', slices: 2 }), 400, 'illegal_argument_exception', 'Tessera runs these requests in one slice: [slices] must be [1] or [auto], but was [2]'],
      [() => es.client.deleteByQuery({ index: 'err', requests_per_second: 0 }), 400, 'illegal_argument_exception', '[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.'],
      [() => es.client.deleteByQuery({ index: 'err', max_docs: 0 }), 400, 'action_request_validation_exception', 'Validation Failed: 1: maxDocs should be greater than 0 if the request is limited to some number of documents or -1 if it isn\'t but it was [0];'],
      [() => es.client.deleteByQuery({ index: 'err', max_docs: 2, query: { match_all: {} } } as estypes.DeleteByQueryRequest & { max_docs: number }, { querystring: { max_docs: 3 } }), 400, 'illegal_argument_exception', '[max_docs] set to two different values [2] and [3]'],
      [() => es.client.transport.request({ method: 'POST', path: '/err/_delete_by_query', body: { size: 3 } }), 400, 'illegal_argument_exception', 'invalid parameter [size], use [max_docs] instead'],
      [() => es.client.transport.request({ method: 'POST', path: '/err/_delete_by_query', body: { sort: ['n'] } }), 400, 'illegal_argument_exception', 'Tessera does not support [sort] in a [delete_by_query] request'],
      [() => es.client.deleteByQuery({ index: 'err', max_docs: -2 }), 400, 'illegal_argument_exception', '[max_docs] parameter cannot be negative, found [-2]'],
      [() => es.client.deleteByQuery({ index: 'err', scroll_size: 0 }), 400, 'action_request_validation_exception', 'Validation Failed: 1: [size] cannot be [0] in a scroll context;'],
      [() => es.client.deleteByQuery({ index: 'err', refresh: 'wait_for' as unknown as boolean }), 400, 'illegal_argument_exception', 'Failed to parse value [wait_for] as only [true] or [false] are allowed.'],
      [() => es.client.deleteByQuery({ index: 'err', scroll: 'forever' }), 400, 'illegal_argument_exception', 'failed to parse setting [scroll] with value [forever] as a time value: unit is missing or unrecognized'],
      [() => es.client.deleteByQuery({ index: 'missing' }), 404, 'index_not_found_exception', 'no such index [missing]'],
      [() => es.client.updateByQuery({ index: 'err', script: { source: 'ctx._source.n++' } }), 400, 'illegal_argument_exception', 'script_lang not supported [painless]'],
      [() => es.client.reindex({ source: { index: 'err' }, dest: { index: 'err' } }), 400, 'action_request_validation_exception', 'Validation Failed: 1: reindex cannot write into an index its reading from [err];'],
      [() => es.client.reindex({ source: { index: 'err', remote: { host: 'http://other:9200' } }, dest: { index: 'x' } }), 400, 'illegal_argument_exception', '[other:9200] not whitelisted in reindex.remote.whitelist'],
      [() => es.client.reindex({ source: { index: 'err' }, dest: { index: 'x' }, script: { source: 'ctx.op = "noop"' } }), 400, 'illegal_argument_exception', 'script_lang not supported [painless]'],
      [() => es.client.reindex({ source: { index: 'err' } } as estypes.ReindexRequest), 400, 'action_request_validation_exception', 'Validation Failed: 1: index must be specified;'],
      [() => es.client.reindex({ source: {}, dest: { index: 'x' } } as estypes.ReindexRequest), 400, 'action_request_validation_exception', 'Validation Failed: 1: use _all if you really want to copy from all existing indexes;'],
      [() => es.client.reindex({ source: { index: 'err' }, dest: { index: 'x' }, require_alias: true }), 404, 'index_not_found_exception', 'no such index [x] and [require_alias] request flag is [true] and [x] is not an alias'],
      [() => es.client.reindex({ source: { index: 'err' }, dest: { index: 'x', op_type: 'upsert' as 'index' } }), 400, 'illegal_argument_exception', "opType must be 'create' or 'index', found: [upsert]"],
      [() => es.client.transport.request({ method: 'POST', path: '/_reindex', body: { source: { index: 'err' }, dest: { index: 'x' }, size: 3 } }), 400, 'x_content_parse_exception', '[reindex] unknown field [size]'],
    ];
    for (const [call, status, type, reason] of cases) assert.deepEqual(await esErrorOf(call()), { status, type, reason });
    // A closed index fails the scan as it fails a search.
    assert.deepEqual(await esErrorOf(es.client.deleteByQuery({ index: 'err-closed' })), closedError);
    assert.deepEqual(await esErrorOf(es.client.reindex({ source: { index: 'err-closed' }, dest: { index: 'x' } })), closedError);
    // Nothing was deleted or written by any of them.
    assert.equal((await es.client.count({ index: 'err' })).count, 3);
    assert.equal(await es.client.indices.exists({ index: 'x' }), false);
  });

  it('a task still waiting when the server closes stops there (the last test: the suite’s server closes next)', async () => {
    await load('left-running', seed(3, 11));
    const started = await es.client.deleteByQuery({ index: 'left-running', scroll_size: 1, requests_per_second: 0.001, wait_for_completion: false });
    const waiting = await poll(started.task as string, (a) => a.task.status.throttled_until_millis > 0);
    assert.equal(waiting.task.status.deleted, 1);
  });
});
