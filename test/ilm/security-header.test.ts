/**
 * The `_xpack_security_authentication` header of an ILM policy, read and written as Elasticsearch's Java source lays
 * it out. Each byte string is built by hand from elastic/elasticsearch (x-pack/plugin/core/.../security/authc/
 * Authentication.java: encode/doEncode, doWriteTo, RealmRef.writeTo, AuthenticationSerializationHelper.writeUserTo;
 * .../security/user/User.java: writeUser; 7.x .../user/User.java: writeTo and writeUser (the same bytes: the user,
 * `true` and the user it ran as under run-as, then `false`), 7.x .../user/InternalUserSerializationHelper.java: writeTo;
 * server/.../common/io/stream/StreamOutput.java: writeVInt, writeString, writeStringArray, writeOptionalString,
 * writeBoolean, writeGenericValue's WRITERS), not from the encoder under test.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { decodeAuthentication, encodeAuthentication } from '../../src/ilm/import/security-header.js';

/** StreamOutput.writeString of an ASCII string: its char count as a vint, then a byte a char. */
const s = (text: string): number[] => [text.length, ...[...text].map((c) => c.charCodeAt(0))];
const b64 = (...parts: (number | number[])[]): string => Buffer.from(parts.flat()).toString('base64');

/** TransportVersions.V_8_15_0 = def(8_702_0_02), as writeVInt writes it: seven bits a byte, low first. */
const V_8_15_0 = [0xb2, 0x90, 0x93, 0x04];
/** Version.V_7_17_0 (id 7_17_00_99), as Version.writeVersion (a vint) writes it. */
const V_7_17_0 = [0xb3, 0xd0, 0xb5, 0x03];
const FALSE = 0;
const TRUE = 1;
/** writeGenericMap of an empty map: type 10 (a map not linked), size 0. */
const EMPTY_MAP = [10, 0];

/** User.writeUser: not internal, username, roles (writeStringArray), metadata, full name, email, enabled. */
function user(name: string, roles: string[], metadata: number[] = EMPTY_MAP): number[] {
  return [FALSE, ...s(name), roles.length, ...roles.flatMap(s), ...metadata, FALSE, TRUE, ...s(`${name}@example.com`), TRUE];
}

/** RealmRef.writeTo: node name, realm name, realm type, and from 8.2.0 the optional domain (absent). */
const realm = (name: string, type: string, from82 = true) => [...s('node-1'), ...s(name), ...s(type), ...(from82 ? [FALSE] : [])];

describe('the _xpack_security_authentication header', () => {
  it('names the user an 8.15 realm authentication carries, and its roles', () => {
    // doEncode: version; writeUserTo: writeUser then false (no inner user); realm; no lookup; REALM (0); no metadata.
    const header = b64(V_8_15_0, user('ilm_writer', ['logs_reader', 'monitoring']), FALSE, realm('native1', 'native'), FALSE, 0, 0);
    assert.deepEqual(decodeAuthentication(header), { kind: 'user', username: 'ilm_writer', roles: ['logs_reader', 'monitoring'], realmType: 'native' });
  });

  it("reads past the user's metadata, whose keys are generic values from 8.7.0 and plain strings in 7.17", () => {
    // {team: "ops", tags: ["a"]}: from 8.7.0 each key is writeGenericValue (type 0, then the string).
    const metadata8 = [10, 2, 0, ...s('team'), 0, ...s('ops'), 0, ...s('tags'), 7, 1, 0, ...s('a')];
    const header8 = b64(V_8_15_0, user('ops', ['ops_role'], metadata8), FALSE, realm('file1', 'file'), FALSE, 0, 0);
    assert.deepEqual(decodeAuthentication(header8), { kind: 'user', username: 'ops', roles: ['ops_role'], realmType: 'file' });
    // Before 8.7.0, writeMap(map, StreamOutput::writeGenericValue) writes each key with writeString; 7.17 has no domain.
    const metadata7 = [10, 2, ...s('team'), 0, ...s('ops'), ...s('tags'), 7, 1, 0, ...s('a')];
    const header7 = b64(V_7_17_0, user('ops', ['ops_role'], metadata7), FALSE, realm('file1', 'file', false), FALSE, 0, 10, 0);
    assert.deepEqual(decodeAuthentication(header7), { kind: 'user', username: 'ops', roles: ['ops_role'], realmType: 'file' });
  });

  it('reads a name with chars past ASCII as writeString writes them (two or three bytes a char)', () => {
    // "jürgen": ü (U+00FC) is 0xC3 0xBC; "€" (U+20AC) is 0xE2 0x82 0xAC; the count is of chars, not bytes.
    const name = [6, 0x6a, 0xc3, 0xbc, 0x72, 0x67, 0x65, 0x6e];
    const role = [1, 0xe2, 0x82, 0xac];
    const header = b64(V_8_15_0, FALSE, name, 1, role, EMPTY_MAP, FALSE, FALSE, TRUE, FALSE, realm('native1', 'native'), FALSE, 0, 0);
    assert.deepEqual(decodeAuthentication(header), { kind: 'user', username: 'jürgen', roles: ['€'], realmType: 'native' });
  });

  it('takes the user run as (the first written) and its roles, not the one who ran as it', () => {
    // doWriteTo under run-as: writeUser(outer), true, writeUser(inner), false; the lookup realm follows the realm.
    const header = b64(V_8_15_0, user('bob', ['logs_reader']), TRUE, user('admin', ['superuser']), FALSE, realm('native1', 'native'), TRUE, realm('native1', 'native'), 0, 0);
    assert.deepEqual(decodeAuthentication(header), { kind: 'user', username: 'bob', roles: ['logs_reader'], realmType: 'native', runBy: 'admin' });
  });

  it("says an API key's or a service account's privileges are out of reach rather than guess them", () => {
    // newApiKeyAuthentication: the owner with no role, realm _es_api_key, type API_KEY (1), the key's id in the metadata.
    const apiKey = b64(V_8_15_0, user('alice', []), FALSE, realm('_es_api_key', '_es_api_key'), FALSE, 1, 1, ...s('_security_api_key_id'), 0, ...s('k1'));
    assert.deepEqual(decodeAuthentication(apiKey), {
      kind: 'unknown',
      username: 'alice',
      why: "it is an API key of user [alice], whose privileges are the key's role descriptors, which the cluster's APIs do not show",
    });
    const service = b64(V_8_15_0, user('elastic/fleet-server', []), FALSE, realm('_service_account', '_service_account'), FALSE, 2, 0);
    assert.equal(decodeAuthentication(service).kind, 'unknown');
  });

  it("reports an internal user, whose privileges are built in, as unknown (7.x's InternalUserSerializationHelper)", () => {
    // writeTo of XPackUser: true, then its name alone; the realm follows with no user fields.
    const header = b64(V_7_17_0, TRUE, s('_xpack'), realm('__attach', '__attach', false), FALSE, 4, 10, 0);
    assert.deepEqual(decodeAuthentication(header), { kind: 'unknown', username: '_xpack', why: "it is Elasticsearch's internal user [_xpack], whose privileges are built in" });
  });

  it('reports what it cannot read as unknown, with why, and never throws', () => {
    const cut = b64(V_8_15_0, FALSE, s('carol'), 1, ...s('a'));
    assert.deepEqual(decodeAuthentication(cut), { kind: 'unknown', why: 'its _xpack_security_authentication header could not be read: it ends too soon' });
    // A GeoPoint (type 22) in the user's metadata is not read: the rest cannot be found past it.
    const geo = b64(V_8_15_0, user('dave', ['r'], [10, 1, 0, ...s('home'), 22, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), FALSE, realm('n', 'native'), FALSE, 0, 0);
    assert.deepEqual(decodeAuthentication(geo), { kind: 'unknown', why: "its _xpack_security_authentication header could not be read: the user's metadata holds a value of type 22, which is not read" });
    assert.equal(decodeAuthentication('not base64!').kind, 'unknown');
    // A length far past the bytes there are.
    assert.equal(decodeAuthentication(b64(V_8_15_0, FALSE, [0xff, 0xff, 0xff, 0xff, 0x0f])).kind, 'unknown');
    assert.equal(decodeAuthentication('').kind, 'unknown');
  });

  it('is written as Elasticsearch 8.15 writes a realm user it authenticated', () => {
    const written = encodeAuthentication({ username: 'ilm_writer', roles: ['logs_reader'], fullName: null, email: 'ilm_writer@example.com', enabled: true }, { name: 'native1', type: 'native', nodeName: 'node-1' });
    assert.equal(written, b64(V_8_15_0, user('ilm_writer', ['logs_reader']), FALSE, realm('native1', 'native'), FALSE, 0, 0));
  });
});
