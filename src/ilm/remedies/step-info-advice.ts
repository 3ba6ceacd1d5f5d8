/**
 * @module The console's advice for an index that failed (step ERROR) or waits with a message: read from the code
 * the runner stored beside step_info when it recorded it, so the words of step_info are not parsed back (but for a
 * step_info stored before codes were, see legacy-step-info.ts).
 */
import type { IndexMetadata } from '../../cluster/index.js';
import { readCause, readExecution } from '../execution-state.js';
import { ERROR_STEP } from '../step-key.js';
import { legacyCause } from './legacy-step-info.js';
import { adviceWords } from './remedy-table.js';
import type { Advice } from './remedy.js';


/** Undefined when the index has no step_info. */
export function stepInfoAdvice(index: IndexMetadata): Advice | undefined {
  const execution = readExecution(index);
  if (execution.step_info === undefined) return undefined;
  const policy = index.settings['index.lifecycle.name'] ?? '(unknown)';
  const info = JSON.parse(execution.step_info) as Record<string, unknown>;
  const cause = readCause(execution) ?? legacyCause(info);
  const found = cause && adviceWords(cause.code, cause.params, { index: index.name, policy, phase: execution.phase ?? '(unknown)' });
  if (found) return found;
  if (execution.step !== ERROR_STEP) {
    return { cause: 'The step is waiting for a condition.', remedy: 'Read the message above; the step goes on by itself once the condition is met.', retry: 'none' };
  }
  return {
    cause: `Step [${execution.failed_step ?? 'unknown'}] failed with ${typeof info.type === 'string' ? info.type : 'an error'}.`,
    remedy: `Read the reason above and fix what it names (the policy [${policy}], the index's settings or aliases, or a cluster setting). ${
      execution.is_auto_retryable_error === 'true' ? 'The error is retried automatically at each poll, or ' : 'Then '
    }press Retry to run the failed step again.`,
    retry: 'retry',
  };
}
