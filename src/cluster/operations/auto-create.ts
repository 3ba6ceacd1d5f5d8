/**
 * @module Whether writing to a missing index may create it (ES's AutoCreateIndex.shouldAutoCreate): the matching
 * composable template's `allow_auto_create` decides when set, else `action.auto_create_index`, which is `true`,
 * `false`, or index patterns each `+` (allow) or `-` (forbid), the first match deciding and no match forbidding.
 */
import { ClusterError } from '../cluster-error.js';
import type { ClusterState } from '../cluster-state.js';
import { clusterSetting, setting } from '../setting.js';
import { findTemplate } from '../index-template.js';
import { matchesPattern } from '../../platform/units/index.js';

const SETTING = 'action.auto_create_index';

/** The setting as written (`text`, trimmed) and, unless it is `true` or `false`, its `+`/`-` patterns in order. */
interface AutoCreateRule {
  readonly text: string;
  readonly patterns: readonly { readonly include: boolean; readonly pattern: string }[];
}

function autoCreateRule(value: string): AutoCreateRule {
  const text = value.trim();
  if (text === 'true' || text === 'false') return { text, patterns: [] };
  const patterns = text.split(',').map((raw) => {
    const expression = raw.trim();
    return { include: !expression.startsWith('-'), pattern: expression.startsWith('+') || expression.startsWith('-') ? expression.slice(1) : expression };
  });
  return { text, patterns };
}

export const AUTO_CREATE_INDEX = setting(SETTING, 'cluster', autoCreateRule);
const ALLOW_ALL = autoCreateRule('true');

/** IndexNotFoundException(message, index): ES words the refusal as a missing index with the reason appended. */
function refused(index: string, reason: string): ClusterError {
  return new ClusterError('index_not_found_exception', 404, `no such index [${index}] and ${reason}`, { index_uuid: '_na_', index });
}

/** Undefined when `index` may be created by a write; else the error every write to it fails with. */
export function autoCreateRefusal(state: ClusterState, index: string): ClusterError | undefined {
  const template = findTemplate(state.templates.values(), index);
  if (template?.allow_auto_create === true) return undefined;
  // An explicit false overrides the cluster setting.
  if (template?.allow_auto_create === false) return refused(index, `composable template [${template.index_patterns.join(', ')}] forbids index auto creation`);
  const rule = clusterSetting(state, AUTO_CREATE_INDEX) ?? ALLOW_ALL;
  if (rule.text === 'true') return undefined;
  if (rule.text === 'false') return refused(index, `[${SETTING}] is [false]`);
  for (const { include, pattern } of rule.patterns) {
    if (!matchesPattern(pattern, index)) continue;
    return include ? undefined : refused(index, `[${SETTING}] contains [-${pattern}] which forbids automatic creation of the index`);
  }
  return refused(index, `[${SETTING}] ([${rule.text}]) doesn't match`);
}
