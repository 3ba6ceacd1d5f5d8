/** @module A step's place in a policy: phase, action and step name (ES's StepKey). */

export interface StepKey {
  readonly phase: string;
  readonly action: string;
  readonly name: string;
}

export const StepKey = Object.freeze({
  create(phase: string, action: string, name: string): StepKey {
    return Object.freeze({ phase, action, name });
  },
  equals(a: StepKey | undefined, b: StepKey | undefined): boolean {
    return a?.phase === b?.phase && a?.action === b?.action && a?.name === b?.name;
  },
  /** `phase/action/name`, as ES logs it. */
  format(key: StepKey): string {
    return `${key.phase}/${key.action}/${key.name}`;
  },
  /** Compact JSON, as ES's StepKey.toString prints in error messages. */
  toJson(key: StepKey | undefined): string {
    return key ? JSON.stringify({ phase: key.phase, action: key.action, name: key.name }) : 'null';
  },
});

export const INIT_KEY = StepKey.create('new', 'init', 'init');
export const NEW_COMPLETE_KEY = StepKey.create('new', 'complete', 'complete');
export const ERROR_STEP = 'ERROR';

export function phaseCompleteKey(phase: string): StepKey {
  return StepKey.create(phase, 'complete', 'complete');
}
