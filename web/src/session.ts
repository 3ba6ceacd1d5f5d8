/** Credentials for this browser tab only: kept in sessionStorage, gone when the tab closes, never in localStorage. */
const KEY = 'tessera.credentials';

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

export function saveCredentials(credentials: Credentials): void {
  sessionStorage.setItem(KEY, JSON.stringify(credentials));
}

export function clearCredentials(): void {
  sessionStorage.removeItem(KEY);
}

export function currentUser(): string | undefined {
  return read()?.username;
}

/** The Authorization header for every API call, or undefined when no one is signed in (security off). */
export function authorizationHeader(): string | undefined {
  const credentials = read();
  if (!credentials) return undefined;
  const bytes = new TextEncoder().encode(`${credentials.username}:${credentials.password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

function read(): Credentials | undefined {
  const raw = sessionStorage.getItem(KEY);
  return raw ? (JSON.parse(raw) as Credentials) : undefined;
}
