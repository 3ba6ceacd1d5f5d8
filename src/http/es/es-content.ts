/**
 * @module Elasticsearch's media types: JSON bodies as `application/json` or
 * `application/vnd.elasticsearch+json; compatible-with=7|8|9`, malformed JSON as x_content_parse_exception.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClusterError } from '../../cluster/index.js';
import { EsSimpleError } from './es-simple-error.js';

const COMPATIBLE = /compatible-with\s*=\s*(\d+)/i;
const SUPPORTED_VERSIONS = new Set(['7', '8', '9']);

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `[${line}:${column}]`;
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? text.length);
    throw new ClusterError('x_content_parse_exception', 400, `${lineAndColumn(text, position)} ${message}`);
  }
}

export function registerEsContentTypes(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parser = (_req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => {
    try {
      done(null, parseJsonBody(body));
    } catch (error) {
      done(error as Error);
    }
  };
  app.addContentTypeParser(['application/json', 'application/vnd.elasticsearch+json'], { parseAs: 'string', bodyLimit: 100 * 1024 * 1024 }, parser);
  // ES accepts only XContent types for a body (since 6.0); curl's default form type included, others are a 406.
  app.addContentTypeParser('*', (req, _payload, done) => {
    done(new EsSimpleError(`Content-Type header [${req.headers['content-type'] ?? ''}] is not supported`, 406));
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
