/**
 * @module Work over every index of a large cluster (100,000 of them), spread over turns of the event loop so that
 * no turn holds it long enough to stall the other requests it serves.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Items sorted, or merged, in one turn: a few milliseconds' work even with a costly comparison. */
export const SORTED_PER_TURN = 4_096;

/** Runs `steps` to its end at once, ignoring the points at which it could let other work in. */
export function runAtOnce<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs `steps` to its end, giving the event loop a turn at each point it yields. */
export async function runInTurns<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/**
 * `items` sorted as Array.prototype.sort sorts them (stable), over several turns: runs of `perTurn` items are sorted
 * one a turn, then merged pairwise, `perTurn` items placed a turn; a tie takes the earlier run's item first.
 */
export async function sortInTurns<T>(items: readonly T[], compare: (a: T, b: T) => number, perTurn = SORTED_PER_TURN): Promise<T[]> {
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += perTurn) {
    if (start > 0) await nextTurn();
    runs.push(items.slice(start, start + perTurn).sort(compare));
  }
  let placed = 0;
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const left = runs[r]!;
      const right = runs[r + 1];
      if (right === undefined) {
        merged.push(left);
        continue;
      }
      const out: T[] = [];
      let i = 0;
      let j = 0;
      while (i < left.length && j < right.length) {
        out.push(compare(right[j]!, left[i]!) < 0 ? right[j++]! : left[i++]!);
        if (++placed % perTurn === 0) await nextTurn();
      }
      while (i < left.length) out.push(left[i++]!);
      while (j < right.length) out.push(right[j++]!);
      merged.push(out);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}
