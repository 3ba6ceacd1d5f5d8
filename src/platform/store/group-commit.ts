/**
 * @module Group commit: writes that arrive while a commit is in flight wait for it, then commit together in one
 * transaction, so concurrent writers share one durable commit (one fsync) instead of paying one each.
 */

/** What one job of a group came to: its value, or the error that is its own answer. */
export type JobOutcome<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: unknown };

/**
 * Commits `jobs` (in arrival order) in one transaction and resolves once that commit is durable, with each job's
 * outcome at its index. A job's failure must touch only its own outcome; a rejection fails every job of the group.
 */
export type CommitGroup<J, R> = (jobs: readonly J[]) => Promise<readonly JobOutcome<R>[]>;

/** Bounds one group, so a burst of writers is answered in several commits rather than after one huge one. */
export const MAX_GROUP = 256;

interface Waiting<J, R> {
  readonly job: J;
  resolve(value: R): void;
  reject(error: unknown): void;
}

interface Lane<J, R> {
  readonly waiting: Waiting<J, R>[];
  /** A group of this lane is scheduled or committing; new jobs wait for the next one. */
  busy: boolean;
}

/**
 * Jobs of one lane commit a group at a time, in arrival order; different lanes commit independently (on a store
 * that runs transactions side by side, writes that cannot conflict need not wait for each other).
 */
export class GroupCommit<J, R> {
  readonly #lanes = new Map<string, Lane<J, R>>();

  constructor(
    private readonly commit: CommitGroup<J, R>,
    private readonly maxGroup = MAX_GROUP,
  ) {}

  /** Resolves with `job`'s value once the group it joined is committed, or rejects with its own error. */
  submit(lane: string, job: J): Promise<R> {
    let queue = this.#lanes.get(lane);
    if (!queue) this.#lanes.set(lane, (queue = { waiting: [], busy: false }));
    const answer = new Promise<R>((resolve, reject) => queue.waiting.push({ job, resolve, reject }));
    if (!queue.busy) this.#schedule(lane, queue);
    return answer;
  }

  /**
   * The group starts on the event loop's next turn, not at once: requests that arrived together (parsed in one
   * I/O phase, often while the previous commit held the thread) join the same group.
   */
  #schedule(lane: string, queue: Lane<J, R>): void {
    queue.busy = true;
    setImmediate(() => void this.#run(lane, queue));
  }

  async #run(lane: string, queue: Lane<J, R>): Promise<void> {
    const group = queue.waiting.splice(0, this.maxGroup);
    let outcomes: readonly JobOutcome<R>[] | undefined;
    let failure: unknown;
    try {
      outcomes = await this.commit(group.map((w) => w.job));
    } catch (error) {
      failure = error;
    }
    group.forEach((waiting, i) => {
      const outcome = outcomes?.[i];
      if (!outcome) waiting.reject(outcomes ? new Error('group commit returned no outcome for a job') : failure);
      else if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
    if (queue.waiting.length > 0) this.#schedule(lane, queue);
    else this.#lanes.delete(lane);
  }
}
