/**
 * @module A dry run's events as lint problems, in the order the runner would meet them, with each phase's
 * timing warning where that phase starts.
 */
import { generateRolloverIndexName, type ClusterError } from '../../cluster/index.js';
import type { DryRunEvent } from './dry-run.js';
import { problem, type LintProblem } from './lint-problem.js';
import { diagnoseStep, type ErrorCode } from '../remedies/index.js';

type Failure = Extract<DryRunEvent, { kind: 'error' }>;

/** Causes that lie in the cluster rather than in one action of the policy. */
const CLUSTER_WIDE: ReadonlySet<string> = new Set<ErrorCode>(['action_unauthorized', 'index_blocked', 'flood_stage_blocked']);

function failure(event: Failure, error: ClusterError): LintProblem {
  const diagnosis = diagnoseStep(error, { state: event.state, index: event.index, phase: event.key.phase });
  return problem({ ...diagnosis, outcome: 'error', at: event.key, type: error.type, message: error.reason });
}

/**
 * check-rollover-ready stops at its first failed check, but a name without a numeric suffix fails its last one
 * whatever the alias, so that failure is reported at once instead of after the alias is fixed.
 */
function nameCheckBehind(event: Failure, reported: LintProblem): LintProblem[] {
  if (event.key.name !== 'check-rollover-ready' || event.error.code === 'action_unauthorized' || reported.row === 6) return [];
  try {
    generateRolloverIndexName(event.index.settings['index.provided_name'] ?? event.index.name);
    return [];
  } catch (error) {
    return [failure(event, error as ClusterError)];
  }
}

export function stepProblems(events: readonly DryRunEvent[], phaseWarnings: ReadonlyMap<string, LintProblem>): LintProblem[] {
  const problems: LintProblem[] = [];
  // A missing privilege or a block stops every later step that needs the same: one problem, where it first stops.
  const seen = new Set<string>();
  const add = (found: LintProblem, code?: string) => {
    if (code !== undefined && CLUSTER_WIDE.has(code)) {
      if (seen.has(found.message)) return;
      seen.add(found.message);
    }
    problems.push(found);
  };
  for (const event of events) {
    switch (event.kind) {
      case 'phase': {
        const warning = phaseWarnings.get(event.phase);
        if (warning) add(warning);
        break;
      }
      case 'stuck': {
        const diagnosis = diagnoseStep(event.cause, { state: event.state, index: event.index, phase: event.key.phase });
        add(problem({ ...diagnosis, outcome: 'stuck', at: event.key, message: event.message }));
        break;
      }
      case 'error': {
        const reported = failure(event, event.error);
        add(reported, event.error.code);
        for (const hidden of nameCheckBehind(event, reported)) add(hidden);
        break;
      }
    }
  }
  return problems;
}
