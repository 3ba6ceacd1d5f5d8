/** @module `index.lifecycle.parse_origination_date`: the date in an index name (IndexLifecycleOriginationDateParser). */
import type { IndexMetadata } from '../../cluster/index.js';
import { IlmErrors } from '../ilm-error.js';

const INDEX_NAME_REGEX = /^.*-(\d{4}.\d{2}.\d{2})(-[\d]+)?$/;

export function parseOriginationDate(indexName: string): number {
  const match = INDEX_NAME_REGEX.exec(indexName);
  if (!match) throw IlmErrors.originationDateUnparseable(indexName, "does not match pattern '^.*-(\\d{4}.\\d{2}.\\d{2})(-[\\d]+)?$'");
  const date = match[1]!;
  const parts = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(date);
  const millis = parts ? Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) : NaN;
  const valid = parts && new Date(millis).getUTCDate() === Number(parts[3]) && new Date(millis).getUTCMonth() === Number(parts[2]) - 1;
  if (!valid) throw IlmErrors.originationDateUnparseable(indexName, `contains date [${date}] which couldn't be parsed using the 'yyyy.MM.dd' format`);
  return millis;
}

/**
 * IndexLifecycleService.beforeIndexAddedToCluster: an index that must take its origination date from its name
 * but whose name carries none is refused when it is created.
 */
export function checkOriginationDate(index: IndexMetadata): void {
  const origination = index.settings['index.lifecycle.origination_date'];
  if (index.settings['index.lifecycle.parse_origination_date'] === 'true' && (origination === undefined || origination === '-1')) {
    parseOriginationDate(index.name);
  }
}
