/**
 * @module The body of `POST /_tessera/ilm/simulate` and the query of `GET /_tessera/ilm/timeline/<index>`:
 * what lint takes (a policy or a stored one's name, the index, templates, user), and how far and how busy:
 * the horizon and the rate of documents written.
 */
import { parseByteSize, parseTimeValue } from '../../platform/units/index.js';
import { IlmErrors } from '../ilm-error.js';
import { checkedBody, isObject, parseTarget, TARGET_FIELDS, type LintRequest } from '../lint/lint-request.js';
import type { DocumentRate, OtherWrites } from './simulated-documents.js';

export interface Forecast {
  readonly horizon: number;
  readonly documents: DocumentRate;
  readonly untilFirstError?: boolean;
  /** Other streams written meanwhile: a whole cluster's forecast fills one disk with all of them. */
  readonly otherWrites?: readonly OtherWrites[];
}

export interface SimulateRequest extends LintRequest, Forecast {}

const PARSER = 'simulate_request';
const FIELDS = new Set([...TARGET_FIELDS, 'horizon', 'documents']);
const DOCUMENT_FIELDS = new Set(['per_day', 'size']);
export const DEFAULT_HORIZON = '90d';
const MAX_HORIZON_MS = 3650 * 86_400_000;
/** Ten million a second: past it, counts and sizes lose their meaning in floating point. */
const MAX_DOCUMENTS_PER_DAY = 864_000_000_000;
/** ES's documents average about a kilobyte on disk; a guess is better than none for the disk forecast. */
export const DEFAULT_DOCUMENT_SIZE = '1kb';

export function parseHorizon(raw: unknown, parser: string): number {
  if (typeof raw !== 'string') throw IlmErrors.parse(parser, 'failed to parse field [horizon]');
  const millis = parseTimeValue(raw, 'horizon', IlmErrors.illegalArgument);
  if (millis <= 0 || millis > MAX_HORIZON_MS) throw IlmErrors.illegalArgument(`[horizon] must be more than 0 and at most 3650d, got [${raw}]`);
  return millis;
}

/** `names`: what the request calls the two (the body's `per_day` and `size`, the query's `docs_per_day` and `doc_size`). */
export function parseDocumentRate(perDay: unknown, size: unknown, parser: string, names = { perDay: 'per_day', size: 'size' }): DocumentRate {
  if (typeof perDay !== 'number' || !Number.isFinite(perDay)) throw IlmErrors.parse(parser, `failed to parse field [${names.perDay}]`);
  if (perDay < 0) throw IlmErrors.illegalArgument(`[${names.perDay}] must not be negative, got [${perDay}]`);
  if (perDay > MAX_DOCUMENTS_PER_DAY) throw IlmErrors.illegalArgument(`[${names.perDay}] must be at most ${MAX_DOCUMENTS_PER_DAY}, got [${perDay}]`);
  if (typeof size !== 'string') throw IlmErrors.parse(parser, `failed to parse field [${names.size}]`);
  return { perDay, sizeBytes: parseByteSize(size, names.size, IlmErrors.illegalArgument) };
}

export function parseSimulateRequest(raw: unknown): SimulateRequest {
  const body = checkedBody(raw, PARSER, FIELDS);
  const target = parseTarget(body, PARSER);
  if (!target.index) throw IlmErrors.parse(PARSER, 'Required [index]');
  let documents: DocumentRate = { perDay: 0, sizeBytes: parseByteSize(DEFAULT_DOCUMENT_SIZE, 'size', IlmErrors.illegalArgument) };
  if (body.documents !== undefined) {
    if (!isObject(body.documents)) throw IlmErrors.parse(PARSER, 'failed to parse field [documents]');
    for (const key of Object.keys(body.documents)) {
      if (!DOCUMENT_FIELDS.has(key)) throw IlmErrors.parse('documents', `unknown field [${key}]`);
    }
    documents = parseDocumentRate(body.documents.per_day ?? 0, body.documents.size ?? DEFAULT_DOCUMENT_SIZE, 'documents');
  }
  return { ...target, horizon: parseHorizon(body.horizon ?? DEFAULT_HORIZON, PARSER), documents };
}
