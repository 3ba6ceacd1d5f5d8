/**
 * What happens after a retry, read from the server right after it: where the index stands (explain waits for the
 * runner, so a step that runs on the cluster change has run), when the next poll comes (the runner's poll interval
 * and the clock), and whether lint still sees the cause at that step.
 */
import { fetchClock, type ClockInfo } from '../../clock.ts';
import { explain, type ExplainRecord } from './lifecycle-types.ts';
import { lintIndices, type IndexLint, type LintProblem } from './lint-types.ts';

export interface RetryFollowUp {
  readonly record?: ExplainRecord;
  readonly clock?: ClockInfo;
  /** Lint's entry for the index; absent when lint could not run or does not manage it. */
  readonly lint?: IndexLint;
}

/**
 * The failure lint predicts in the action the index runs now (from an ERROR, the failed step a retry resumes):
 * the cause a retry would meet again.
 */
export function predictedFailure(record: ExplainRecord, lint: IndexLint | undefined): LintProblem | undefined {
  return lint?.problems.find((p) => (p.outcome === 'error' || p.outcome === 'stuck') && p.phase === record.phase && p.action === record.action);
}

/** Each part may fail on its own (a user who may not read the clock still learns where the index went). */
export async function followUpRetry(index: string): Promise<RetryFollowUp> {
  const [records, clock, lint] = await Promise.all([
    explain(index).catch(() => undefined),
    fetchClock().catch(() => undefined),
    lintIndices([index]).catch(() => undefined),
  ]);
  const record = records?.find((r) => r.index === index);
  const entry = lint?.[index];
  return { ...(record && { record }), ...(clock && { clock }), ...(entry && { lint: entry }) };
}
