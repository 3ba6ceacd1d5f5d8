/**
 * @module The body of `_has_privileges` read as Elasticsearch reads it (RoleDescriptor.parsePrivilegesToCheck), with
 * its parse errors word for word: `cluster`, `index` and `application` (or `applications`), nothing else.
 */
import { ClusterError, ClusterErrors } from '../../cluster/index.js';
import { unknownFieldMessage, xContentToken } from '../../platform/xcontent.js';
import type { ApplicationCheck, IndexCheck, PrivilegesToCheck } from '../../security/index.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** XContentUtils.readStringArray, its error wrapped with the role's name as RoleDescriptor.readStringArray does. */
function stringArray(description: string, field: string, value: unknown, allowNull: boolean): string[] | undefined {
  let problem: string | undefined;
  if (value === null) {
    if (allowNull) return undefined;
    problem = `could not parse [${field}] field. expected a string array but found null value instead`;
  } else if (!Array.isArray(value)) {
    problem = `could not parse [${field}] field. expected a string array but found [${xContentToken(value)}] value instead`;
  } else {
    const odd = value.find((item) => typeof item !== 'string');
    if (odd === undefined) return value as string[];
    problem = `could not parse [${field}] field. expected a string array but one of the value in the array is [${xContentToken(odd)}]`;
  }
  return failWithCause(`failed to parse role [${description}]`, problem);
}

function failWithCause(reason: string, cause: string): never {
  throw new ClusterError('parse_exception', 400, reason, {}, ClusterErrors.parse(cause));
}

function indexCheck(description: string, entry: unknown): IndexCheck {
  const failed = (problem: string) => ClusterErrors.parse(`failed to parse indices privileges for role [${description}]. ${problem}`);
  if (!isObject(entry)) throw failed(`expected field [index] value to be an array of objects, but found an array element of type [${xContentToken(entry)}]`);
  let names: string[] | undefined;
  let privileges: string[] | undefined;
  let restricted = false;
  for (const [field, value] of Object.entries(entry)) {
    switch (field) {
      case 'names':
        if (typeof value === 'string') names = [value];
        else if (Array.isArray(value)) {
          names = stringArray(description, field, value, false);
          if (names!.length === 0) throw failed('[names] cannot be an empty array');
        } else throw failed(`expected field [names] value to be a string or an array of strings, but found [${xContentToken(value)}] instead`);
        break;
      case 'privileges':
        privileges = stringArray(description, field, value, true);
        break;
      case 'allow_restricted_indices':
        if (typeof value !== 'boolean') throw failed(`expected field [allow_restricted_indices] value to be a boolean, but found [${xContentToken(value)}] instead`);
        restricted = value;
        break;
      // A has_privileges check asks about whole indices: document and field level security are refused.
      case 'query':
        if (value === null || value === '') break;
        throw ClusterErrors.parse('Field [query] is not supported in a has_privileges request');
      case 'field_security':
        throw ClusterErrors.parse('Field [field_security] is not supported in a has_privileges request');
      default:
        throw failed(`unexpected field [${field}]`);
    }
  }
  if (names === undefined) throw failed('missing required [names] field');
  if (privileges === undefined) throw failed('missing required [privileges] field');
  return { names, privileges, allow_restricted_indices: restricted };
}

const APPLICATION_FIELDS = ['application', 'privileges', 'resources'];

function applicationCheck(description: string, entry: unknown): ApplicationCheck {
  const failed = (problem: string) => ClusterErrors.parse(`failed to parse application privileges for role [${description}]. ${problem}`);
  if (!isObject(entry)) throw failed(`expected field [application] value to be an array of objects, but found an array element of type [${xContentToken(entry)}]`);
  for (const field of Object.keys(entry)) {
    if (!APPLICATION_FIELDS.includes(field)) throw ClusterErrors.xContentParse(unknownFieldMessage('application', field, APPLICATION_FIELDS));
  }
  const list = (field: string) => {
    const value = entry[field];
    if (value === undefined) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
    throw ClusterErrors.xContentParse(`[application] ${field} doesn't support values of type: ${xContentToken(value)}`);
  };
  const resources = list('resources');
  const privileges = list('privileges');
  if (resources === undefined) throw failed('missing required [resources] field');
  if (privileges === undefined) throw failed('missing required [privileges] field');
  if (typeof entry.application !== 'string') {
    if (entry.application === undefined) throw ClusterErrors.validation(['application privileges must have an application name']);
    throw ClusterErrors.xContentParse(`[application] application doesn't support values of type: ${xContentToken(entry.application)}`);
  }
  return { application: entry.application, privileges, resources };
}

/**
 * The most questions one request may ask: a cluster privilege, or one index name or resource with one privilege. The
 * answer's work and size grow with each, times the caller's roles; ES bounds it by the body's size alone.
 */
export const MAX_PRIVILEGE_QUESTIONS = 10_000;

function questions(check: PrivilegesToCheck): number {
  let count = check.cluster.length;
  for (const entry of check.index) count += entry.names.length * entry.privileges.length;
  for (const entry of check.application) count += entry.resources.length * entry.privileges.length;
  return count;
}

/** Refuses what ES refuses; the username only names the request in the messages (`<user>/has_privileges`). */
export function parseHasPrivilegesRequest(username: string, body: unknown): PrivilegesToCheck {
  const description = `${username}/has_privileges`;
  if (body === undefined || body === null || body === '') throw ClusterErrors.parse('request body or source parameter is required');
  if (!isObject(body)) throw ClusterErrors.parse(`failed to parse privileges check [${description}]. expected an object but found [${xContentToken(body)}] instead`);
  let cluster: string[] | undefined;
  let index: IndexCheck[] | undefined;
  let application: ApplicationCheck[] | undefined;
  for (const [field, value] of Object.entries(body)) {
    if (field === 'cluster') cluster = stringArray(description, field, value, true);
    else if (field === 'index') {
      if (!Array.isArray(value)) throw ClusterErrors.parse(`failed to parse indices privileges for role [${description}]. expected field [index] value to be an array, but found [${xContentToken(value)}] instead`);
      index = value.map((entry) => indexCheck(description, entry));
    } else if (field === 'application' || field === 'applications') {
      if (!Array.isArray(value)) {
        throw ClusterErrors.parse(`failed to parse application privileges for role [${description}]. expected field [${field}] value to be an array, but found [${xContentToken(value)}] instead`);
      }
      application = value.map((entry) => applicationCheck(description, entry));
    } else throw ClusterErrors.parse(`failed to parse privileges check [${description}]. unexpected field [${field}]`);
  }
  if (cluster === undefined && index === undefined && application === undefined) {
    throw ClusterErrors.parse(`failed to parse privileges check [${description}]. All privilege fields [cluster,index,applications] are missing`);
  }
  const check = { cluster: cluster ?? [], index: index ?? [], application: application ?? [] };
  // HasPrivilegesRequest.validate
  if (check.cluster.length === 0 && check.index.length === 0 && check.application.length === 0) throw ClusterErrors.validation(['must specify at least one privilege']);
  const asked = questions(check);
  if (asked > MAX_PRIVILEGE_QUESTIONS) {
    throw ClusterErrors.illegalArgument(`a privileges check may ask at most ${MAX_PRIVILEGE_QUESTIONS} questions (a cluster privilege, or one index name or resource with one privilege); this one asks ${asked}`);
  }
  return check;
}
