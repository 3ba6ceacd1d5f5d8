/**
 * Hash routes (`#/grids/<id>`), so the server serves one static page for every view and reloads keep the view. A
 * view's own state (filters, page) follows a `?` in the hash (`#/lifecycle?policy=logs&page=2`), so it can be
 * linked to and survives a reload.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
window.addEventListener('hashchange', notify);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

/**
 * Goes to `hash` and re-renders at once: `hashchange` comes a task later, and until then a control bound to the route
 * (a checkbox, a select) would show its old value, so a click seems not to take.
 */
export function goTo(hash: string): void {
  window.location.hash = hash;
  notify();
}

export function useRoute(): string[] {
  return useHash().replace(/^#\/?/, '').split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);
}

/** The view state after the `?` of the hash. */
export function useRouteQuery(): URLSearchParams {
  const hash = useHash();
  const at = hash.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
}

export function href(...parts: string[]): string {
  return `#/${parts.map(encodeURIComponent).join('/')}`;
}

/** `href(...parts)` with view state, members without a value left out. */
export function hrefWithQuery(parts: readonly string[], query: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const text = params.toString();
  return text === '' ? href(...parts) : `${href(...parts)}?${text}`;
}
