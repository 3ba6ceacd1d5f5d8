/**
 * @module Elasticsearch's media types: JSON bodies as `application/json` or
 * `application/vnd.elasticsearch+json; compatible-with=7|8|9`, malformed JSON as x_content_parse_exception.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkNestingDepth, ClusterError, lineAndColumn } from '../../cluster/index.js';
import { EsSimpleError } from './es-simple-error.js';

const COMPATIBLE = /compatible-with\s*=\s*(\d+)/i;
const SUPPORTED_VERSIONS = new Set(['7', '8', '9']);

/** Where a byte sequence stops being UTF-8, and how Jackson's UTF-8 reader says so. */
function utf8Problem(bytes: Uint8Array): { index: number; reason: string } {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const follow = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (follow < 0) return { index: i, reason: `Invalid UTF-8 start byte 0x${b.toString(16)}` };
    for (let k = 1; k <= follow; k++) {
      const next = bytes[i + k];
      if (next === undefined) return { index: i + k, reason: 'Unexpected end-of-input in UTF-8 sequence' };
      if ((next & 0xc0) !== 0x80) return { index: i + k, reason: `Invalid UTF-8 middle byte 0x${next.toString(16)}` };
    }
    i += follow + 1;
  }
  return { index: bytes.length, reason: 'Invalid UTF-8 sequence' };
}

/** A body as text: bytes that are not UTF-8 are refused, as Jackson refuses them, rather than read as U+FFFD. */
export function decodeUtf8Body(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const { index, reason } = utf8Problem(bytes);
    const before = Buffer.from(bytes.subarray(0, index)).toString('utf8');
    throw new ClusterError('x_content_parse_exception', 400, `${lineAndColumn(before, before.length)} ${reason}`);
  }
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  checkNestingDepth(text);
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? text.length);
    throw new ClusterError('x_content_parse_exception', 400, `${lineAndColumn(text, position)} ${message}`);
  }
}

/** ES's default `http.max_content_length`. */
export const DEFAULT_MAX_CONTENT_LENGTH = 100 * 1024 * 1024;

export function registerEsContentTypes(app: FastifyInstance, maxContentLength: number): void {
  app.removeAllContentTypeParsers();
  const parser = (req: FastifyRequest, body: Buffer, done: (err: Error | null, body?: unknown) => void) => {
    // A route that reads no body refuses any (url-params.ts), as ES does without parsing it: malformed JSON or a
    // lone space there is refused for being a body, not for what it holds. Its bytes are kept unread.
    if (req.routeOptions.config.esBody !== true) {
      done(null, body.byteLength > 0 ? body : undefined);
      return;
    }
    try {
      done(null, parseJsonBody(decodeUtf8Body(body)));
    } catch (error) {
      done(error as Error);
    }
  };
  app.addContentTypeParser(['application/json', 'application/vnd.elasticsearch+json'], { parseAs: 'buffer', bodyLimit: maxContentLength }, parser);
  // ES accepts only XContent types for a body (since 6.0); curl's default form type included, others are a 406.
  app.addContentTypeParser('*', (req, _payload, done) => done(unsupportedContentType(req)));
}

/**
 * ES's answer to a body whose Content-Type it does not take (RestController.sendContentTypeErrorMessage), or whose
 * Content-Type does not parse as a media type at all (RestRequest's MediaTypeHeaderException, from
 * ParsedMediaType.parseMediaType). Fastify refuses some of these itself before any parser runs.
 */
export function unsupportedContentType(req: FastifyRequest): Error {
  const header = req.headers['content-type'];
  if (header === undefined) return new EsSimpleError('Content-Type header is missing', 406);
  if (!isParsableMediaType(header)) return new ClusterError('media_type_header_exception', 400, 'Invalid media-type value on headers [Content-Type]');
  return new EsSimpleError(`Content-Type header [${header}] is not supported`, 406);
}

/** Java's String.split, which drops trailing empty strings. */
export function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Whether ParsedMediaType.parseMediaType takes the header: `type/subtype` and `key=value` parameters. */
function isParsableMediaType(header: string): boolean {
  if (header.trim() === '') return true; // no media type at all, not a malformed one
  const [typeSubtype, ...parameters] = header.split(';');
  if (javaSplit(typeSubtype!.trim(), '/').length !== 2) return false;
  return parameters.every((p) => {
    if (p.trim() === '') return true;
    const keyValue = javaSplit(p.trim(), '=');
    return keyValue.length === 2 && !/\s$/.test(keyValue[0]!) && !/^\s/.test(keyValue[1]!);
  });
}

/** The compatible-with version a request asks for, checked against what ES accepts. */
export function requestedCompatibility(req: FastifyRequest): string | undefined {
  const accept = req.headers.accept ?? '';
  const contentType = req.headers['content-type'] ?? '';
  const versions = [COMPATIBLE.exec(accept)?.[1], COMPATIBLE.exec(contentType)?.[1]].filter((v): v is string => v !== undefined);
  for (const version of versions) {
    if (!SUPPORTED_VERSIONS.has(version)) {
      throw new ClusterError('media_type_header_exception', 400, `Invalid media-type value on headers [${accept.includes(version) ? 'Accept' : 'Content-Type'}]`);
    }
  }
  return versions[0];
}

export function responseContentType(version: string | undefined): string {
  return version === undefined ? 'application/json' : `application/vnd.elasticsearch+json;compatible-with=${version}`;
}
