/** The one primitive instances stay in step by: a generation-stamped copy, reloaded only when the store moved, with one serialiser. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SerialQueue, VersionedCopy, type CopySource, type Versioned } from '../../src/platform/versioned-copy.js';

/** A store other instances write to: `stored` moves when they commit; loads are counted. */
function fakeSource(initial: Versioned<string>) {
  const calls = { generation: 0, load: 0 };
  let stored = initial;
  let gate: Promise<void> | undefined;
  const source: CopySource<string> = {
    async generation() {
      calls.generation++;
      return stored.generation;
    },
    async load() {
      calls.load++;
      await gate;
      return stored;
    },
  };
  return {
    source,
    calls,
    commit: (value: string) => (stored = { value, generation: stored.generation + 1 }),
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

describe('VersionedCopy', () => {
  it('reloads only when the stored generation is ahead of the copy', async () => {
    const store = fakeSource({ value: 'a', generation: 1 });
    const copy = new VersionedCopy(store.source, { value: 'a', generation: 1 });
    await copy.sync();
    assert.deepEqual(store.calls, { generation: 1, load: 0 });
    await copy.sync(1);
    assert.deepEqual(store.calls, { generation: 1, load: 0 }, 'a generation already read and not ahead costs nothing');
    store.commit('b');
    await copy.sync(2);
    assert.deepEqual([copy.value, copy.generation, store.calls.load], ['b', 2, 1]);
  });

  it('never syncs without a source: the instance owns the store', async () => {
    const copy = new VersionedCopy<string>(undefined, { value: 'a', generation: 0 });
    await copy.sync(5);
    assert.equal(copy.value, 'a');
  });

  it('runs reloads and changes one at a time, so a reload never overlaps a change of this instance', async () => {
    const store = fakeSource({ value: 'a', generation: 1 });
    const copy = new VersionedCopy(store.source, { value: 'a', generation: 1 });
    const order: string[] = [];
    store.commit('b');
    const release = store.hold();
    const reload = copy.sync().then(() => order.push(`reloaded ${copy.value}`));
    const change = copy.change(async (current) => {
      order.push(`changed on ${current.value}@${current.generation}`);
      copy.adopt({ value: `${current.value}+c`, generation: current.generation + 1 });
    });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, [], 'the change waits for the reload in progress');
    release();
    await Promise.all([reload, change]);
    assert.deepEqual(order, ['reloaded b', 'changed on b@2']);
    assert.deepEqual([copy.value, copy.generation], ['b+c', 3]);
  });

  it('ignores an older copy and tells listeners of a new value only', async () => {
    const copy = new VersionedCopy<string>(undefined, { value: 'a', generation: 3 });
    const heard: string[] = [];
    copy.onChange((after, before) => heard.push(`${before}->${after}`));
    copy.adopt({ value: 'old', generation: 2 });
    copy.adopt({ value: 'a', generation: 4 });
    copy.adopt({ value: 'b', generation: 4 });
    assert.deepEqual([copy.value, copy.generation, heard], ['b', 4, ['a->b']]);
  });

  it('a failed piece of work fails alone', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(async () => 'ran');
    await assert.rejects(failed, /boom/);
    assert.equal(await next, 'ran');
  });
});
