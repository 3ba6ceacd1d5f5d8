/**
 * `tessera ilm forecast` on test/fixtures/diagnostics/es-8.15-security, a bundle of an Elasticsearch 8.15 cluster with
 * security on: each policy's `_xpack_security_authentication` header in cluster_state.json names the user its steps
 * run as, with that user's roles; commercial/security_roles.json (GET /_security/role) holds the native roles.
 *
 * The bundle has no nodes_stats.json, so the forecast starts at the latest time it records: logs-000001's creation,
 * 2026-03-10T00:00Z; ILM polls every 10 minutes from there.
 *
 * - policy [audit] (delete at 7d), last modified by user [auditor] with roles [audit_keeper] (read,
 *   view_index_metadata and monitor on audit-*): audit-2026.03, created 2026-03-08T00:00Z, is 7 days old at
 *   2026-03-15T00:00Z, a poll, which moves it into the delete phase; the next poll (00:10) passes
 *   wait-for-shard-history-leases (monitor is enough) and the delete step is refused: row 9.
 * - policy [logs] (rollover at 1d), last modified by [elastic] with roles [superuser], a reserved role the roles file
 *   leaves out: its steps are allowed, and logs-000001 (no documents) waits for a document to roll over.
 * - policy [shipping], last modified with an API key of [shipper]: the key's privileges are not in any answer, so
 *   its steps are not checked, and the report says so.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runTessera } from '../helpers/bin.js';

const FIXTURE = new URL('../fixtures/diagnostics/es-8.15-security/', import.meta.url).pathname;
const ROLES = 'commercial/security_roles.json';

const DENIED =
  'action [indices:admin/delete] is unauthorized for user [auditor] with roles [audit_keeper] on indices [audit-2026.03], this action is granted by the index privileges [delete_index,manage,all]';
const API_KEY_NOTE =
  "policy [shipping]: the user its steps run as is not known: it is an API key of user [shipper], whose privileges are the key's role descriptors, which the cluster's APIs do not show; its steps are not checked for privileges (row 9)";

type Report = { targets: { name: string; forecast: Record<string, unknown>[]; lint: Record<string, unknown>[] }[]; not_seen: string[] };

describe('tessera ilm forecast: row 9, steps run as the user a policy was last modified by', () => {
  let dir: string;
  const forecast = async (bundle: string, code: number): Promise<Report> => {
    const run = await runTessera(['ilm', 'forecast', '--diagnostics', bundle, '--json']);
    assert.equal(run.code, code, run.stderr);
    return JSON.parse(run.stdout) as Report;
  };
  const variant = (name: string, change: (bundle: string) => void): string => {
    const bundle = join(dir, name);
    cpSync(FIXTURE, bundle, { recursive: true });
    change(bundle);
    return bundle;
  };
  const securityLines = (report: Report) => report.not_seen.filter((line) => line.includes('security') || line.startsWith('policy ['));

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-forecast-security-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("forecasts the step the user's roles do not allow, at its time, with ES's security_exception and the remedy", async () => {
    const report = await forecast(FIXTURE, 1);
    assert.deepEqual(
      report.targets.map((t) => t.name),
      ['audit-2026.03'],
    );
    const [audit] = report.targets;
    assert.deepEqual(audit!.forecast, [
      {
        outcome: 'error',
        index: 'audit-2026.03',
        time: '2026-03-15T00:10:00.000Z',
        time_millis: Date.parse('2026-03-15T00:10:00.000Z'),
        elapsed: '5d',
        phase: 'delete',
        action: 'delete',
        step: 'delete',
        type: 'security_exception',
        message: DENIED,
        row: 9,
        remedy:
          'Grant one of the index privileges [delete_index,manage,all] on [audit-2026.03] to one of the roles [audit_keeper], or PUT the policy as a user whose roles grant it: its steps run with the roles user [auditor] held when it last PUT the policy.',
      },
    ]);
    assert.deepEqual(audit!.lint, []);
    assert.deepEqual(securityLines(report), [API_KEY_NOTE]);
  });

  it('without the roles, or with a role it cannot see, runs the steps unchecked and says what is not seen', async () => {
    const noRoles = await forecast(variant('no-roles', (b) => unlinkSync(join(b, ROLES))), 0);
    assert.deepEqual(noRoles.targets, []);
    assert.deepEqual(securityLines(noRoles), [
      "commercial/security_roles.json (GET /_security/role): the roles of the users the policies' steps run as: their steps are not checked for privileges, so none is forecast to fail for want of one (row 9)",
      API_KEY_NOTE,
    ]);
    // A role of roles.yml is in no API's answer: the policy's steps are not judged by the roles that are seen.
    const fileRole = variant('file-role', (b) => writeFileSync(join(b, ROLES), JSON.stringify({ other: { cluster: [], indices: [], applications: [], run_as: [], metadata: {} } })));
    const unknown = await forecast(fileRole, 0);
    assert.deepEqual(unknown.targets, []);
    assert.deepEqual(securityLines(unknown), [
      'policy [audit]: its steps run as user [auditor], whose roles [audit_keeper] are not in commercial/security_roles.json (roles of a roles.yml file, which no API shows, or since deleted): its steps are not checked for privileges (row 9)',
      API_KEY_NOTE,
    ]);
  });

  it('a header that cannot be read is said to be so, and the rest of the bundle is forecast', async () => {
    const bundle = variant('bad-header', (b) => {
      const file = join(b, 'cluster_state.json');
      const state = JSON.parse(readFileSync(file, 'utf8'));
      state.metadata.index_lifecycle.policies.audit.headers._xpack_security_authentication = 'AAEC';
      writeFileSync(file, JSON.stringify(state));
    });
    const report = await forecast(bundle, 0);
    assert.deepEqual(report.targets, []);
    assert.deepEqual(securityLines(report), [
      'policy [audit]: the user its steps run as is not known: its _xpack_security_authentication header could not be read: a length runs past its end; its steps are not checked for privileges (row 9)',
      API_KEY_NOTE,
    ]);
  });
});
