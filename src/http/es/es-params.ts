/**
 * @module The URL parameters each ES route honours. Elasticsearch's BaseRestHandler refuses any parameter its handler
 * did not read; Tessera does the same, so a parameter it does not implement is refused rather than silently ignored.
 * A route missing here fails at start-up, as one missing from ROUTE_ACTIONS does.
 */

/**
 * Parameters read on every route (AbstractRestChannel and RestController read them before any handler), plus the
 * ones that are true of any request on one node and are checked here rather than by each handler.
 */
export const GLOBAL_PARAMS: readonly string[] = ['pretty', 'human', 'error_trace', 'filter_path', 'format'];

/** Acknowledged cluster-state updates: one node is the master and the only node to acknowledge, so both waits end at once. */
const ACKED = ['master_timeout', 'timeout'];
/** Reads of the cluster state: the state is always the local master's. */
const MASTER_READ = ['master_timeout', 'local'];
/**
 * AbstractCatAction's response parameters, which every cat API takes (the table machinery reads them all; `size`
 * scales count cells no Tessera table has), and `help`.
 */
const CAT = ['help', 'h', 'v', 's', 'ts', 'pri', 'bytes', 'size', 'time'];
/** IndicesOptions.fromRequest's parameters, for the routes that resolve expressions with them (indices-options.ts). */
const INDICES_OPTIONS = ['expand_wildcards', 'ignore_unavailable', 'allow_no_indices'];
const WRITE_CONDITIONS = ['version', 'version_type', 'if_seq_no', 'if_primary_term'];
/** Every write's shard-level options: routing, and the wait for active copies (met at once, or failed after the timeout). */
const WRITE_SHARDS = ['refresh', 'routing', 'timeout', 'wait_for_active_shards'];
/** What index and create read besides: pipelines (none exists) and the alias or data stream the target must be. */
const INDEXING = ['op_type', 'pipeline', 'require_alias', 'require_data_stream', ...WRITE_SHARDS, ...WRITE_CONDITIONS];
/** Source filtering of reads. */
const SOURCE = ['_source', '_source_includes', '_source_excludes'];
/** What reads of documents take: one node answering from what is committed meets realtime, refresh and preference; stored_fields and fields are refused with their messages. */
const DOC_READ = ['routing', 'preference', 'realtime', 'refresh', 'stored_fields', 'fields', ...SOURCE];
const BULK = ['routing', 'pipeline', 'require_alias', 'require_data_stream', 'list_executed_pipelines', 'timeout', 'wait_for_active_shards', 'refresh', ...SOURCE];

export const ROUTE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  'GET /': [],
  'HEAD /': [],
  'GET /_cluster/health': ['wait_for_status', 'timeout', 'master_timeout', 'local', 'wait_for_no_relocating_shards', 'wait_for_no_initializing_shards'],
  'GET /_cluster/health/:index': ['wait_for_status', 'timeout', 'master_timeout', 'local', 'wait_for_no_relocating_shards', 'wait_for_no_initializing_shards'],
  'GET /_cluster/settings': ['flat_settings', 'include_defaults', ...MASTER_READ],
  'PUT /_cluster/settings': ['flat_settings', ...ACKED],
  'GET /_cluster/allocation/explain': [],
  'POST /_cluster/allocation/explain': [],
  'GET /_nodes/stats': [],
  'GET /_nodes/stats/:metric': [],
  'GET /_nodes/:nodeId/stats': [],
  'GET /_nodes/:nodeId/stats/:metric': [],
  // One node answers at once, so a timeout never runs out.
  'GET /_nodes': ['flat_settings', 'timeout'],
  'GET /_nodes/:nodeId': ['flat_settings', 'timeout'],
  'GET /_nodes/:nodeId/:metrics': ['flat_settings', 'timeout'],
  'GET /_nodes/:nodeId/info/:metrics': ['flat_settings', 'timeout'],
  'GET /_cluster/state': ['flat_settings', ...MASTER_READ],
  'GET /_cluster/state/:metric': ['flat_settings', ...MASTER_READ],
  'GET /_cluster/state/:metric/:index': ['flat_settings', ...MASTER_READ],
  'GET /_cluster/stats': ['timeout'],
  'GET /_license': ['accept_enterprise', 'local'],
  'GET /_license/basic_status': [],
  'GET /_license/trial_status': [],
  'GET /_xpack': ['categories', 'accept_enterprise'],
  'GET /_capabilities': ['method', 'path', 'parameters', 'capabilities', 'local_only', 'timeout'],
  'GET /_cat': [],
  'GET /_cat/indices': [...CAT, 'health', 'master_timeout'],
  'GET /_cat/indices/:index': [...CAT, 'health', 'master_timeout'],
  'GET /_cat/aliases': [...CAT, 'local'],
  'GET /_cat/aliases/:name': [...CAT, 'local'],
  'GET /_cat/allocation': [...CAT, ...MASTER_READ],
  'GET /_cat/health': CAT,
  'GET /_cat/count': [...CAT, 'q'],
  'GET /_cat/count/:index': [...CAT, 'q'],
  'GET /_cat/shards': [...CAT, 'master_timeout'],
  'GET /_cat/shards/:index': [...CAT, 'master_timeout'],
  'GET /_cat/nodes': [...CAT, 'full_id', 'master_timeout'],
  'GET /_cat/templates': [...CAT, ...MASTER_READ],
  'GET /_cat/templates/:name': [...CAT, ...MASTER_READ],
  'GET /_cat/plugins': [...CAT, ...MASTER_READ],
  'PUT /:index': ACKED,
  'GET /:index': ['ignore_unavailable', 'flat_settings', ...MASTER_READ],
  'HEAD /:index': ['ignore_unavailable', 'flat_settings', ...MASTER_READ],
  'DELETE /:index': ['ignore_unavailable', 'allow_no_indices', ...ACKED],
  'GET /_settings': ['ignore_unavailable', 'flat_settings', ...MASTER_READ],
  'GET /:index/_settings': ['ignore_unavailable', 'flat_settings', ...MASTER_READ],
  'GET /:index/_settings/:name': ['ignore_unavailable', 'flat_settings', ...MASTER_READ],
  'PUT /_settings': ACKED,
  'PUT /:index/_settings': ACKED,
  // wait_for_active_shards is not read: refused rather than accepted and not waited for.
  'POST /:index/_close': [...INDICES_OPTIONS, ...ACKED],
  'POST /:index/_open': [...INDICES_OPTIONS, ...ACKED],
  'PUT /:index/_block/:block': [...INDICES_OPTIONS, ...ACKED],
  'POST /_aliases': ACKED,
  'PUT /:index/_alias/:name': ACKED,
  'POST /:index/_alias/:name': ACKED,
  'DELETE /:index/_alias/:name': ACKED,
  'PUT /:index/_aliases/:name': ACKED,
  'POST /:index/_aliases/:name': ACKED,
  'DELETE /:index/_aliases/:name': ACKED,
  'GET /_alias': ['local'],
  'GET /_alias/:name': ['local'],
  'GET /:index/_alias': ['local'],
  'GET /:index/_alias/:name': ['local'],
  'PUT /_index_template/:name': ['create', 'master_timeout'],
  'POST /_index_template/:name': ['create', 'master_timeout'],
  'GET /_index_template': ['flat_settings', ...MASTER_READ],
  'GET /_index_template/:name': ['flat_settings', ...MASTER_READ],
  'DELETE /_index_template/:name': ACKED,
  'POST /:alias/_rollover': ['dry_run', ...ACKED],
  'POST /:alias/_rollover/:newIndex': ['dry_run', ...ACKED],
  'PUT /_ilm/policy/:name': ACKED,
  'GET /_ilm/policy': ACKED,
  'GET /_ilm/policy/:name': ACKED,
  'DELETE /_ilm/policy/:name': ACKED,
  'GET /:index/_ilm/explain': ['only_managed', 'only_errors', 'master_timeout'],
  'POST /:index/_ilm/retry': ACKED,
  'POST /:index/_ilm/remove': [],
  'POST /_ilm/move/:index': ACKED,
  'POST /_ilm/start': ACKED,
  'POST /_ilm/stop': ACKED,
  'GET /_ilm/status': ACKED,
  'POST /:index/_doc': INDEXING,
  'PUT /:index/_doc/:id': INDEXING,
  'POST /:index/_doc/:id': INDEXING,
  'PUT /:index/_create/:id': INDEXING,
  'POST /:index/_create/:id': INDEXING,
  'POST /:index/_update/:id': ['doc_as_upsert', 'retry_on_conflict', 'require_alias', ...SOURCE, ...WRITE_SHARDS, ...WRITE_CONDITIONS],
  'GET /:index/_doc/:id': ['version', 'version_type', ...DOC_READ],
  'DELETE /:index/_doc/:id': [...WRITE_SHARDS, ...WRITE_CONDITIONS],
  'GET /_mget': DOC_READ,
  'POST /_mget': DOC_READ,
  'GET /:index/_mget': DOC_READ,
  'POST /:index/_mget': DOC_READ,
  'POST /_bulk': BULK,
  'PUT /_bulk': BULK,
  'POST /:index/_bulk': BULK,
  'PUT /:index/_bulk': BULK,
  // _count refuses min_score and terminate_after itself, with a message saying why.
  'GET /_count': ['q', 'min_score', 'terminate_after', ...INDICES_OPTIONS],
  'POST /_count': ['q', 'min_score', 'terminate_after', ...INDICES_OPTIONS],
  'GET /:index/_count': ['q', 'min_score', 'terminate_after', ...INDICES_OPTIONS],
  'POST /:index/_count': ['q', 'min_score', 'terminate_after', ...INDICES_OPTIONS],
  'GET /_refresh': [],
  'POST /_refresh': [],
  'GET /:index/_refresh': [],
  'POST /:index/_refresh': [],
  'GET /_stats': [],
  'GET /:index/_stats': [],
  'PUT /_snapshot/:repo': ACKED,
  'POST /_snapshot/:repo': ACKED,
  'GET /_snapshot': MASTER_READ,
  'GET /_snapshot/:repo': MASTER_READ,
  'DELETE /_snapshot/:repo': ACKED,
  'GET /_snapshot/:repo/_all': ['master_timeout'],
  'GET /_security/_authenticate': [],
  // Security writes are visible to the next request, so every refresh policy is met.
  'PUT /_security/user/:name': ['refresh'],
  'POST /_security/user/:name': ['refresh'],
  'GET /_security/user': [],
  'GET /_security/user/:name': [],
  'DELETE /_security/user/:name': ['refresh'],
  'PUT /_security/user/:name/_password': ['refresh'],
  'POST /_security/user/:name/_password': ['refresh'],
  'PUT /_security/role/:name': ['refresh'],
  'POST /_security/role/:name': ['refresh'],
  'GET /_security/role': [],
  'GET /_security/role/:name': [],
  'DELETE /_security/role/:name': ['refresh'],
  'POST /_security/api_key': ['refresh'],
  'PUT /_security/api_key': ['refresh'],
  'GET /_security/api_key': ['id', 'name', 'owner', 'username', 'realm_name'],
  'DELETE /_security/api_key': [],
  'GET /_tessera/clock': [],
  'POST /_tessera/clock/_advance': [],
  'GET /_tessera/ilm/lint': [],
  'POST /_tessera/ilm/lint': [],
  'POST /_tessera/ilm/simulate': [],
  'GET /_tessera/ilm/timeline/:index': ['horizon', 'docs_per_day', 'doc_size'],
  'GET /_tessera/instance': [],
};

/**
 * The routes whose handlers read a request body. ES refuses a body on any other route
 * (`request [GET /_cluster/health] does not support having a body`) rather than ignore it.
 */
export const TAKES_BODY: ReadonlySet<string> = new Set([
  'GET /_cluster/allocation/explain',
  'POST /_cluster/allocation/explain',
  'PUT /_cluster/settings',
  'PUT /:index',
  'PUT /_settings',
  'PUT /:index/_settings',
  'POST /_aliases',
  'PUT /:index/_alias/:name',
  'POST /:index/_alias/:name',
  'PUT /:index/_aliases/:name',
  'POST /:index/_aliases/:name',
  'PUT /_index_template/:name',
  'POST /_index_template/:name',
  'POST /:alias/_rollover',
  'POST /:alias/_rollover/:newIndex',
  'PUT /_ilm/policy/:name',
  'POST /_ilm/move/:index',
  'POST /:index/_doc',
  'PUT /:index/_doc/:id',
  'POST /:index/_doc/:id',
  'PUT /:index/_create/:id',
  'POST /:index/_create/:id',
  'POST /:index/_update/:id',
  'GET /_mget',
  'POST /_mget',
  'GET /:index/_mget',
  'POST /:index/_mget',
  'POST /_bulk',
  'PUT /_bulk',
  'POST /:index/_bulk',
  'PUT /:index/_bulk',
  'GET /_count',
  'POST /_count',
  'GET /:index/_count',
  'POST /:index/_count',
  'PUT /_snapshot/:repo',
  'POST /_snapshot/:repo',
  'PUT /_security/user/:name',
  'POST /_security/user/:name',
  'PUT /_security/user/:name/_password',
  'POST /_security/user/:name/_password',
  'PUT /_security/role/:name',
  'POST /_security/role/:name',
  'POST /_security/api_key',
  'PUT /_security/api_key',
  'DELETE /_security/api_key',
  'POST /_tessera/clock/_advance',
  'POST /_tessera/ilm/lint',
  'POST /_tessera/ilm/simulate',
]);
