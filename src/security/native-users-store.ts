/** @module The users of `/_security/user` (ES's NativeUsersStore), and the bootstrap superuser `elastic`. */
import { randomBytes } from 'node:crypto';
import { xContentToken } from '../platform/xcontent.js';
import type { NativeRealm } from './native-realm.js';
import { hashPassword } from './password.js';
import { isObject, strings } from './request-values.js';
import { SecurityErrors } from './security-error.js';
import type { SecurityIndex } from './security-index.js';
import { RESERVED_USER, type User } from './security-model.js';

const MIN_PASSWORD_LENGTH = 6;

/** The members of `PUT /_security/user/<name>` and the XContent type each must have (PutUserRequestBuilder). */
const USER_MEMBERS: Readonly<Record<string, 'string' | 'nullable string' | 'object' | 'boolean' | 'roles'>> = {
  username: 'string',
  password: 'string',
  roles: 'roles',
  full_name: 'nullable string',
  email: 'nullable string',
  metadata: 'object',
  enabled: 'boolean',
};

/**
 * Refuses what PutUserRequestBuilder refuses, in its words, rather than ignoring it: an unknown member (a misspelt
 * `enabeld: false` would leave the account enabled) or a member of the wrong type (ES takes `enabled` only as a JSON
 * boolean). `password_hash` needs ES's own hash algorithms, which Tessera does not use.
 */
function checkUserBody(body: Record<string, unknown>): void {
  for (const [member, value] of Object.entries(body)) {
    if (member === 'password_hash') throw SecurityErrors.illegalArgument('[password_hash] is not supported: Tessera hashes passwords with scrypt; send [password] instead');
    const kind = USER_MEMBERS[member];
    if (kind === undefined) throw SecurityErrors.parse(`failed to parse add user request. unexpected field [${member}]`);
    const expected = { string: 'string', 'nullable string': 'string', object: 'object', boolean: 'boolean', roles: undefined }[kind];
    const ok =
      kind === 'string' ? typeof value === 'string'
      : kind === 'nullable string' ? value === null || typeof value === 'string'
      : kind === 'object' ? isObject(value)
      : kind === 'boolean' ? typeof value === 'boolean'
      : true;
    if (!ok) throw SecurityErrors.parse(`expected field [${member}] to be of type ${expected}, but found [${xContentToken(value)}] instead`);
  }
}

export class NativeUsersStore {
  constructor(
    private readonly index: SecurityIndex,
    private readonly realm: NativeRealm,
  ) {}

  /**
   * Gives a new realm the superuser `elastic`, with `bootstrapPassword` or a generated one, which is returned so it
   * can be printed once.
   */
  async ensureReservedUser(bootstrapPassword: string | undefined): Promise<string | undefined> {
    if (this.index.users.has(RESERVED_USER)) return undefined;
    const generated = bootstrapPassword === undefined ? randomBytes(15).toString('base64url') : undefined;
    const elastic: User = {
      username: RESERVED_USER,
      roles: ['superuser'],
      full_name: null,
      email: null,
      metadata: { _reserved: true },
      enabled: true,
      passwordHash: await hashPassword(bootstrapPassword ?? generated!),
    };
    await this.index.write((repository) => repository.saveUser(elastic), () => this.index.users.set(RESERVED_USER, elastic));
    return generated;
  }

  user(username: string): User | undefined {
    return this.index.users.get(username);
  }

  getUsers(names: readonly string[] | undefined): User[] {
    const all = [...this.index.users.values()].sort((a, b) => (a.username < b.username ? -1 : 1));
    return names === undefined ? all : all.filter((u) => names.includes(u.username));
  }

  /** Creates or updates a user; returns whether it was created. */
  async putUser(username: string, body: unknown): Promise<boolean> {
    if (!isObject(body)) throw SecurityErrors.validation(['roles are missing']);
    if (username === RESERVED_USER) throw SecurityErrors.validation([`user [${username}] is reserved and only the password can be changed`]);
    checkUserBody(body);
    // The official clients send the name in the body as well as the path.
    if (body.username !== undefined && body.username !== username) {
      throw SecurityErrors.illegalArgument(`[username] [${String(body.username)}] in the body does not match the user [${username}] in the path`);
    }
    const existing = this.index.users.get(username);
    const errors: string[] = [];
    if (!/^[\w@\-.+ ]{1,507}$/.test(username) || username.startsWith(' ') || username.endsWith(' ')) {
      errors.push(`invalid username [${username}]`);
    }
    const password = body.password as string | undefined;
    if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) errors.push(`passwords must be at least [${MIN_PASSWORD_LENGTH}] characters long`);
    if (!existing && password === undefined) errors.push('password must be specified unless you are updating an existing user');
    if (body.roles === undefined && !existing) errors.push('roles are missing');
    if (errors.length > 0) throw SecurityErrors.validation(errors);
    const user: User = {
      username,
      roles: body.roles === undefined ? (existing?.roles ?? []) : strings(body.roles, 'roles'),
      full_name: 'full_name' in body ? ((body.full_name as string | null) ?? null) : (existing?.full_name ?? null),
      email: 'email' in body ? ((body.email as string | null) ?? null) : (existing?.email ?? null),
      metadata: isObject(body.metadata) ? body.metadata : (existing?.metadata ?? {}),
      enabled: typeof body.enabled === 'boolean' ? body.enabled : (existing?.enabled ?? true),
      passwordHash: password !== undefined ? await hashPassword(password) : existing!.passwordHash,
    };
    await this.index.write((repository) => repository.saveUser(user), () => this.index.users.set(username, user));
    this.index.changed();
    return existing === undefined;
  }

  async changePassword(username: string, body: unknown): Promise<void> {
    const user = this.index.users.get(username);
    const password = isObject(body) ? body.password : undefined;
    if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
      throw SecurityErrors.validation([`passwords must be at least [${MIN_PASSWORD_LENGTH}] characters long`]);
    }
    if (!user) throw SecurityErrors.validation([`user [${username}] does not exist`]);
    const updated = { ...user, passwordHash: await hashPassword(password) };
    await this.index.write((repository) => repository.saveUser(updated), () => this.index.users.set(username, updated));
  }

  /** Deletes the user and invalidates its API keys with it, so a later user of the same name does not inherit them. */
  async deleteUser(username: string): Promise<boolean> {
    if (username === RESERVED_USER) throw SecurityErrors.illegalArgument(`user [${username}] is reserved and cannot be deleted`);
    if (!this.index.users.has(username)) return false;
    const keys = [...this.index.apiKeys.values()].filter((k) => k.username === username && !k.invalidated).map((k) => ({ ...k, invalidated: true }));
    await this.index.write(
      (repository) => repository.deleteUser(username, keys),
      () => {
        this.index.users.delete(username);
        for (const key of keys) this.index.apiKeys.set(key.id, key);
      },
    );
    this.realm.expire(username);
    this.index.changed();
    return true;
  }
}
