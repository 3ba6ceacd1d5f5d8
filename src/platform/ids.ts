/** @module Random identifiers in the URL-safe alphabet AppFlowy's nanoid used. */
import { randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export type IdGenerator = (length: number) => string;

/** Random bytes drawn 4 KiB at a time: a _bulk of a thousand documents asks the system once, not a thousand times. */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** 64 symbols, so one random byte masked to 6 bits picks one without bias. */
export const randomId: IdGenerator = (length) => {
  let id = '';
  for (let i = 0; i < length; i++) {
    if (used === pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    id += ALPHABET[pool[used++]! & 63];
  }
  return id;
};

/** Draws ids until one is not taken; collisions are rare but ids must stay unique within their scope. */
export function uniqueId(generate: IdGenerator, length: number, isTaken: (id: string) => boolean): string {
  for (;;) {
    const id = generate(length);
    if (!isTaken(id)) return id;
  }
}

/** Java's String.compareTo order (UTF-16 code units), which Elasticsearch sorts names by; not the locale's. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
