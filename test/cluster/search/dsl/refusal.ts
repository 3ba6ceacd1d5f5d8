/** The DSL tests' one assertion of a refusal: the ClusterError's exact type, status and reason. */
import assert from 'node:assert/strict';
import { ClusterError } from '../../../../src/cluster/cluster-error.js';

export function refuses(run: () => unknown, type: string, reason: string, status = 400): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ClusterError, `a ClusterError, not ${String(error)}`);
    assert.deepEqual({ type: error.type, status: error.status, reason: error.reason }, { type, status, reason });
    return true;
  });
}
