/** @module The errors of mappings and of documents checked against them, with ES's types and reasons. */
import { ClusterError } from '../cluster-error.js';

export const MappingErrors = Object.freeze({
  /** MapperParsingException: a mapping definition ES cannot read. */
  parsing: (reason: string, causedBy?: ClusterError) => new ClusterError('mapper_parsing_exception', 400, reason, {}, causedBy),
  /** MapperService.merge wraps whatever stops it reading a mapping (not what stops the merge) so. */
  unparsable: (cause: ClusterError) => new ClusterError('mapper_parsing_exception', 400, `Failed to parse mapping: ${cause.reason}`, {}, cause),
  /** DocumentParsingException: a document that does not fit its index's mapping. */
  document: (reason: string, causedBy?: ClusterError) => new ClusterError('document_parsing_exception', 400, reason, {}, causedBy),
  strictDynamic: (location: string, field: string, parent: string) =>
    new ClusterError('strict_dynamic_mapping_exception', 400, `[${location}] mapping set to strict, dynamic introduction of [${field}] within [${parent}] is not allowed`),
  conflict: (reason: string) => new ClusterError('illegal_argument_exception', 400, reason),
});
