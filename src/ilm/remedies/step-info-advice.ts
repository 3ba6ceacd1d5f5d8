/**
 * @module The console's advice for an index that failed (step ERROR) or waits with a message: read from the code
 * the runner stored beside step_info when it recorded it, so the words of step_info are never parsed back.
 */
import type { IndexMetadata } from '../../cluster/index.js';
import { readCause, readExecution } from '../execution-state.js';
import { ERROR_STEP } from '../step-key.js';
import { adviceWords } from './remedy-table.js';
import type { Advice } from './remedy.js';

function infoType(stepInfo: string): string | undefined {
  const type = (JSON.parse(stepInfo) as Record<string, unknown>).type;
  return typeof type === 'string' ? type : undefined;
}

/** Undefined when the index has no step_info. */
export function stepInfoAdvice(index: IndexMetadata): Advice | undefined {
  const execution = readExecution(index);
  if (execution.step_info === undefined) return undefined;
  const policy = index.settings['index.lifecycle.name'] ?? '(unknown)';
  const cause = readCause(execution);
  const found = cause && adviceWords(cause.code, cause.params, { index: index.name, policy, phase: execution.phase ?? '(unknown)' });
  if (found) return found;
  if (execution.step !== ERROR_STEP) {
    return { cause: 'The step is waiting for a condition.', remedy: 'Read the message above; the step goes on by itself once the condition is met.', retry: 'none' };
  }
  return {
    cause: `Step [${execution.failed_step ?? 'unknown'}] failed with ${infoType(execution.step_info) ?? 'an error'}.`,
    remedy: `Read the reason above and fix what it names (the policy [${policy}], the index's settings or aliases, or a cluster setting). ${
      execution.is_auto_retryable_error === 'true' ? 'The error is retried automatically at each poll, or ' : 'Then '
    }press Retry to run the failed step again.`,
    retry: 'retry',
  };
}
