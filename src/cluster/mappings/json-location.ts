/**
 * @module Where a value sits in a document's JSON, as Jackson reports a token's location (`line:column`, the column
 * counted in bytes from 1). Tessera holds the parsed document, so the text is the document written compactly, which
 * is how clients (the official ones among them) send it.
 */
import type { Json } from './mapping-model.js';

export type JsonPath = readonly (string | number)[];

/** The byte offset at which the value at `path` starts in `JSON.stringify(document)`, or where it ends with `end`. */
function offsetOf(document: Json, path: JsonPath, end: boolean): number {
  let offset = 0;
  let node: Json = document;
  for (const step of path) {
    if (Array.isArray(node)) {
      offset += 1; // [
      for (let i = 0; i < (step as number); i++) offset += bytes(node[i]!) + 1;
      node = node[step as number]!;
    } else {
      const object = node as Record<string, Json>;
      offset += 1; // {
      for (const [key, value] of Object.entries(object)) {
        offset += bytes(key) + 1; // "key":
        if (key === step) break;
        offset += bytes(value) + 1;
      }
      node = object[step as string]!;
    }
  }
  return end ? offset + bytes(node) - 1 : offset;
}

function bytes(value: Json): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** `[line:column]` of the value at `path`, as DocumentParsingException prefixes its reason. */
export function locationOf(document: Json, path: JsonPath, end = false): string {
  return `1:${offsetOf(document, path, end) + 1}`;
}
