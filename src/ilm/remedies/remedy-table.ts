/**
 * @module The one map from error codes to remedies. Every code of the cluster's, ILM's and security's catalogues
 * has its entry: a remedy, or NO_REMEDY for a cause whose message already says all there is (lint and the console
 * then give their general hints). A new code does not compile until it is placed here.
 */
import type { ErrorParams } from '../../platform/errors.js';
import type { ErrorCode } from './error-codes.js';
import * as dataStream from './data-stream-remedies.js';
import * as policy from './policy-remedies.js';
import type { Advice, AdviceContext, Remedy, RemedyContext } from './remedy.js';
import * as resource from './resource-remedies.js';
import * as rollover from './rollover-remedies.js';
import * as shrink from './shrink-remedies.js';

export const NO_REMEDY = null;

export const REMEDIES: { readonly [C in ErrorCode]: Remedy | typeof NO_REMEDY } = Object.freeze({
  unclassified: NO_REMEDY,
  // The cluster's
  index_not_found: NO_REMEDY,
  index_already_exists: resource.indexAlreadyExists,
  invalid_index_name: NO_REMEDY,
  illegal_argument: NO_REMEDY,
  illegal_state: NO_REMEDY,
  aliases_not_found: NO_REMEDY,
  template_not_found: NO_REMEDY,
  parse: NO_REMEDY,
  x_content_parse: NO_REMEDY,
  validation: NO_REMEDY,
  rollover_alias_in_template: rollover.aliasInTemplate,
  multiple_write_indices: rollover.multipleWriteIndices,
  rollover_name_without_suffix: rollover.nameWithoutSuffix,
  rollover_target_without_write_index: rollover.targetWithoutWriteIndex,
  circuit_breaking: resource.circuitBreaking,
  // A block set through the API: the message names it, and lifting it is the user's own call.
  index_blocked: NO_REMEDY,
  flood_stage_blocked: resource.floodStageBlocked,
  index_closed: NO_REMEDY,
  high_disk_watermark: resource.highDiskWatermark,
  // ILM's
  policy_not_found: NO_REMEDY,
  body_required: NO_REMEDY,
  policy_missing: resource.policyMissing,
  initialize_policy_failed: NO_REMEDY,
  step_not_recognized: NO_REMEDY,
  shrink_target_not_smaller: shrink.targetNotSmaller,
  shrink_source_not_multiple: shrink.sourceNotMultiple,
  shrink_target_not_factor: shrink.targetNotFactor,
  rollover_alias_not_pointing: rollover.aliasNotPointing,
  rollover_alias_unset: rollover.aliasUnset,
  rollover_not_write_index: rollover.notWriteIndex,
  snapshot_repository_missing: resource.repositoryMissing,
  mounted_index_not_green: resource.mountedIndexNotGreen,
  data_stream_write_index: dataStream.writeIndex,
  data_stream_write_index_not_deletable: dataStream.writeIndexNotDeletable,
  // Both say the action stopped because what it made or worked on was changed under it by hand.
  not_in_data_stream: NO_REMEDY,
  target_index_missing: NO_REMEDY,
  origination_date_unparseable: NO_REMEDY,
  unsupported_phase: policy.unsupportedPhase,
  invalid_phase_action: policy.invalidPhaseAction,
  action_not_supported_by_tessera: policy.actionNotSupportedByTessera,
  hot_phase_without_rollover: policy.hotPhaseWithoutRollover,
  phases_out_of_order: policy.phasesOutOfOrder,
  migrate_with_allocation_rules: policy.migrateWithAllocationRules,
  actions_after_searchable_snapshot: policy.actionsAfterSearchableSnapshot,
  frozen_without_searchable_snapshot: policy.frozenWithoutSearchableSnapshot,
  // Security's
  missing_credentials: NO_REMEDY,
  bad_credentials: NO_REMEDY,
  api_key_refused: NO_REMEDY,
  action_unauthorized: resource.actionUnauthorized,
});

/** The remedy of `code`; none for a code of no catalogue (a step_info recorded by another version). */
export function remedyOf(code: string | undefined): Remedy | undefined {
  if (code === undefined || !Object.hasOwn(REMEDIES, code)) return undefined;
  return REMEDIES[code as ErrorCode] ?? undefined;
}

/** Lint's words for `code`, with its row; undefined when the remedy has none for these params. */
export function lintWords(code: string | undefined, params: ErrorParams, ctx: RemedyContext): { row: number | null; remedy: string } | undefined {
  const remedy = remedyOf(code);
  const words = remedy?.lint?.(params, ctx);
  return words === undefined ? undefined : { row: remedy!.row, remedy: words };
}

/** The console's words for `code`; undefined when the console gives its general hint. */
export function adviceWords(code: string | undefined, params: ErrorParams, ctx: AdviceContext): Advice | undefined {
  return remedyOf(code)?.advice?.(params, ctx);
}
