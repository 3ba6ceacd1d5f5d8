/** @module The node's roles as `_cat` abbreviates them (RestNodesAction.getRoleAbbreviationString). */
import { NODE_ROLES } from './local-node.js';

const ABBREVIATIONS: Readonly<Record<string, string>> = { data: 'd', ingest: 'i', master: 'm' };

/** The roles' letters in sorted order, or `-` for a coordinating-only node. */
export function nodeRoleAbbreviation(): string {
  const letters = NODE_ROLES.map((role) => ABBREVIATIONS[role]!).sort();
  return letters.length === 0 ? '-' : letters.join('');
}
