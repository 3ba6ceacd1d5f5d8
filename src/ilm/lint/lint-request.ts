/**
 * @module The body of `POST /_tessera/ilm/lint`, parsed strictly: a policy (as `PUT /_ilm/policy` takes it), a
 * stored policy's name, or both (the policy as the next version of that name), optionally the index to create, the
 * index templates to assume, and the user to run as.
 */
import { addTemplate, ClusterState, parseTemplate, type ComposableTemplate } from '../../cluster/index.js';
import { IlmErrors } from '../ilm-error.js';
import { parsePolicyBody, type LifecyclePolicy } from '../policy/lifecycle-policy.js';

/** An index as `PUT /<name>` would create it. */
export interface IndexToCreate {
  readonly name: string;
  readonly body: Readonly<Record<string, unknown>>;
}

export interface LintRequest {
  readonly policy?: LifecyclePolicy;
  /** A stored policy, linted instead of `policy`; with `policy`, the name `policy` is to be PUT under. */
  readonly name?: string;
  readonly index?: IndexToCreate;
  /** In place of the stored composable templates. */
  readonly templates?: readonly ComposableTemplate[];
  readonly user?: string;
}

const PARSER = 'lint_request';
export const TARGET_FIELDS: readonly string[] = ['policy', 'name', 'index', 'templates', 'user'];
const FIELDS = new Set(TARGET_FIELDS);
const INDEX_FIELDS = new Set(['name', 'settings', 'aliases', 'mappings']);

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function string(value: unknown, field: string, parser: string): string {
  if (typeof value !== 'string') throw IlmErrors.parse(parser, `failed to parse field [${field}]`);
  return value;
}

function parseIndex(raw: unknown, parser: string): IndexToCreate {
  if (!isObject(raw)) throw IlmErrors.parse(parser, 'failed to parse field [index]');
  for (const key of Object.keys(raw)) {
    if (!INDEX_FIELDS.has(key)) throw IlmErrors.parse('index', `unknown field [${key}]`);
  }
  if (typeof raw.name !== 'string') throw IlmErrors.parse('index', 'Required [name]');
  const { name, ...body } = raw;
  return { name, body };
}

/**
 * Parsed as `PUT /_index_template` parses them, and refused as it refuses overlapping ones of one priority; their
 * component templates are the cluster's, checked when the index is created under them.
 */
function parseTemplates(raw: unknown, parser: string): ComposableTemplate[] {
  if (!Array.isArray(raw)) throw IlmErrors.parse(parser, 'failed to parse field [templates]');
  let state = ClusterState.empty();
  for (const entry of raw) {
    if (!isObject(entry) || typeof entry.name !== 'string') throw IlmErrors.parse('templates', 'Required [name]');
    const { name, ...body } = entry;
    state = addTemplate(state, parseTemplate(name, body), false);
  }
  return [...state.templates.values()];
}

/** Lint, unlike simulate, also takes both: the text as the next version of policy `name`, before it is PUT. */
export function parseLintRequest(body: unknown): LintRequest {
  const checked = checkedBody(body, PARSER, FIELDS);
  if (checked.policy === undefined && checked.name === undefined) throw IlmErrors.validation(['[policy] or [name] is required']);
  return parseTarget(checked, PARSER, { both: true });
}

/** The body as an object with only `fields` in it, refused as `parser` refuses it otherwise. */
export function checkedBody(body: unknown, parser: string, fields: ReadonlySet<string>): Record<string, unknown> {
  if (body === undefined) throw IlmErrors.bodyRequired();
  if (!isObject(body)) throw IlmErrors.parse(parser, 'request body must be an object');
  for (const key of Object.keys(body)) {
    if (!fields.has(key)) throw IlmErrors.parse(parser, `unknown field [${key}]`);
  }
  return body;
}

/** The policy (or stored policy's name), index, templates and user that lint and simulate both take. */
export function parseTarget(body: Record<string, unknown>, parser: string, allow: { both?: boolean } = {}): LintRequest {
  if (!allow.both && (body.policy === undefined) === (body.name === undefined)) throw IlmErrors.validation(['exactly one of [policy] or [name] is required']);
  return {
    ...(body.policy !== undefined && { policy: parsePolicyBody({ policy: body.policy }) }),
    ...(body.name !== undefined && { name: string(body.name, 'name', parser) }),
    ...(body.index !== undefined && { index: parseIndex(body.index, parser) }),
    ...(body.templates !== undefined && { templates: parseTemplates(body.templates, parser) }),
    ...(body.user !== undefined && { user: string(body.user, 'user', parser) }),
  };
}
