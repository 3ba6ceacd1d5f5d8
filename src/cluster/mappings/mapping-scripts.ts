/**
 * @module The `script` and `on_script_error` parameters of field mappers and runtime fields. Tessera has no
 * scripting, so it answers a script as an Elasticsearch node whose `script.allowed_types` allows none does: the
 * script parses, and compiling it fails with `cannot execute [inline] scripts` (here followed by why).
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { MappingErrors } from './mapping-errors.js';
import { isJsonObject, type Json } from './mapping-model.js';

const ON_SCRIPT_ERROR = ['fail', 'continue'];

/** What Script.parse makes of the value: an object naming an `id` is a stored script, anything else an inline one. */
const isStored = (script: Json) => isJsonObject(script) && script.id !== undefined;

/**
 * The refusal of a field's or runtime field's `script`: a stored one as the script parameter's parser refuses it, an
 * inline one as ScriptService.compile does when inline scripts are not allowed.
 */
export function scriptRefusal(runtime: boolean, name: string, script: Json): ClusterError {
  if (isStored(script)) return ClusterErrors.illegalArgument(runtime ? `stored scripts are not supported for runtime field [${name}]` : `stored scripts are not supported on field [${name}]`);
  const what = runtime ? `runtime field [${name}] reads its value from _source, so leave [script] out` : `field [${name}] cannot have a [script]`;
  return ClusterErrors.illegalArgument(`cannot execute [inline] scripts: Tessera has no scripting; ${what}`);
}

/**
 * `on_script_error` (Parameter.enumParam, requiring `script`): `fail`, its default, is no setting at all; `continue`
 * without a script fails the parameter's validation.
 */
export function checkOnScriptError(value: Json, hasScript: boolean): void {
  if (typeof value !== 'string' || !ON_SCRIPT_ERROR.includes(value)) {
    throw MappingErrors.parsing(`Unknown value [${String(value)}] for field [on_script_error] - accepted values are [${ON_SCRIPT_ERROR.join(', ')}]`);
  }
  if (value !== 'fail' && !hasScript) throw ClusterErrors.illegalArgument('Field [on_script_error] requires field [script] to be configured');
}
