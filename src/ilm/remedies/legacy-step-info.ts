/**
 * @module The code of a step_info stored before errors carried codes. Such an index (in ERROR, or waiting, since
 * before an upgrade) has ES's JSON only, so its code can only be read back from Tessera's own words of that time.
 * This is the one place that reads error text; it knows only the causes the console has advice for, and nothing new
 * is ever added here: every error recorded since carries its code (`step_info_cause`).
 */
import type { Coded, ErrorParams } from '../../platform/errors.js';
import type { ErrorCode } from './error-codes.js';

interface Shape {
  readonly code: ErrorCode;
  readonly type?: string;
  readonly pattern: RegExp;
  readonly params: (match: RegExpExecArray) => ErrorParams;
}

const SHAPES: readonly Shape[] = [
  {
    code: 'shrink_target_not_smaller',
    pattern: /^the number of target shards \[(\d+)\] must be less than the number of source shards \[(\d+)\]$/,
    params: (m) => ({ target: Number(m[1]), source: Number(m[2]) }),
  },
  {
    code: 'shrink_target_not_factor',
    pattern: /the target shards count \[(\d+)\] must be a factor of the source index's shards count \[(\d+)\]$/,
    params: (m) => ({ target: Number(m[1]), source: Number(m[2]) }),
  },
  {
    code: 'rollover_alias_in_template',
    pattern: /^Rollover alias \[(.+)\] can point to multiple indices, found duplicated alias \[\[.*\]\] in index template \[(.+)\]$/,
    params: (m) => ({ alias: m[1]!, template: m[2]! }),
  },
  { code: 'rollover_alias_not_pointing', pattern: /^index\.lifecycle\.rollover_alias \[(.+)\] does not point to index \[(.+)\]$/, params: (m) => ({ alias: m[1]!, index: m[2]! }) },
  { code: 'rollover_alias_unset', pattern: /^setting \[index\.lifecycle\.rollover_alias\] for index \[(.+?)\] is empty or not defined/, params: (m) => ({ index: m[1]! }) },
  { code: 'multiple_write_indices', pattern: /^alias \[(.+)\] has more than one write index \[(.+)\]$/, params: (m) => ({ alias: m[1]!, indices: m[2]! }) },
  { code: 'rollover_name_without_suffix', pattern: /^index name \[(.+)\] does not match pattern '\^\.\*-\\d\+\$'$/, params: (m) => ({ index: m[1]! }) },
  { code: 'circuit_breaking', type: 'circuit_breaking_exception', pattern: /^\[(\w+)\] Data too large/, params: (m) => ({ breaker: m[1]! }) },
  { code: 'high_disk_watermark', pattern: /^high disk watermark \[(.+)\] exceeded on \[(.+)\]$/, params: (m) => ({ watermark: m[1]!, node: m[2]! }) },
  { code: 'flood_stage_blocked', type: 'cluster_block_exception', pattern: /flood-stage watermark/, params: () => ({}) },
  {
    code: 'action_unauthorized',
    type: 'security_exception',
    pattern: /^action \[(.+?)\] is unauthorized for user \[(.+?)\] with roles \[(.*?)\]/,
    params: (m) => ({ action: m[1]!, user: m[2]!, roles: m[3]! }),
  },
];

/** The code of an explain step_info (`{type, reason}` or `{message}`) recorded without one, when it is one of the shapes. */
export function legacyCause(stepInfo: Readonly<Record<string, unknown>>): Coded | undefined {
  const text = typeof stepInfo.reason === 'string' ? stepInfo.reason : typeof stepInfo.message === 'string' ? stepInfo.message : undefined;
  if (text === undefined) return undefined;
  for (const shape of SHAPES) {
    if (shape.type !== undefined && shape.type !== stepInfo.type) continue;
    const match = shape.pattern.exec(text);
    if (match) return { code: shape.code, params: shape.params(match) };
  }
  return undefined;
}
