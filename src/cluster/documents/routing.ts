/** @module A document request's routing through an alias with `index_routing`, as ES's Metadata.resolveIndexRouting decides it. */
import { ClusterErrors } from '../cluster-error.js';
import type { AliasMetadata } from '../index-metadata.js';

/**
 * The routing a request to `target` uses: the alias's `index_routing` when it has one (a different routing given with
 * the request is refused), else the request's own. An empty routing is none, as IndexRequest.routing has it.
 */
export function aliasRouting(routing: string | undefined, target: string, alias: AliasMetadata | undefined): string | undefined {
  const asked = routing === '' ? undefined : routing;
  const aliasRouting = alias?.index_routing;
  if (aliasRouting === undefined) return asked;
  if (aliasRouting.includes(',')) {
    throw ClusterErrors.illegalArgument(`index/alias [${target}] provided with routing value [${aliasRouting}] that resolved to several routing values, rejecting operation`);
  }
  if (asked !== undefined && asked !== aliasRouting) {
    throw ClusterErrors.illegalArgument(`Alias [${target}] has index routing associated with it [${aliasRouting}], and was provided with routing value [${asked}], rejecting operation`);
  }
  return aliasRouting;
}
