/**
 * @module The signal that ends open RPCs (WatchFields streams) when the app closes, instead of waiting for clients
 * to hang up. @connectrpc/connect 2.1.2 (protocol/signals.js createLinkedAbortController) adds an abort listener to
 * the router's `shutdownSignal` for every call in flight and removes it when the call ends; past ten, Node.js would
 * warn of a listener leak (MaxListenersExceededWarning) under normal load.
 */
import { setMaxListeners } from 'node:events';

export function createShutdownController(): AbortController {
  const shutdown = new AbortController();
  setMaxListeners(0, shutdown.signal);
  return shutdown;
}
