/**
 * Nested fields as Elasticsearch keeps them: each nested object a document of its own, reached by a `nested` query
 * whose inner query sees one object at a time, never by a plain query (unless the mapping includes it in the root).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { estypes } from '@elastic/elasticsearch';
import { useEsServer } from '../helpers/es.js';

interface Comment {
  author: string;
  text: string;
  stars: number;
}
interface Post {
  title: string;
  comments: Comment[];
}

const POSTS: Record<string, Post> = {
  p1: { title: 'first', comments: [{ author: 'alice', text: 'great post', stars: 5 }, { author: 'bob', text: 'meh', stars: 2 }] },
  p2: { title: 'second', comments: [{ author: 'alice', text: 'not great', stars: 1 }, { author: 'carol', text: 'great great', stars: 4 }] },
  p3: { title: 'third', comments: [{ author: 'bob', text: 'fine', stars: 4 }] },
  p4: { title: 'fourth', comments: [] },
  p5: { title: 'fifth', comments: [{ author: 'alice', text: 'great', stars: 4 }] },
};

const matching = (test: (c: Comment) => boolean) =>
  Object.entries(POSTS)
    .filter(([, p]) => p.comments.some(test))
    .map(([id]) => id)
    .sort();

describe('nested fields', () => {
  const es = useEsServer();
  const ids = async (query: estypes.QueryDslQueryContainer, index = 'posts') => (await es.client.search({ index, query, size: 100 })).hits.hits.map((h) => h._id).sort();

  it('matches a nested object only where one object meets the whole inner query', async () => {
    await es.client.indices.create({
      index: 'posts',
      mappings: { properties: { title: { type: 'keyword' }, comments: { type: 'nested', properties: { author: { type: 'keyword' }, text: { type: 'text' }, stars: { type: 'integer' } } } } },
    });
    await es.client.bulk({ refresh: true, operations: Object.entries(POSTS).flatMap(([id, post]) => [{ index: { _index: 'posts', _id: id } }, post]) });
    const aliceHigh = { bool: { must: [{ term: { 'comments.author': 'alice' } }, { range: { 'comments.stars': { gte: 4 } } }] } };
    assert.deepEqual(await ids({ nested: { path: 'comments', query: aliceHigh } }), matching((c) => c.author === 'alice' && c.stars >= 4));
    // A plain query never reaches nested fields: across objects alice and 4 stars would match p2, which has neither in one.
    assert.deepEqual(await ids(aliceHigh), []);
    assert.deepEqual(await ids({ nested: { path: 'comments', query: { match_all: {} } } }), matching(() => true));
    assert.deepEqual(await ids({ nested: { path: 'comments', query: { bool: { must_not: { term: { 'comments.author': 'alice' } } } } } }), matching((c) => c.author !== 'alice'));
    assert.deepEqual(await ids({ bool: { must_not: { nested: { path: 'comments', query: { term: { 'comments.author': 'bob' } } } } } }), ['p2', 'p4', 'p5']);
    assert.deepEqual(await ids({ bool: { filter: [{ term: { title: 'second' } }, { nested: { path: 'comments', query: { match: { 'comments.text': 'great' } } } }] } }), ['p2']);
    assert.equal((await es.client.count({ index: 'posts', query: { nested: { path: 'comments', query: { match: { 'comments.text': 'great' } } } } })).count, 3);
  });

  it('scores parents by score_mode over their matching nested objects', async () => {
    const scores = async (score_mode: 'avg' | 'sum' | 'max' | 'min' | 'none') =>
      Object.fromEntries((await es.client.search({ index: 'posts', query: { nested: { path: 'comments', score_mode, query: { match: { 'comments.text': 'great' } } } } })).hits.hits.map((h) => [h._id, h._score!]));
    const [avg, sum, max, min, none] = await Promise.all((['avg', 'sum', 'max', 'min', 'none'] as const).map(scores));
    assert.deepEqual(Object.keys(sum!).sort(), ['p1', 'p2', 'p5']);
    // p2 has two matching comments ("not great", "great great"): sum is both, max and min are one each, avg between.
    assert.ok(Math.abs(sum!.p2! - (max!.p2! + min!.p2!)) < 1e-5);
    assert.ok(max!.p2! > min!.p2!);
    assert.ok(Math.abs(avg!.p2! - (max!.p2! + min!.p2!) / 2) < 1e-5);
    // One matching comment: every mode gives its score.
    assert.equal(avg!.p5, sum!.p5);
    assert.equal(max!.p1, min!.p1);
    assert.deepEqual(new Set(Object.values(none!)), new Set([0]));
  });

  it('follows updates and deletes of the documents holding nested objects', async () => {
    await es.client.index({ index: 'posts', id: 'p5', document: { title: 'fifth', comments: [{ author: 'dave', text: 'bad', stars: 1 }] }, refresh: true });
    assert.deepEqual(await ids({ nested: { path: 'comments', query: { term: { 'comments.author': 'alice' } } } }), ['p1', 'p2']);
    assert.deepEqual(await ids({ nested: { path: 'comments', query: { term: { 'comments.author': 'dave' } } } }), ['p5']);
    await es.client.delete({ index: 'posts', id: 'p5', refresh: true });
    assert.deepEqual(await ids({ nested: { path: 'comments', query: { term: { 'comments.author': 'dave' } } } }), []);
    assert.deepEqual(await ids({ nested: { path: 'comments', query: { match_all: {} } } }), ['p1', 'p2', 'p3']);
  });

  it('indexes nested fields into the root as well under include_in_root', async () => {
    await es.client.indices.create({ index: 'posts-root', mappings: { properties: { comments: { type: 'nested', include_in_root: true, properties: { author: { type: 'keyword' }, stars: { type: 'integer' } } } } } });
    await es.client.bulk({ refresh: true, operations: Object.entries(POSTS).flatMap(([id, post]) => [{ index: { _index: 'posts-root', _id: id } }, { comments: post.comments.map(({ author, stars }) => ({ author, stars })) }]) });
    // Flattened into the root, alice and 4 stars match across objects, as in ES.
    assert.deepEqual(await ids({ bool: { must: [{ term: { 'comments.author': 'alice' } }, { range: { 'comments.stars': { gte: 4 } } }] } }, 'posts-root'), ['p1', 'p2', 'p5']);
    assert.deepEqual(await ids({ nested: { path: 'comments', query: { bool: { must: [{ term: { 'comments.author': 'alice' } }, { range: { 'comments.stars': { gte: 4 } } }] } } } }, 'posts-root'), ['p1', 'p5']);
  });

  it('refuses a path that is no nested object, unless ignore_unmapped', async () => {
    assert.deepEqual(await ids({ nested: { path: 'title', ignore_unmapped: true, query: { match_all: {} } } }), []);
    const body = (await es.client.transport.request({ method: 'POST', path: '/posts/_search', body: { query: { nested: { path: 'nope', query: { match_all: {} } } } } }, { ignore: [400] })) as any;
    assert.equal(body.status, 400);
    assert.equal(body.error.type, 'search_phase_execution_exception');
    assert.deepEqual(body.error.root_cause[0], { type: 'query_shard_exception', reason: 'failed to create query: [nested] failed to find nested object under path [nope]', index_uuid: body.error.root_cause[0].index_uuid, index: 'posts' });
    assert.deepEqual(body.error.failed_shards[0].reason.caused_by, { type: 'illegal_state_exception', reason: '[nested] failed to find nested object under path [nope]' });
  });
});
