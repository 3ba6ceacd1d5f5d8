/** GroupCommit: jobs submitted together commit as one group, in order, a lane at a time; each is answered on its own. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GroupCommit, type JobOutcome } from '../../src/platform/store/group-commit.js';

/** A committer that records its groups and answers each job with its double, failing the negative ones. */
function recording(): { groups: number[][]; commit: (jobs: readonly number[]) => Promise<JobOutcome<number>[]> } {
  const groups: number[][] = [];
  return {
    groups,
    async commit(jobs) {
      groups.push([...jobs]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return jobs.map((job) => (job < 0 ? { ok: false, error: new Error(`job ${job}`) } : { ok: true, value: job * 2 }));
    },
  };
}

describe('GroupCommit', () => {
  it('jobs submitted in one turn commit as one group; each gets its own answer or error', async () => {
    const { groups, commit } = recording();
    const committer = new GroupCommit(commit);
    const answers = await Promise.allSettled([1, 2, -3, 4].map((job) => committer.submit('', job)));
    assert.deepEqual(groups, [[1, 2, -3, 4]]);
    assert.deepEqual(answers.map((a) => (a.status === 'fulfilled' ? a.value : String(a.reason))), [2, 4, 'Error: job -3', 8]);
  });

  it('jobs that arrive while a group commits wait for the next group of their lane, in arrival order', async () => {
    const { groups, commit } = recording();
    const committer = new GroupCommit(commit);
    const first = [committer.submit('a', 1), committer.submit('a', 2)];
    await new Promise((resolve) => setImmediate(resolve));
    const later = [committer.submit('a', 3), committer.submit('a', 4)];
    assert.deepEqual(await Promise.all([...first, ...later]), [2, 4, 6, 8]);
    assert.deepEqual(groups, [[1, 2], [3, 4]]);
  });

  it('lanes commit independently, and a group holds at most the bound', async () => {
    const { groups, commit } = recording();
    const committer = new GroupCommit(commit, 2);
    await Promise.all([committer.submit('a', 1), committer.submit('b', 10), committer.submit('a', 2), committer.submit('a', 3)]);
    assert.deepEqual(groups, [[1, 2], [10], [3]]);
  });

  it('a committer that fails fails every job of its group, and the next group still runs', async () => {
    let calls = 0;
    const committer = new GroupCommit<number, number>(async (jobs) => {
      if (calls++ === 0) throw new Error('store gone');
      return jobs.map((job) => ({ ok: true, value: job }));
    });
    const failed = await Promise.allSettled([committer.submit('', 1), committer.submit('', 2)]);
    assert.deepEqual(failed.map((f) => f.status === 'rejected' && String(f.reason)), ['Error: store gone', 'Error: store gone']);
    assert.equal(await committer.submit('', 3), 3);
  });
});
