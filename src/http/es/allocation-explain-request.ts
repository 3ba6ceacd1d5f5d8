/**
 * @module The allocation explain body as ClusterAllocationExplainRequest reads it: ObjectParser's `index`, `shard`,
 * `primary` and `current_node`, then validate()'s rule that a shard is named by all three of index, shard and primary.
 */
import { ClusterError, ClusterErrors } from '../../cluster/index.js';
import { unknownFieldMessage, xContentBoolean, xContentToken } from '../../platform/xcontent.js';

const PARSER = 'cluster/allocation/explain';
const FIELDS = ['index', 'shard', 'primary', 'current_node'];

export interface ExplainTarget {
  readonly index: string;
  readonly shard: number;
  readonly primary: boolean;
}

function unsupported(field: string, value: unknown): ClusterError {
  return ClusterErrors.xContentParse(`[${PARSER}] ${field} doesn't support values of type: ${xContentToken(value)}`);
}

/** ObjectParser's declareInt: a number or a numeric string holding an int. */
function intField(field: string, value: unknown): number {
  if (typeof value !== 'number' && typeof value !== 'string') throw unsupported(field, value);
  const number = Number(value);
  if (String(value).trim() === '' || !Number.isInteger(number) || number < -(2 ** 31) || number >= 2 ** 31) throw ClusterErrors.xContentParse(`[${PARSER}] failed to parse field [${field}]`);
  return number;
}

/** The shard a body names, or undefined for "any unassigned shard" (no body, or an empty one). */
export function parseExplainRequest(body: unknown): ExplainTarget | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body)) throw ClusterErrors.xContentParse(`[${PARSER}] Expected START_OBJECT but was: ${xContentToken(body)}`);
  const fields = body as Record<string, unknown>;
  let index: string | undefined;
  let shard: number | undefined;
  let primary: boolean | undefined;
  for (const [field, value] of Object.entries(fields)) {
    switch (field) {
      case 'index':
        if (typeof value !== 'string') throw unsupported(field, value);
        index = value;
        break;
      case 'shard':
        shard = intField(field, value);
        break;
      case 'primary': {
        const parsed = xContentBoolean(value);
        if (parsed === undefined) throw typeof value === 'string' ? ClusterErrors.xContentParse(`[${PARSER}] failed to parse field [${field}]`) : unsupported(field, value);
        primary = parsed;
        break;
      }
      case 'current_node':
        // One node holds every assigned copy, and no replica is ever assigned: there is no other copy to name.
        throw ClusterErrors.illegalArgument('Tessera runs one node, which holds no replica: [current_node] cannot name the node of an assigned replica');
      default:
        throw ClusterErrors.xContentParse(unknownFieldMessage(PARSER, field, FIELDS));
    }
  }
  if (index === undefined && shard === undefined && primary === undefined) return undefined;
  const problems = [
    ...(index === undefined ? ['index must be specified'] : []),
    ...(shard === undefined ? ['shard must be specified'] : []),
    ...(primary === undefined ? ['primary must be specified'] : []),
  ];
  if (problems.length > 0) throw ClusterErrors.validation(problems);
  return { index: index!, shard: shard!, primary: primary! };
}
