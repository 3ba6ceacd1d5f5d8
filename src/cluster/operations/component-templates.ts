/** @module `PUT/DELETE /_component_template/<name>`: parsing, and the rules tying component templates to the index templates using them. */
import { javaHashOrder, javaList } from '../../platform/java-hash-order.js';
import { xContentBoolean } from '../../platform/xcontent.js';
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import type { ClusterState } from '../cluster-state.js';
import type { ComponentTemplate } from '../component-template.js';
import { composeMappings } from '../mappings/index-mappings.js';
import { isWildcard, matchesPattern } from '../../platform/units/index.js';
import { isGlobal, longField, parseTemplateBody, validateComposite, validateTemplateName } from './index-templates.js';

const COMPONENT_KEYS = new Set(['template', 'version', '_meta', 'deprecated']);
const PARSER = 'component_template';

/** ComponentTemplate.PARSER: `template` required, `version`, `_meta`, `deprecated`. */
export function parseComponentTemplate(name: string, body: unknown): ComponentTemplate {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw ClusterErrors.parse('request body is required');
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (!COMPONENT_KEYS.has(key)) throw ClusterErrors.xContentParse(`[${PARSER}] unknown field [${key}]`);
  }
  const version = b.version === undefined ? undefined : longField(PARSER, 'version', b.version);
  if (b._meta !== undefined && (b._meta === null || typeof b._meta !== 'object' || Array.isArray(b._meta))) throw ClusterErrors.xContentParse(`[${PARSER}] failed to parse field [_meta]`);
  if (b.deprecated !== undefined && xContentBoolean(b.deprecated) === undefined) throw ClusterErrors.xContentParse(`[${PARSER}] failed to parse field [deprecated]`);
  if (b.template === undefined) throw ClusterErrors.illegalArgument('Required [template]');
  if (b.template === null || typeof b.template !== 'object' || Array.isArray(b.template)) throw ClusterErrors.xContentParse(`[${PARSER}] failed to parse field [template]`);
  const template = parseTemplateBody(name, b.template as Record<string, unknown>, 'component template', () => validateTemplateName(name, []));
  return Object.freeze({
    name,
    template,
    ...(version !== undefined && { version }),
    ...(b._meta !== undefined && { _meta: b._meta as Record<string, unknown> }),
    ...(b.deprecated !== undefined && { deprecated: xContentBoolean(b.deprecated)! }),
  });
}

/** MetadataIndexTemplateService.addComponentTemplate. */
export function putComponentTemplate(state: ClusterState, template: ComponentTemplate, create: boolean): ClusterState {
  const { name } = template;
  if (create && state.componentTemplates.has(name)) throw ClusterErrors.illegalArgument(`component template [${name}] already exists`);
  const users = [...state.templates.values()].filter((t) => t.composed_of?.includes(name));
  // A global template may not resolve to [index.hidden], and only a component template can bring it in after the fact.
  if (!create && template.template.settings?.['index.hidden'] !== undefined) {
    const global = users.filter(isGlobal).map((t) => t.name);
    if (global.length > 0) {
      throw ClusterErrors.illegalArgument(
        `cannot update component template [${name}] because the following global templates would resolve to specifying the [index.hidden] setting: [${javaHashOrder(global).join(',')}]`,
      );
    }
  }
  // validateTemplate: the component's own mappings must read as an index's would, alone.
  if (template.template.mappings !== undefined) composeMappings([template.template.mappings], template.template.settings ?? {});
  const componentTemplates = new Map(state.componentTemplates);
  componentTemplates.set(name, template);
  const next: ClusterState = Object.freeze({ ...state, componentTemplates });
  // Every index template using it must still compose; ES reports the first that does not (in its HashMap's order).
  for (const user of javaHashOrder(users.map((t) => t.name))) {
    try {
      validateComposite(next, state.templates.get(user)!);
    } catch (error) {
      if (!(error instanceof ClusterError)) throw error;
      throw new ClusterError('illegal_argument_exception', 400, `updating component template [${name}] results in invalid composable template [${user}] after templates are merged`, {}, error);
    }
  }
  return next;
}

/** The names `expression` deletes (innerRemoveComponentTemplate): a list names each exactly, one name may be a wildcard. */
function namesToDelete(state: ClusterState, names: readonly string[]): string[] {
  if (names.length > 1) {
    const missing = names.filter((n) => !state.componentTemplates.has(n));
    if (missing.length > 0) throw new ClusterError('resource_not_found_exception', 404, [...new Set(missing)].join(','));
    return [...new Set(names)];
  }
  const matched = [...state.componentTemplates.keys()].filter((n) => matchesPattern(names[0]!, n));
  if (matched.length === 0 && names[0] !== '*') throw new ClusterError('resource_not_found_exception', 404, names[0]!);
  return matched;
}

/** MetadataIndexTemplateService.validateNotInUse, then the removal; deleting nothing through `*` is no error. */
export function deleteComponentTemplates(state: ClusterState, names: readonly string[]): ClusterState {
  const matches = names.length > 1 ? (n: string) => names.includes(n) : (n: string) => matchesPattern(names[0]!, n);
  const matching = new Set([...state.componentTemplates.keys()].filter(matches));
  const used: string[] = [];
  const users: string[] = [];
  for (const template of state.templates.values()) {
    const intersecting = (template.composed_of ?? []).filter((n) => matching.has(n));
    if (intersecting.length === 0) continue;
    for (const n of intersecting) if (!used.includes(n)) used.push(n);
    users.push(template.name);
  }
  if (users.length > 0) {
    throw ClusterErrors.illegalArgument(`component templates ${javaList(javaHashOrder(used))} cannot be removed as they are still in use by index templates ${javaList(javaHashOrder(users))}`);
  }
  const componentTemplates = new Map(state.componentTemplates);
  for (const name of namesToDelete(state, names)) componentTemplates.delete(name);
  return Object.freeze({ ...state, componentTemplates });
}

/** GET's selection (TransportGetComponentTemplateAction): every one, a wildcard's matches, or the one named, else 404. */
export function findComponentTemplates(state: ClusterState, name: string | undefined): ComponentTemplate[] {
  const all = [...state.componentTemplates.values()];
  if (name === undefined) return all;
  if (isWildcard(name)) return all.filter((t) => matchesPattern(name, t.name));
  const found = state.componentTemplates.get(name);
  if (!found) throw new ClusterError('resource_not_found_exception', 404, `component template matching [${name}] not found`);
  return [found];
}
