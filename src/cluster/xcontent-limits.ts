/**
 * @module What Elasticsearch's XContent parser refuses while reading JSON, before anything walks the parsed value
 * recursively: Jackson's nesting limit, with its position and words.
 */
import { ClusterError } from './cluster-error.js';

/** Where `position` falls in `text`, as Jackson's parser errors give it: `[line:column]`. */
export function lineAndColumn(text: string, position: number, firstLine = 1): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length + firstLine - 1;
  const column = position - before.lastIndexOf('\n');
  return `[${line}:${column}]`;
}

/** Jackson's default StreamReadConstraints: deeper documents are refused while parsing. */
export const MAX_NESTING_DEPTH = 1000;

/**
 * Refuses JSON nested deeper than Elasticsearch's parser takes, before anything walks it recursively (flattening
 * settings, storing a document) and runs out of stack.
 */
export function checkNestingDepth(text: string, firstLine = 1): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_NESTING_DEPTH) {
        const reason = `Document nesting depth (${depth}) exceeds the maximum allowed (${MAX_NESTING_DEPTH}, from \`StreamReadConstraints.getMaxNestingDepth()\`)`;
        throw new ClusterError('x_content_parse_exception', 400, `${lineAndColumn(text, i, firstLine)} ${reason}`);
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
}
