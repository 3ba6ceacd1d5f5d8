/** @module Lint over HTTP through the official client's transport, and the check that explain shows what lint predicted. */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import type { LintProblem } from '../../src/ilm/lint/lint-problem.js';
import type { Advice } from '../../src/ilm/remedies/index.js';
import { explainRecord } from './es.js';

export type Problem = LintProblem;

export async function lint(client: Client, body: Record<string, unknown>): Promise<Problem[]> {
  const response = (await client.transport.request({ method: 'POST', path: '/_tessera/ilm/lint', body })) as { problems: Problem[] };
  return response.problems;
}

export interface IndexLint {
  readonly policy: string;
  readonly problems: Problem[];
  readonly step_info_diagnosis?: Advice;
}

export async function lintCluster(client: Client): Promise<Record<string, IndexLint>> {
  const response = (await client.transport.request({ method: 'GET', path: '/_tessera/ilm/lint' })) as { indices: Record<string, IndexLint> };
  return response.indices;
}

/** Problems without their remedies, whose wording the tests check apart. */
export function withoutRemedies(problems: readonly Problem[]): Omit<Problem, 'remedy'>[] {
  return problems.map(({ remedy: _remedy, ...rest }) => rest);
}

/** Explain shows the problem lint predicted: ERROR with that failed step, type and reason, or that step waiting with that message. */
export async function assertExplainShows(client: Client, index: string, problem: Problem): Promise<void> {
  const record = await explainRecord(client, index);
  assert.deepEqual([record.phase, record.action], [problem.phase, problem.action], JSON.stringify(record));
  if (problem.outcome === 'error') {
    assert.equal(record.step, 'ERROR', JSON.stringify(record));
    assert.equal(record.failed_step, problem.step);
    assert.deepEqual(record.step_info, { type: problem.type, reason: problem.message });
  } else {
    assert.equal(problem.outcome, 'stuck');
    assert.equal(record.step, problem.step, JSON.stringify(record));
    assert.deepEqual(record.step_info, { message: problem.message });
  }
}
