/** @module Who a request runs as, once its credentials are checked: ES's `Authentication` (subject, realm, type). */
import { RESERVED_USER, type Role, type User } from './security-model.js';

export interface Authentication {
  readonly user: User;
  readonly realm: Realm;
  readonly type: 'realm' | 'api_key';
  readonly apiKey?: { readonly id: string; readonly name: string };
  /** An API key's role descriptors, which narrow (never widen) its owner's privileges. */
  readonly limitedTo?: { readonly user: User; readonly lookup: (name: string) => Role | undefined };
}

export interface Realm {
  readonly name: string;
  readonly type: string;
}

/** The realm a user belongs to: the bootstrap superuser is ES's reserved realm's, every other the native realm's. */
export function realmOf(username: string): Realm {
  return username === RESERVED_USER ? { name: 'reserved', type: 'reserved' } : { name: 'default_native', type: 'native' };
}
