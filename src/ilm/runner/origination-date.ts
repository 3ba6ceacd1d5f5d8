/** @module `index.lifecycle.parse_origination_date`: the date in an index name (IndexLifecycleOriginationDateParser). */
import { ClusterErrors } from '../../cluster/index.js';

const INDEX_NAME_REGEX = /^.*-(\d{4}.\d{2}.\d{2})(-[\d]+)?$/;

export function parseOriginationDate(indexName: string): number {
  const match = INDEX_NAME_REGEX.exec(indexName);
  if (!match) throw ClusterErrors.illegalArgument(`index name [${indexName}] does not match pattern '^.*-(\\d{4}.\\d{2}.\\d{2})(-[\\d]+)?$'`);
  const date = match[1]!;
  const parts = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(date);
  const millis = parts ? Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) : NaN;
  const valid = parts && new Date(millis).getUTCDate() === Number(parts[3]) && new Date(millis).getUTCMonth() === Number(parts[2]) - 1;
  if (!valid) throw ClusterErrors.illegalArgument(`index name [${indexName}] contains date [${date}] which couldn't be parsed using the 'yyyy.MM.dd' format`);
  return millis;
}
