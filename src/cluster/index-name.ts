/**
 * @module Elasticsearch's index name rules (MetadataCreateIndexService.validateIndexOrAliasName, then the
 * lowercase check of validateIndexName), in its order and with its messages.
 */
import { ClusterErrors } from './cluster-error.js';

// The order Java prints Strings.INVALID_FILENAME_CHARS in.
export const INVALID_CHARS = [' ', '"', '*', '\\', '<', '|', ',', '>', '/', '?'];
const MAX_NAME_BYTES = 255;

export function validateIndexName(name: string): void {
  const fail = (why: string): never => {
    throw ClusterErrors.invalidIndexName(name, why);
  };
  if (name.length === 0) fail('must not be empty');
  if (INVALID_CHARS.some((c) => name.includes(c))) fail(`must not contain the following characters [${INVALID_CHARS.join(', ')}]`);
  if (name.includes('#')) fail("must not contain '#'");
  if (name.includes(':')) fail("must not contain ':'");
  // Not one of ES's rules: PostgreSQL text cannot hold U+0000, so no store takes it.
  if (name.includes('\u0000')) fail('must not contain the null character');
  if (name.startsWith('_') || name.startsWith('-') || name.startsWith('+')) fail("must not start with '_', '-', or '+'");
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > MAX_NAME_BYTES) fail(`index name is too long, (${bytes} > ${MAX_NAME_BYTES})`);
  if (name === '.' || name === '..') fail("must not be '.' or '..'");
  if (name.toLowerCase() !== name) fail('must be lowercase');
}
