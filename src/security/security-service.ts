/**
 * @module The native realm: users and roles (`/_security/user`, `/_security/role`), HTTP basic authentication with
 * per-user rate limiting of failures, and the bootstrap superuser `elastic`.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../platform/clock.js';
import { hashPassword, verifyPassword } from './password.js';
import { SecurityErrors } from './security-error.js';
import { BUILT_IN_ROLES, RESERVED_USER, type ApplicationPrivileges, type IndicesPrivileges, type Role, type User } from './security-model.js';
import type { SecurityRepository } from './security-repository.js';

const MIN_PASSWORD_LENGTH = 6;
const MAX_FAILURES = 5;
const LOCKOUT_MS = 60_000;

export interface Authentication {
  readonly user: User;
  readonly realm: { readonly name: string; readonly type: string };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function strings(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  throw SecurityErrors.illegalArgument(`[${field}] must be an array of strings`);
}

export class SecurityService {
  readonly #users = new Map<string, User>();
  readonly #roles = new Map<string, Role>();
  readonly #failures = new Map<string, { count: number; until: number }>();

  private constructor(
    private readonly repository: SecurityRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Loads the realm. A new realm gets the superuser `elastic`, with `bootstrapPassword` or a generated one,
   * which is returned so it can be printed once.
   */
  static async open(repository: SecurityRepository, clock: Clock, bootstrapPassword: string | undefined): Promise<{ service: SecurityService; generatedPassword?: string }> {
    const service = new SecurityService(repository, clock);
    for (const user of await repository.loadUsers()) service.#users.set(user.username, user);
    for (const role of await repository.loadRoles()) service.#roles.set(role.name, role);
    if (service.#users.has(RESERVED_USER)) return { service };
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
    await repository.saveUser(elastic);
    service.#users.set(RESERVED_USER, elastic);
    return { service, ...(generated !== undefined && { generatedPassword: generated }) };
  }

  /** Authenticates an `Authorization` header value for a request to `path`. */
  async authenticate(authorization: string | undefined, path: string): Promise<Authentication> {
    if (!authorization) throw SecurityErrors.missingCredentials(path);
    const match = /^Basic\s+(.+)$/i.exec(authorization.trim());
    if (!match) throw SecurityErrors.missingCredentials(path);
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw SecurityErrors.missingCredentials(path);
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    const now = this.clock.now();
    const failures = this.#failures.get(username);
    // A locked-out user is refused without checking the password, so guessing gains nothing.
    if (failures && failures.count >= MAX_FAILURES && now < failures.until) throw SecurityErrors.badCredentials(username, path);
    const user = this.#users.get(username);
    const valid = user !== undefined && user.enabled && (await verifyPassword(password, user.passwordHash));
    if (!valid) {
      const count = (failures && now < failures.until ? failures.count : 0) + 1;
      this.#failures.set(username, { count, until: now + LOCKOUT_MS });
      throw SecurityErrors.badCredentials(username, path);
    }
    this.#failures.delete(username);
    return { user: user!, realm: user!.username === RESERVED_USER ? { name: 'reserved', type: 'reserved' } : { name: 'default_native', type: 'native' } };
  }

  user(username: string): User | undefined {
    return this.#users.get(username);
  }

  getUsers(names: readonly string[] | undefined): User[] {
    const all = [...this.#users.values()].sort((a, b) => (a.username < b.username ? -1 : 1));
    return names === undefined ? all : all.filter((u) => names.includes(u.username));
  }

  /** Creates or updates a user; returns whether it was created. */
  async putUser(username: string, body: unknown): Promise<boolean> {
    if (!isObject(body)) throw SecurityErrors.validation(['roles are missing']);
    if (username === RESERVED_USER) throw SecurityErrors.validation([`user [${username}] is reserved and only the password can be changed`]);
    const existing = this.#users.get(username);
    const errors: string[] = [];
    if (!/^[\w@\-.+ ]{1,507}$/.test(username) || username.startsWith(' ') || username.endsWith(' ')) {
      errors.push(`invalid username [${username}]`);
    }
    const password = body.password;
    if (password !== undefined && (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH)) {
      errors.push(`passwords must be at least [${MIN_PASSWORD_LENGTH}] characters long`);
    }
    if (!existing && password === undefined && body.password_hash === undefined) errors.push('password must be specified unless you are updating an existing user');
    if (body.roles === undefined && !existing) errors.push('roles are missing');
    if (errors.length > 0) throw SecurityErrors.validation(errors);
    const user: User = {
      username,
      roles: body.roles === undefined ? (existing?.roles ?? []) : strings(body.roles, 'roles'),
      full_name: typeof body.full_name === 'string' ? body.full_name : (existing?.full_name ?? null),
      email: typeof body.email === 'string' ? body.email : (existing?.email ?? null),
      metadata: isObject(body.metadata) ? body.metadata : (existing?.metadata ?? {}),
      enabled: typeof body.enabled === 'boolean' ? body.enabled : (existing?.enabled ?? true),
      passwordHash: typeof password === 'string' ? await hashPassword(password) : existing!.passwordHash,
    };
    await this.repository.saveUser(user);
    this.#users.set(username, user);
    return existing === undefined;
  }

  async changePassword(username: string, body: unknown): Promise<void> {
    const user = this.#users.get(username);
    const password = isObject(body) ? body.password : undefined;
    if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
      throw SecurityErrors.validation([`passwords must be at least [${MIN_PASSWORD_LENGTH}] characters long`]);
    }
    if (!user) throw SecurityErrors.validation([`user [${username}] does not exist`]);
    const updated = { ...user, passwordHash: await hashPassword(password) };
    await this.repository.saveUser(updated);
    this.#users.set(username, updated);
  }

  async deleteUser(username: string): Promise<boolean> {
    if (username === RESERVED_USER) throw SecurityErrors.illegalArgument(`user [${username}] is reserved and cannot be deleted`);
    if (!this.#users.has(username)) return false;
    await this.repository.deleteUser(username);
    this.#users.delete(username);
    return true;
  }

  role(name: string): Role | undefined {
    return BUILT_IN_ROLES.get(name) ?? this.#roles.get(name);
  }

  getRoles(names: readonly string[] | undefined): Role[] {
    const all = [...BUILT_IN_ROLES.values(), ...this.#roles.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    return names === undefined ? all : all.filter((r) => names.includes(r.name));
  }

  /** Creates or updates a role; returns whether it was created. */
  async putRole(name: string, body: unknown): Promise<boolean> {
    if (BUILT_IN_ROLES.has(name)) throw SecurityErrors.illegalArgument(`role [${name}] is reserved and cannot be modified.`);
    if (!isObject(body)) throw SecurityErrors.illegalArgument('request body is required');
    for (const key of Object.keys(body)) {
      if (!['cluster', 'indices', 'applications', 'run_as', 'metadata', 'description'].includes(key)) {
        throw SecurityErrors.illegalArgument(`failed to parse role [${name}]. unexpected field [${key}]`);
      }
    }
    const indices: IndicesPrivileges[] = (Array.isArray(body.indices) ? body.indices : []).map((entry: unknown) => {
      if (!isObject(entry)) throw SecurityErrors.illegalArgument(`failed to parse indices privileges for role [${name}]`);
      return { names: typeof entry.names === 'string' ? [entry.names] : strings(entry.names, 'names'), privileges: strings(entry.privileges, 'privileges') };
    });
    const applications: ApplicationPrivileges[] = (Array.isArray(body.applications) ? body.applications : []).map((entry: unknown) => {
      if (!isObject(entry) || typeof entry.application !== 'string') throw SecurityErrors.illegalArgument(`failed to parse application privileges for role [${name}]`);
      return { application: entry.application, privileges: strings(entry.privileges, 'privileges'), resources: strings(entry.resources, 'resources') };
    });
    const role: Role = {
      name,
      cluster: strings(body.cluster, 'cluster'),
      indices,
      applications,
      run_as: strings(body.run_as, 'run_as'),
      metadata: isObject(body.metadata) ? body.metadata : {},
    };
    const created = !this.#roles.has(name);
    await this.repository.saveRole(role);
    this.#roles.set(name, role);
    return created;
  }

  async deleteRole(name: string): Promise<boolean> {
    if (BUILT_IN_ROLES.has(name)) throw SecurityErrors.illegalArgument(`role [${name}] is reserved and cannot be deleted`);
    if (!this.#roles.has(name)) return false;
    await this.repository.deleteRole(name);
    this.#roles.delete(name);
    return true;
  }
}
