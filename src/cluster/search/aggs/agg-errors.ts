/** @module The errors aggregation parsing and evaluation raise, in ES's words. */
import { ClusterError, ClusterErrors } from '../../cluster-error.js';
import { unknownFieldMessage, xContentToken } from '../../../platform/xcontent.js';

export const parsing = (reason: string) => new ClusterError('parsing_exception', 400, reason);

/** ObjectParser's refusal of a member a builder does not declare (surfaced as an x_content_parse_exception). */
export const unknownMember = (type: string, member: string, known: readonly string[]) => new ClusterError('x_content_parse_exception', 400, unknownFieldMessage(type, member, known));

/** A member with a token its parser does not take. */
export const badToken = (type: string, member: string, value: unknown) => new ClusterError('x_content_parse_exception', 400, `[${type}] ${member} doesn't support values of type: ${xContentToken(value)}`);

export const illegal = ClusterErrors.illegalArgument;

/** ValuesSourceRegistry's refusal of a field type an aggregation cannot read. */
export const unsupportedField = (field: string, type: string, agg: string) => illegal(`Field [${field}] of type [${type}] is not supported for aggregation [${agg}]`);
