/**
 * Drafts of the cluster state (a lifecycle pass's many small changes): they read as the plain state would, leave
 * the state they were drafted from as it was, and finish into a state with a plain map.
 */
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'node:test';
import { ClusterState, IndexMetadata } from '../../src/cluster/index.js';

function index(name: string, priority = 1): IndexMetadata {
  return Object.freeze({ name, uuid: name, creationDate: 0, settings: { 'index.priority': String(priority) }, mappings: {}, aliases: {}, rolloverInfo: {}, customs: {} });
}

function view(state: ClusterState): [string, string | undefined][] {
  return [...state.indices].map(([name, i]) => [name, i.settings['index.priority']]);
}

describe('ClusterState drafts', () => {
  const start = ['a', 'b', 'c'].reduce((state, name) => ClusterState.withIndex(state, index(name)), ClusterState.empty());

  it('read as the same changes on plain states would, in the same order', () => {
    const changes = (state: ClusterState) => {
      let s = ClusterState.withIndex(state, index('b', 2));
      s = ClusterState.withoutIndex(s, 'a');
      s = ClusterState.withIndex(s, index('d', 4));
      return ClusterState.withIndex(s, index('d', 5));
    };
    const plain = changes(start);
    const drafted = changes(ClusterState.draft(start));
    assert.deepEqual(view(drafted), view(plain));
    assert.deepEqual([drafted.indices.size, drafted.indices.has('a'), drafted.indices.has('d'), drafted.indices.get('d')?.settings['index.priority']], [3, false, true, '5']);
    assert.deepEqual([...drafted.indices.keys()], ['b', 'c', 'd']);
    assert.deepEqual(view(ClusterState.finish(drafted)), view(plain));
    assert.ok(ClusterState.finish(drafted).indices instanceof Map);
  });

  it('keep every state before a fold as it was, and the state drafted from untouched', () => {
    const draft = ClusterState.draft(start);
    const one = ClusterState.withIndex(draft, index('a', 9));
    const two = ClusterState.withoutIndex(one, 'c');
    assert.deepEqual(view(draft), [['a', '1'], ['b', '1'], ['c', '1']]);
    assert.deepEqual(view(one), [['a', '9'], ['b', '1'], ['c', '1']]);
    assert.deepEqual(view(two), [['a', '9'], ['b', '1']]);
    const folded = ClusterState.fold(two);
    assert.deepEqual(view(folded), [['a', '9'], ['b', '1']]);
    const three = ClusterState.withIndex(folded, index('e', 3));
    assert.deepEqual(view(ClusterState.finish(three)), [['a', '9'], ['b', '1'], ['e', '3']]);
    assert.deepEqual(view(start), [['a', '1'], ['b', '1'], ['c', '1']], 'the state drafted from');
  });

  it('let a finished state\'s predecessors go: a long run of passes does not keep every index map it made', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let state = ClusterState.finish(ClusterState.withIndex(ClusterState.draft(start), index('a', 1)));
    const first = new WeakRef(state.indices);
    for (let pass = 0; pass < 5; pass++) state = ClusterState.finish(ClusterState.withIndex(ClusterState.draft(state), index('b', pass)));
    const before = new WeakRef(state.indices);
    state = ClusterState.finish(ClusterState.withIndex(ClusterState.draft(state), index('c', 7)));
    // What a commit asks of the newest map: which names changed since the one it replaces (still held by the caller).
    assert.deepEqual(ClusterState.changedNames(before.deref()!, state.indices), new Set(['c']));
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    assert.equal(first.deref(), undefined);
    assert.deepEqual(view(state), [['a', '1'], ['b', '4'], ['c', '7']]);
  });
});
