/** @module Listens: builds the server (build-server.ts) and opens its port. */
import type { AddressInfo } from 'node:net';
import { buildServer, type BuildOptions, type BuiltServer } from './build-server.js';

export const DEFAULT_PORT = 9200;
export const DEFAULT_HOST = '127.0.0.1';

export interface ServerOptions extends BuildOptions {
  readonly host?: string;
  readonly port?: number;
  /** Listen on a non-loopback address without security. */
  readonly insecureAllowRemote?: boolean;
}

export interface RunningServer extends BuiltServer {
  readonly url: string;
  readonly port: number;
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  if (!isLoopback(host) && !options.security && !options.insecureAllowRemote) {
    throw new Error(`refusing to listen on [${host}] without security: use --security, or --insecure-allow-remote to accept the risk`);
  }
  const server = await buildServer(options);
  try {
    await server.app.listen({ host, port: options.port ?? DEFAULT_PORT });
  } catch (error) {
    await server.close();
    throw error;
  }
  const { port } = server.app.server.address() as AddressInfo;
  return { ...server, port, url: `http://${host.includes(':') ? `[${host}]` : host}:${port}` };
}
