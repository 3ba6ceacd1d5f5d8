/**
 * @module The closed catalogue of ILM's error codes: the errors ILM raises (as ClusterErrors, since they go out as
 * Elasticsearch errors too), the waits its steps report, and PUT /_ilm/policy's validation problems.
 */
import { UNCLASSIFIED } from '../platform/errors.js';

export const IlmErrorCodes = Object.freeze([
  UNCLASSIFIED,
  // IlmErrors' general factories
  'policy_not_found',
  'illegal_argument',
  'validation',
  'x_content_parse',
  'body_required',
  // What the runner records
  'policy_missing',
  'initialize_policy_failed',
  'step_not_recognized',
  // Steps' failures and waits, after the spec's error table
  'shrink_target_not_smaller',
  'shrink_source_not_multiple',
  'shrink_target_not_factor',
  'rollover_alias_not_pointing',
  'rollover_alias_unset',
  'rollover_not_write_index',
  'snapshot_repository_missing',
  'data_stream_write_index',
  'data_stream_write_index_not_deletable',
  'not_in_data_stream',
  'target_index_missing',
  'mounted_index_not_green',
  'origination_date_unparseable',
  // PUT /_ilm/policy's validation, one code per message
  'unsupported_phase',
  'invalid_phase_action',
  'action_not_supported_by_tessera',
  'hot_phase_without_rollover',
  'phases_out_of_order',
  'migrate_with_allocation_rules',
  'actions_after_searchable_snapshot',
  'frozen_without_searchable_snapshot',
] as const);

export type IlmErrorCode = (typeof IlmErrorCodes)[number];
