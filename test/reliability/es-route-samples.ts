/**
 * @module One concrete, valid request for every ES route (keyed `METHOD /url`, as test/helpers/es-routes.ts lists them), for the bad-input fuzzing
 * to add junk to: unknown URL parameters, malformed values of honoured ones, bodies where none is read. Each sample
 * targets the fuzzing's seeded fixtures (fz-plain, fz-docs, fz-logs…) where an accepted write would show as a state
 * change, a scratch name (fz-any-*) with its undo where it would create something, and a name that does not exist
 * where it would destroy something (so an accepted case answers 404, not the refusal, and the answer shows it).
 */

export interface RouteSample {
  readonly path: string;
  /** A valid body for the routes that read one (JSON, or NDJSON text for _bulk). */
  readonly body?: unknown;
  readonly ndjson?: boolean;
  /** How to undo the sample if it is accepted. */
  readonly undo?: readonly { method: string; path: string; body?: unknown }[];
}

/** The index the params batch creates for the routes that close, open or block: its state is checked after the batch. */
export const PARAMS_SCRATCH = 'fz-any-params';

/** The fuzzed server runs without security, and so without the security routes: their samples are not sent. */
export const withoutSecurity = (route: string) => !route.includes(' /_security/');

const remove = (path: string) => [{ method: 'DELETE', path }];
const POLICY = { policy: { phases: { delete: { min_age: '400d', actions: { delete: {} } } } } };
const NOT_MET = { conditions: { max_docs: 1_000_000 } };

export const ROUTE_SAMPLES: Readonly<Record<string, RouteSample>> = {
  'GET /': { path: '/' },
  'HEAD /': { path: '/' },
  'GET /_cluster/health': { path: '/_cluster/health' },
  'GET /_cluster/health/:index': { path: '/_cluster/health/fz-plain' },
  'GET /_cluster/settings': { path: '/_cluster/settings' },
  'PUT /_cluster/settings': {
    path: '/_cluster/settings',
    body: { transient: { 'indices.lifecycle.rollover.only_if_has_documents': false } },
    undo: [{ method: 'PUT', path: '/_cluster/settings', body: { transient: { 'indices.lifecycle.rollover.only_if_has_documents': null } } }],
  },
  'GET /_cluster/allocation/explain': { path: '/_cluster/allocation/explain' },
  'POST /_cluster/allocation/explain': { path: '/_cluster/allocation/explain', body: { index: 'fz-plain', shard: 0, primary: true } },
  'GET /_cluster/state': { path: '/_cluster/state' },
  'GET /_cluster/state/:metric': { path: '/_cluster/state/metadata' },
  'GET /_cluster/state/:metric/:index': { path: '/_cluster/state/metadata/fz-plain' },
  'GET /_cluster/stats': { path: '/_cluster/stats' },
  'GET /_nodes': { path: '/_nodes' },
  'GET /_nodes/:nodeId': { path: '/_nodes/_local' },
  'GET /_nodes/:nodeId/:metrics': { path: '/_nodes/_local/os' },
  'GET /_nodes/:nodeId/info/:metrics': { path: '/_nodes/_local/info/os' },
  'GET /_nodes/:nodeId/stats': { path: '/_nodes/_local/stats' },
  'GET /_nodes/:nodeId/stats/:metric': { path: '/_nodes/_local/stats/fs' },
  'GET /_license': { path: '/_license' },
  'GET /_license/basic_status': { path: '/_license/basic_status' },
  'GET /_license/trial_status': { path: '/_license/trial_status' },
  'GET /_xpack': { path: '/_xpack' },
  'GET /_capabilities': { path: '/_capabilities' },
  'GET /_nodes/stats': { path: '/_nodes/stats' },
  'GET /_nodes/stats/:metric': { path: '/_nodes/stats/fs' },
  'GET /_cat': { path: '/_cat' },
  'GET /_cat/indices': { path: '/_cat/indices' },
  'GET /_cat/indices/:index': { path: '/_cat/indices/fz-plain' },
  'GET /_cat/aliases': { path: '/_cat/aliases' },
  'GET /_cat/aliases/:name': { path: '/_cat/aliases/fz-read' },
  'GET /_cat/allocation': { path: '/_cat/allocation' },
  'GET /_cat/health': { path: '/_cat/health' },
  'GET /_cat/count': { path: '/_cat/count' },
  'GET /_cat/count/:index': { path: '/_cat/count/fz-docs' },
  'GET /_cat/shards': { path: '/_cat/shards' },
  'GET /_cat/shards/:index': { path: '/_cat/shards/fz-docs' },
  'GET /_cat/nodes': { path: '/_cat/nodes' },
  'GET /_cat/templates': { path: '/_cat/templates' },
  'GET /_cat/templates/:name': { path: '/_cat/templates/fz-template' },
  'GET /_cat/plugins': { path: '/_cat/plugins' },
  'PUT /:index': { path: '/fz-any-pu', body: { settings: { number_of_replicas: 0 } }, undo: remove('/fz-any-pu') },
  'GET /:index': { path: '/fz-plain' },
  'HEAD /:index': { path: '/fz-plain' },
  'DELETE /:index': { path: '/fz-any-none' },
  'GET /_settings': { path: '/_settings' },
  'GET /:index/_settings': { path: '/fz-plain/_settings' },
  'GET /:index/_settings/:name': { path: '/fz-plain/_settings/index.number_of_replicas' },
  'PUT /_settings': { path: '/_settings', body: { index: { priority: 7 } } },
  'PUT /:index/_settings': { path: '/fz-plain/_settings', body: { index: { priority: 7 } } },
  'POST /:index/_close': { path: `/${PARAMS_SCRATCH}/_close` },
  'POST /:index/_open': { path: `/${PARAMS_SCRATCH}/_open` },
  'PUT /:index/_block/:block': { path: `/${PARAMS_SCRATCH}/_block/write` },
  'POST /_aliases': {
    path: '/_aliases',
    body: { actions: [{ add: { index: 'fz-plain', alias: 'fz-any-pa' } }] },
    undo: [{ method: 'POST', path: '/_aliases', body: { actions: [{ remove: { index: 'fz-plain', alias: 'fz-any-pa' } }] } }],
  },
  'PUT /:index/_alias/:name': { path: '/fz-plain/_alias/fz-any-pa', body: {}, undo: remove('/fz-plain/_alias/fz-any-pa') },
  'POST /:index/_alias/:name': { path: '/fz-plain/_alias/fz-any-pa', body: {}, undo: remove('/fz-plain/_alias/fz-any-pa') },
  'DELETE /:index/_alias/:name': { path: '/fz-plain/_alias/fz-any-none' },
  'PUT /:index/_aliases/:name': { path: '/fz-plain/_aliases/fz-any-pa', body: {}, undo: remove('/fz-plain/_alias/fz-any-pa') },
  'POST /:index/_aliases/:name': { path: '/fz-plain/_aliases/fz-any-pa', body: {}, undo: remove('/fz-plain/_alias/fz-any-pa') },
  'DELETE /:index/_aliases/:name': { path: '/fz-plain/_aliases/fz-any-none' },
  'GET /_alias': { path: '/_alias' },
  'GET /_alias/:name': { path: '/_alias/fz-read' },
  'HEAD /_alias/:name': { path: '/_alias/fz-read' },
  'GET /:index/_alias': { path: '/fz-plain/_alias' },
  'GET /:index/_alias/:name': { path: '/fz-plain/_alias/fz-read' },
  'HEAD /:index/_alias/:name': { path: '/fz-plain/_alias/fz-read' },
  'PUT /_index_template/:name': { path: '/_index_template/fz-any-pt', body: { index_patterns: ['fz-any-pt-*'] }, undo: remove('/_index_template/fz-any-pt') },
  'POST /_index_template/:name': { path: '/_index_template/fz-any-pt', body: { index_patterns: ['fz-any-pt-*'] }, undo: remove('/_index_template/fz-any-pt') },
  'GET /_index_template': { path: '/_index_template' },
  'GET /_index_template/:name': { path: '/_index_template/fz-template' },
  'HEAD /_index_template/:name': { path: '/_index_template/fz-template' },
  'DELETE /_index_template/:name': { path: '/_index_template/fz-any-none' },
  // Conditions that are never met: an accepted case answers rolled_over false.
  'POST /:alias/_rollover': { path: '/fz-logs/_rollover', body: NOT_MET },
  'POST /:alias/_rollover/:newIndex': { path: '/fz-logs/_rollover/fz-any-ro', body: NOT_MET },
  'PUT /_ilm/policy/:name': { path: '/_ilm/policy/fz-any-pp', body: POLICY, undo: remove('/_ilm/policy/fz-any-pp') },
  'GET /_ilm/policy': { path: '/_ilm/policy' },
  'GET /_ilm/policy/:name': { path: '/_ilm/policy/fz-policy' },
  'DELETE /_ilm/policy/:name': { path: '/_ilm/policy/fz-any-none' },
  'GET /:index/_ilm/explain': { path: '/fz-logs-000001/_ilm/explain' },
  // Not in ERROR: an accepted retry is refused for that instead.
  'POST /:index/_ilm/retry': { path: '/fz-logs-000001/_ilm/retry' },
  // An index without a policy: an accepted removal changes nothing.
  'POST /:index/_ilm/remove': { path: '/fz-plain/_ilm/remove' },
  'POST /_ilm/move/:index': {
    path: '/_ilm/move/fz-logs-000001',
    body: { current_step: { phase: 'warm', action: 'shrink', name: 'nope' }, next_step: { phase: 'delete', action: 'delete', name: 'delete' } },
  },
  'POST /_ilm/start': { path: '/_ilm/start' },
  'POST /_ilm/stop': { path: '/_ilm/stop', undo: [{ method: 'POST', path: '/_ilm/start' }] },
  'GET /_ilm/status': { path: '/_ilm/status' },
  'POST /:index/_doc': { path: '/fz-docs/_doc', body: { fz: 'an accepted write' } },
  'PUT /:index/_doc/:id': { path: '/fz-docs/_doc/fz-any-pd', body: { fz: 1 }, undo: remove('/fz-docs/_doc/fz-any-pd') },
  'POST /:index/_doc/:id': { path: '/fz-docs/_doc/fz-any-pd', body: { fz: 1 }, undo: remove('/fz-docs/_doc/fz-any-pd') },
  'PUT /:index/_create/:id': { path: '/fz-docs/_create/fz-any-pd', body: { fz: 1 }, undo: remove('/fz-docs/_doc/fz-any-pd') },
  'POST /:index/_create/:id': { path: '/fz-docs/_create/fz-any-pd', body: { fz: 1 }, undo: remove('/fz-docs/_doc/fz-any-pd') },
  // The seeded document, grown: an accepted update shows in the store size.
  'POST /:index/_update/:id': { path: '/fz-docs/_update/1', body: { doc: { fz: 'an accepted update' } } },
  'GET /:index/_doc/:id': { path: '/fz-docs/_doc/1' },
  'GET /_mget': { path: '/_mget', body: { docs: [{ _index: 'fz-docs', _id: '1' }] } },
  'POST /_mget': { path: '/_mget', body: { docs: [{ _index: 'fz-docs', _id: '1' }, { _index: 'fz-plain', _id: 'x' }] } },
  'GET /:index/_mget': { path: '/fz-docs/_mget', body: { ids: ['1', '2'] } },
  'POST /:index/_mget': { path: '/fz-docs/_mget', body: { ids: ['1', 'fz-missing'] } },
  'DELETE /:index/_doc/:id': { path: '/fz-docs/_doc/fz-any-none' },
  'POST /_bulk': { path: '/_bulk', ndjson: true, body: '{"index":{"_index":"fz-docs","_id":"fz-any-pb"}}\n{"a":1}\n', undo: remove('/fz-docs/_doc/fz-any-pb') },
  'PUT /_bulk': { path: '/_bulk', ndjson: true, body: '{"index":{"_index":"fz-docs","_id":"fz-any-pb"}}\n{"a":1}\n', undo: remove('/fz-docs/_doc/fz-any-pb') },
  'POST /:index/_bulk': { path: '/fz-docs/_bulk', ndjson: true, body: '{"index":{"_id":"fz-any-pb"}}\n{"a":1}\n', undo: remove('/fz-docs/_doc/fz-any-pb') },
  'PUT /:index/_bulk': { path: '/fz-docs/_bulk', ndjson: true, body: '{"index":{"_id":"fz-any-pb"}}\n{"a":1}\n', undo: remove('/fz-docs/_doc/fz-any-pb') },
  'GET /_count': { path: '/_count' },
  'POST /_count': { path: '/_count', body: { query: { match_all: {} } } },
  'GET /:index/_count': { path: '/fz-docs/_count' },
  'POST /:index/_count': { path: '/fz-docs/_count', body: { query: { match_all: {} } } },
  'GET /_refresh': { path: '/_refresh' },
  'POST /_refresh': { path: '/_refresh' },
  'GET /:index/_refresh': { path: '/fz-docs/_refresh' },
  'POST /:index/_refresh': { path: '/fz-docs/_refresh' },
  'GET /_stats': { path: '/_stats' },
  'GET /:index/_stats': { path: '/fz-docs/_stats' },
  'PUT /_snapshot/:repo': { path: '/_snapshot/fz-any-repo', body: { type: 'fs', settings: { location: 'fz' } }, undo: remove('/_snapshot/fz-any-repo') },
  'POST /_snapshot/:repo': { path: '/_snapshot/fz-any-repo', body: { type: 'fs', settings: { location: 'fz' } }, undo: remove('/_snapshot/fz-any-repo') },
  'GET /_snapshot': { path: '/_snapshot' },
  'GET /_snapshot/:repo': { path: '/_snapshot/fz-any-none' },
  'DELETE /_snapshot/:repo': { path: '/_snapshot/fz-any-none' },
  'GET /_snapshot/:repo/_all': { path: '/_snapshot/fz-any-none/_all' },
  'GET /_security/_authenticate': { path: '/_security/_authenticate' },
  'PUT /_security/user/:name': { path: '/_security/user/fz-any-user', body: { password: 'fz-password-1', roles: [] }, undo: remove('/_security/user/fz-any-user') },
  'POST /_security/user/:name': { path: '/_security/user/fz-any-user', body: { password: 'fz-password-1', roles: [] }, undo: remove('/_security/user/fz-any-user') },
  'GET /_security/user': { path: '/_security/user' },
  'GET /_security/user/:name': { path: '/_security/user/fz-any-none' },
  'DELETE /_security/user/:name': { path: '/_security/user/fz-any-none' },
  'PUT /_security/user/:name/_password': { path: '/_security/user/fz-any-none/_password', body: { password: 'fz-password-2' } },
  'POST /_security/user/:name/_password': { path: '/_security/user/fz-any-none/_password', body: { password: 'fz-password-2' } },
  'PUT /_security/role/:name': { path: '/_security/role/fz-any-role', body: { cluster: [] }, undo: remove('/_security/role/fz-any-role') },
  'POST /_security/role/:name': { path: '/_security/role/fz-any-role', body: { cluster: [] }, undo: remove('/_security/role/fz-any-role') },
  'GET /_security/role': { path: '/_security/role' },
  'GET /_security/role/:name': { path: '/_security/role/fz-any-none' },
  'DELETE /_security/role/:name': { path: '/_security/role/fz-any-none' },
  'POST /_security/api_key': { path: '/_security/api_key', body: { name: 'fz-any-key' } },
  'PUT /_security/api_key': { path: '/_security/api_key', body: { name: 'fz-any-key' } },
  'GET /_security/api_key': { path: '/_security/api_key' },
  'DELETE /_security/api_key': { path: '/_security/api_key', body: { ids: ['fz-any-none'] } },
  'GET /_tessera/clock': { path: '/_tessera/clock' },
  // A zero advance: an accepted one moves nothing.
  'POST /_tessera/clock/_advance': { path: '/_tessera/clock/_advance', body: { by: '0s' } },
  'GET /_tessera/ilm/lint': { path: '/_tessera/ilm/lint' },
  'POST /_tessera/ilm/lint': { path: '/_tessera/ilm/lint', body: { policy: POLICY.policy } },
  'POST /_tessera/ilm/simulate': { path: '/_tessera/ilm/simulate', body: { policy: POLICY.policy, horizon: '1d' } },
  'GET /_tessera/ilm/timeline/:index': { path: '/_tessera/ilm/timeline/fz-logs-000001' },
  'GET /_tessera/instance': { path: '/_tessera/instance' },
};
