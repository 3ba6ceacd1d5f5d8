/**
 * @module The one node Tessera is, as the node APIs name it, and which node selectors (`_local`, `master:true`, its id
 * or name) pick it out, as ES's DiscoveryNodes.resolveNodes reads them.
 */
import { matchesPattern } from '../../platform/units/index.js';

export const NODE_ID = 'tessera0000000000000000';
export const NODE_ROLES: readonly string[] = ['data', 'ingest', 'master'];
export const NODE_HOST = '127.0.0.1';
/** ES's transport address; Tessera has no transport layer, so this is where ES's default port would be. */
export const TRANSPORT_ADDRESS = '127.0.0.1:9300';

/** Every role ES knows, so `ml:true` selects no node rather than being taken for a node name. */
const ES_ROLES = new Set(['data', 'data_cold', 'data_content', 'data_frozen', 'data_hot', 'data_warm', 'ingest', 'master', 'ml', 'remote_cluster_client', 'transform', 'voting_only', 'index', 'search']);

/**
 * Whether the comma-separated node selectors pick the local node (DiscoveryNodes.resolveNodes): none or `_all`
 * selects every node; `_local`, `_master`, the id, the name, the address or a wildcard over them add it; `role:true`
 * adds and `role:false` removes it by role; `attr:value` matches no attribute (the node has none).
 */
export function selectsLocalNode(selectors: readonly string[], nodeName: string): boolean {
  if (selectors.length === 0) return true;
  let selected = false;
  for (const selector of selectors) {
    if (selector === '_all' || selector === '_local' || selector === '_master') {
      selected = true;
      continue;
    }
    const colon = selector.indexOf(':');
    if (colon >= 0) {
      const [key, value] = [selector.slice(0, colon), selector.slice(colon + 1)];
      const role = key === 'master' || key === 'data' || key === 'ingest' || ES_ROLES.has(key);
      if (role && (value === 'true' || value === 'false')) {
        if (NODE_ROLES.includes(key)) selected = value === 'true';
        continue;
      }
    }
    if ([NODE_ID, nodeName, NODE_HOST, TRANSPORT_ADDRESS].some((name) => matchesPattern(selector, name))) selected = true;
  }
  return selected;
}

/** The `_nodes` header of a nodes response (RestActions.buildNodesResponseHeader). */
export function nodesHeader(selected: boolean) {
  const count = selected ? 1 : 0;
  return { total: count, successful: count, failed: 0 };
}
