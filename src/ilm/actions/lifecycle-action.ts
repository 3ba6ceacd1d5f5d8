/** @module What an ILM action is (ES's LifecycleAction): the parser of its typed settings and the steps it compiles to. */
import type { StepKey } from '../step-key.js';
import type { Step } from '../steps/step.js';

export interface LifecycleAction<S> {
  readonly name: string;
  /**
   * Parses and validates the action's body with ES's messages, returning the settings as ES writes them back
   * (defaults included). The result is plain JSON: a stored policy and a cached phase hold it as it is.
   */
  parse(config: unknown): S;
  /** The action's steps in order, each wired to its successor, the last to `nextKey` (ES's toSteps). */
  toSteps(phase: string, settings: S, nextKey: StepKey | undefined): Step[];
}
