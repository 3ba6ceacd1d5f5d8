/**
 * @module Whether writing to a missing index may create it (ES's AutoCreateIndex.shouldAutoCreate): the matching
 * composable template's `allow_auto_create` decides when set, else `action.auto_create_index`, which is `true`,
 * `false`, or index patterns each `+` (allow) or `-` (forbid), the first match deciding and no match forbidding.
 */
import { ClusterError } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { findTemplate } from '../index-template.js';
import { matchesPattern } from '../patterns.js';

const SETTING = 'action.auto_create_index';

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
  const setting = (ClusterState.setting(state, SETTING) ?? 'true').trim();
  if (setting === 'true') return undefined;
  if (setting === 'false') return refused(index, `[${SETTING}] is [false]`);
  for (const raw of setting.split(',')) {
    const expression = raw.trim();
    const include = !expression.startsWith('-');
    const pattern = expression.startsWith('+') || expression.startsWith('-') ? expression.slice(1) : expression;
    if (!matchesPattern(pattern, index)) continue;
    return include ? undefined : refused(index, `[${SETTING}] contains [-${pattern}] which forbids automatic creation of the index`);
  }
  return refused(index, `[${SETTING}] ([${setting}]) doesn't match`);
}
