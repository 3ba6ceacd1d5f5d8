/**
 * @module The `_xpack_security_authentication` header Elasticsearch keeps with each ILM policy (its
 * `index_lifecycle` metadata's `headers`): the base64 of the policy's last modifier's serialized Authentication,
 * whose authority the policy's steps run with. Read only as far as the forecast needs (the effective user, its role
 * names, whether it is an API key or a service account), and written the same way for Tessera's own cluster state.
 *
 * The layout follows elastic/elasticsearch's Java source (x-pack core, package security.authc):
 * - Authentication.encode / doEncode: the transport (7.x: node) version as a vint, then doWriteTo
 *   (7.x: writeTo, which is the same for what is read here);
 * - doWriteTo: the effective user (AuthenticationSerializationHelper.writeUserTo: User.writeUser then `false`, no
 *   inner user), or under run-as the effective user, `true`, the authenticating user, `false`; then the
 *   authenticating subject's RealmRef (RealmRef.writeTo: node name, realm name, realm type, then, from transport
 *   version 8.2.0, an optional domain), the looked-up-by realm, the authentication type's ordinal, the metadata;
 * - User.writeUser: `false` (not internal), username, roles (writeStringArray), metadata (writeGenericMap; 7.x
 *   writeMap, the same generic value), full name and email (writeOptionalString), enabled; 7.x User.writeTo lays out
 *   run-as as doWriteTo does; an internal user (writeInternalUser, 7.x
 *   InternalUserSerializationHelper.writeTo) is `true` and its name alone;
 * - StreamOutput: writeBoolean one byte 0/1; writeVInt seven bits a byte, low first, the high bit saying more follow;
 *   writeString the count of UTF-16 chars as a vint, then each char in one to three bytes (a surrogate on its own);
 *   writeStringArray a vint count then the strings; writeOptionalString `false`, or `true` then the string;
 *   writeGenericValue a type byte (-1 null, 0 string, 1 int, 2 long, 3 float, 4 double, 5 boolean, 6 byte[],
 *   7 list, 8 array, 9/10 map, 11 byte, 12 date, 14 bytes, 16 short, 24/25 set, 26 big integer) then the value,
 *   a map's keys as generic values from transport version 8.7.0 and as plain strings before.
 */

export const AUTHENTICATION_HEADER = '_xpack_security_authentication';

/** TransportVersions.V_8_7_0: a generic map's keys are generic values from here on, plain strings before. */
const V_8_7_0 = 8_07_00_99;
/** Authentication.VERSION_REALM_DOMAINS (8.2.0): a RealmRef ends with an optional domain from here on. */
const V_8_2_0 = 8_02_00_99;
/** The version Tessera writes its headers as: 8.15's, the Elasticsearch its APIs answer as. */
export const TESSERA_TRANSPORT_VERSION = 8_702_0_02;

/** The realm types an API key authenticates with (AuthenticationField's API_KEY_REALM_TYPE, CLOUD_API_KEY_REALM_TYPE). */
const API_KEY_REALMS = new Set(['_es_api_key', '_cloud_api_key']);
/** ServiceAccountSettings.REALM_TYPE: its roles are the account's, built into Elasticsearch. */
const SERVICE_ACCOUNT_REALM = '_service_account';

/** What the forecast takes from a header: the user the steps run as and its roles, or why it cannot. */
export type StepRunner =
  | { readonly kind: 'user'; readonly username: string; readonly roles: readonly string[]; readonly realmType: string; readonly runBy?: string }
  | { readonly kind: 'unknown'; readonly username?: string; readonly why: string };

class Unreadable extends Error {}

class Reader {
  private at = 0;
  constructor(
    private readonly bytes: Uint8Array,
    readonly version: number,
  ) {}

  byte(): number {
    if (this.at >= this.bytes.length) throw new Unreadable('it ends too soon');
    return this.bytes[this.at++]!;
  }

  skip(count: number): void {
    if (count < 0 || this.at + count > this.bytes.length) throw new Unreadable('it ends too soon');
    this.at += count;
  }

  /** A vint count of things that take a byte each at least: no more than the bytes left. */
  count(): number {
    const n = this.vint();
    if (n > this.bytes.length - this.at) throw new Unreadable('a length runs past its end');
    return n;
  }

  boolean(): boolean {
    const b = this.byte();
    if (b > 1) throw new Unreadable(`a boolean is ${b}`);
    return b === 1;
  }

  vint(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const b = this.byte();
      value |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) return value >>> 0;
    }
    throw new Unreadable('a vint runs past five bytes');
  }

  string(): string {
    const count = this.count();
    const units: number[] = [];
    for (let i = 0; i < count; i++) {
      const b = this.byte();
      if (b < 0x80) units.push(b);
      else if ((b & 0xe0) === 0xc0) units.push(((b & 0x1f) << 6) | (this.byte() & 0x3f));
      else if ((b & 0xf0) === 0xe0) units.push(((b & 0x0f) << 12) | ((this.byte() & 0x3f) << 6) | (this.byte() & 0x3f));
      else throw new Unreadable('a string holds a byte no char starts with');
    }
    return String.fromCharCode(...units);
  }

  optionalString(): string | null {
    return this.boolean() ? this.string() : null;
  }

  stringArray(): string[] {
    return Array.from({ length: this.count() }, () => this.string());
  }

  /** StreamInput.readGenericValue for the types a user's metadata can hold; others are unreadable, never guessed. */
  generic(): unknown {
    const type = this.byte();
    switch (type) {
      case 0xff:
        return null;
      case 0:
        return this.string();
      case 1:
      case 3:
        return this.skip(4);
      case 2:
      case 4:
      case 12:
        return this.skip(8);
      case 5:
        return this.boolean();
      case 6:
      case 14:
        return this.skip(this.vint());
      case 7:
      case 8:
      case 24:
      case 25:
        return Array.from({ length: this.count() }, () => this.generic());
      case 9:
      case 10:
        return this.mapEntries();
      case 11:
        return this.skip(1);
      case 16:
        return this.skip(2);
      case 26:
        return this.string();
      default:
        throw new Unreadable(`the user's metadata holds a value of type ${type}, which is not read`);
    }
  }

  private mapEntries(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const size = this.count();
    for (let i = 0; i < size; i++) {
      const key = this.version >= V_8_7_0 ? this.generic() : this.string();
      out[String(key)] = this.generic();
    }
    return out;
  }

  /** writeGenericMap: a generic value that is a map, or null. */
  genericMap(): void {
    const type = this.byte();
    if (type === 0xff) return;
    if (type !== 9 && type !== 10) throw new Unreadable(`the user's metadata is of type ${type}, not a map`);
    this.mapEntries();
  }
}

interface ReadUser {
  readonly internal: boolean;
  readonly username: string;
  readonly roles: readonly string[];
}

/** User.writeUser's fields, or an internal user's name alone; not the trailing inner-user flag. */
function readUser(reader: Reader): ReadUser {
  const internal = reader.boolean();
  const username = reader.string();
  if (internal) return { internal, username, roles: [] };
  const roles = reader.stringArray();
  reader.genericMap();
  reader.optionalString();
  reader.optionalString();
  reader.boolean();
  return { internal, username, roles };
}

/** The user a policy's steps run as, read from its `_xpack_security_authentication` header; never throws. */
export function decodeAuthentication(header: string): StepRunner {
  let user: ReadUser | undefined;
  try {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(header) || header.length % 4 !== 0) throw new Unreadable('it is not base64');
    const bytes = Buffer.from(header, 'base64');
    const version = new Reader(bytes, 0).vint();
    const reader = new Reader(bytes, version);
    reader.vint();
    user = readUser(reader);
    // An internal user (_xpack, _system…) has no roles to read: its privileges are built into Elasticsearch.
    if (user.internal) return { kind: 'unknown', username: user.username, why: `it is Elasticsearch's internal user [${user.username}], whose privileges are built in` };
    let runBy: ReadUser | undefined;
    if (reader.boolean()) {
      runBy = readUser(reader);
      if (reader.boolean()) throw new Unreadable('it has a third user');
    }
    reader.string();
    reader.string();
    const realmType = reader.string();
    if (!runBy && API_KEY_REALMS.has(realmType)) {
      return { kind: 'unknown', username: user.username, why: `it is an API key of user [${user.username}], whose privileges are the key's role descriptors, which the cluster's APIs do not show` };
    }
    if (!runBy && realmType === SERVICE_ACCOUNT_REALM) {
      return { kind: 'unknown', username: user.username, why: `it is the service account [${user.username}], whose privileges are built into Elasticsearch` };
    }
    return { kind: 'user', username: user.username, roles: user.roles, realmType, ...(runBy && { runBy: runBy.username }) };
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    return { kind: 'unknown', ...(user && { username: user.username }), why: `its ${AUTHENTICATION_HEADER} header could not be read: ${error.message}` };
  }
}

class Writer {
  private readonly bytes: number[] = [];

  boolean(value: boolean): this {
    this.bytes.push(value ? 1 : 0);
    return this;
  }

  vint(value: number): this {
    let i = value >>> 0;
    while ((i & ~0x7f) !== 0) {
      this.bytes.push((i & 0x7f) | 0x80);
      i >>>= 7;
    }
    this.bytes.push(i);
    return this;
  }

  string(value: string): this {
    this.vint(value.length);
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c <= 0x7f) this.bytes.push(c);
      else if (c > 0x7ff) this.bytes.push(0xe0 | ((c >> 12) & 0x0f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
      else this.bytes.push(0xc0 | ((c >> 6) & 0x1f), 0x80 | (c & 0x3f));
    }
    return this;
  }

  optionalString(value: string | null): this {
    return value === null ? this.boolean(false) : this.boolean(true).string(value);
  }

  base64(): string {
    return Buffer.from(this.bytes).toString('base64');
  }
}

export interface HeaderUser {
  readonly username: string;
  readonly roles: readonly string[];
  readonly fullName: string | null;
  readonly email: string | null;
  readonly enabled: boolean;
}

/**
 * A realm user's authentication as Elasticsearch 8.15 encodes it (Authentication.doEncode, no run-as, type REALM,
 * no metadata), for Tessera's own cluster state. The user's metadata is written empty: it is not the forecast's, and
 * may hold what a `monitor` holder should not read.
 */
export function encodeAuthentication(user: HeaderUser, realm: { readonly name: string; readonly type: string; readonly nodeName: string }): string {
  const out = new Writer().vint(TESSERA_TRANSPORT_VERSION);
  out.boolean(false).string(user.username).vint(user.roles.length);
  for (const role of user.roles) out.string(role);
  // writeGenericMap of an empty map (type 10, a plain map), then full name, email, enabled, and no inner user.
  out.vint(10).vint(0).optionalString(user.fullName).optionalString(user.email).boolean(user.enabled).boolean(false);
  out.string(realm.nodeName).string(realm.name).string(realm.type);
  if (TESSERA_TRANSPORT_VERSION >= V_8_2_0) out.boolean(false);
  // Not looked up by another realm; AuthenticationType.REALM (ordinal 0); writeMetadata: from 8.8.0 a vint count.
  out.boolean(false).vint(0).vint(0);
  return out.base64();
}
