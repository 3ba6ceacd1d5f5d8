/**
 * @module The URL parameters that every ES route honours, and the groups of them that many routes share. Each route
 * lists the ones it honours where it is registered (esRoute); Elasticsearch's BaseRestHandler refuses any parameter
 * its handler did not read, and Tessera does the same, so a parameter it does not implement is refused rather than
 * silently ignored.
 */

/**
 * Parameters read on every route (AbstractRestChannel and RestController read them before any handler), plus the
 * ones that are true of any request on one node and are checked here rather than by each handler.
 */
export const GLOBAL_PARAMS: readonly string[] = ['pretty', 'human', 'error_trace', 'filter_path', 'format'];

/** Acknowledged cluster-state updates: one node is the master and the only node to acknowledge, so both waits end at once. */
export const ACKED: readonly string[] = ['master_timeout', 'timeout'];
/** Reads of the cluster state: the state is always the local master's. */
export const MASTER_READ: readonly string[] = ['master_timeout', 'local'];
/**
 * AbstractCatAction's response parameters, which every cat API takes (the table machinery reads them all; `size`
 * scales count cells no Tessera table has), and `help`.
 */
export const CAT: readonly string[] = ['help', 'h', 'v', 's', 'ts', 'pri', 'bytes', 'size', 'time'];
/** IndicesOptions.fromRequest's parameters, for the routes that resolve expressions with them (indices-options.ts). */
export const INDICES_OPTIONS: readonly string[] = ['expand_wildcards', 'ignore_unavailable', 'allow_no_indices'];
export const WRITE_CONDITIONS: readonly string[] = ['version', 'version_type', 'if_seq_no', 'if_primary_term'];
/** Every write's shard-level options: routing, and the wait for active copies (met at once, or failed after the timeout). */
export const WRITE_SHARDS: readonly string[] = ['refresh', 'routing', 'timeout', 'wait_for_active_shards'];
/** What index and create read besides: pipelines (none exists) and the alias or data stream the target must be. */
export const INDEXING: readonly string[] = ['op_type', 'pipeline', 'require_alias', 'require_data_stream', ...WRITE_SHARDS, ...WRITE_CONDITIONS];
/** Source filtering of reads. */
export const SOURCE: readonly string[] = ['_source', '_source_includes', '_source_excludes'];
/** What reads of documents take: one node answering from what is committed meets realtime, refresh and preference; stored_fields and fields are refused with their messages. */
export const DOC_READ: readonly string[] = ['routing', 'preference', 'realtime', 'refresh', 'stored_fields', 'fields', ...SOURCE];
export const BULK: readonly string[] = ['routing', 'pipeline', 'require_alias', 'require_data_stream', 'list_executed_pipelines', 'timeout', 'wait_for_active_shards', 'refresh', ...SOURCE];
