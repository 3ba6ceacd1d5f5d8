/**
 * @module The closed catalogue of cluster error codes. A code names one cause; the ES `type` and reason it is sent
 * with are its factory's (ClusterErrors and the modules that raise it). `unclassified` is every error no caller
 * tells apart from others of its type.
 */
import { UNCLASSIFIED } from '../platform/errors.js';

export const ClusterErrorCodes = Object.freeze([
  UNCLASSIFIED,
  // ClusterErrors' general factories
  'index_not_found',
  'index_already_exists',
  'invalid_index_name',
  'illegal_argument',
  'illegal_state',
  'aliases_not_found',
  'template_not_found',
  'parse',
  'x_content_parse',
  'validation',
  // Causes the spec's error table and lint's remedies tell apart
  'rollover_alias_in_template',
  'multiple_write_indices',
  'rollover_name_without_suffix',
  'rollover_target_without_write_index',
  'circuit_breaking',
  'index_blocked',
  'flood_stage_blocked',
  'index_closed',
  'high_disk_watermark',
] as const);

export type ClusterErrorCode = (typeof ClusterErrorCodes)[number];
