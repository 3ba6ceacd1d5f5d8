/** @module Remedies for what PUT /_ilm/policy refuses, one per validation problem. */
import { PHASE_ACTIONS, PHASES } from '../policy/timeseries-lifecycle-type.js';
import { text, type Remedy } from './remedy.js';

export const invalidPhaseAction: Remedy = {
  row: null,
  lint: ({ action, phase }) => {
    const allowed = PHASES.filter((p) => PHASE_ACTIONS[p].includes(text(action)));
    return `Remove the [${action}] action from the [${phase}] phase${allowed.length > 0 ? `; the phases that allow it: ${allowed.join(', ')}` : ''}.`;
  },
};

export const unsupportedPhase: Remedy = { row: null, lint: () => 'Use only the phases hot, warm, cold, frozen and delete.' };

export const actionNotSupportedByTessera: Remedy = {
  row: null,
  lint: ({ action }) => `Tessera cannot run [${action}] yet (docs/ilm.md, "Not supported yet"): remove it from the policy.`,
};

export const hotPhaseWithoutRollover: Remedy = { row: null, lint: () => 'Add a rollover action to the hot phase, or move these actions to the warm phase.' };

export const phasesOutOfOrder: Remedy = {
  row: null,
  lint: () => 'Give each phase a min_age at least as large as that of every phase before it (in the order hot, warm, cold, frozen, delete).',
};

export const migrateWithAllocationRules: Remedy = {
  row: null,
  lint: () => "Use either the migrate action or allocate's include, exclude and require rules in a phase, not both (migrate with enabled: false keeps allocate's rules).",
};

export const actionsAfterSearchableSnapshot: Remedy = {
  row: null,
  lint: () => 'Move forcemerge, shrink and downsample to a phase before the searchable_snapshot action, or remove them.',
};

export const frozenWithoutSearchableSnapshot: Remedy = { row: null, lint: () => 'Add a searchable_snapshot action to the frozen phase, or remove the phase.' };
