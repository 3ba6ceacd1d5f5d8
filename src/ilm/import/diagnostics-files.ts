/**
 * @module The files a cluster forecast reads: the names Elastic's support-diagnostics tool gives the answers of
 * Elasticsearch's APIs (its `elastic-rest.yml`, for 7.7 and later), the call that makes each, and what the forecast
 * cannot see without it. The same names serve a folder of answers saved by hand with curl.
 */

export interface DiagnosticsFile {
  /** The path inside the folder, as the diagnostics tool names it. */
  readonly path: string;
  /** The GET request whose answer the file holds. */
  readonly call: string;
  /** Without it there is nothing to forecast; else what the forecast then cannot see. */
  readonly missing: 'required' | string;
  /** The privilege the call needs, as Elasticsearch's security checks it. */
  readonly privilege: string;
  /** The call `--url` makes instead, where the tool's own asks for more than the forecast reads. */
  readonly liveCall?: string;
  /** Missed only where a policy keeps a security header: a cluster without security keeps none, and needs no roles. */
  readonly withSecurity?: true;
}

export const DIAGNOSTICS_FILES: readonly DiagnosticsFile[] = [
  { path: 'version.json', privilege: 'cluster privilege monitor', call: 'GET /', missing: 'required' },
  { path: 'cluster_state.json', privilege: 'cluster privilege monitor', call: 'GET /_cluster/state?human', missing: 'required' },
  { path: 'commercial/ilm_policies.json', privilege: 'cluster privilege read_ilm', call: 'GET /_ilm/policy?human', missing: 'required' },
  { path: 'commercial/ilm_explain.json', privilege: 'index privilege view_index_metadata', call: 'GET /*/_ilm/explain?human&expand_wildcards=all', missing: 'required' },
  {
    path: 'alias.json',
    privilege: 'index privilege view_index_metadata',
    call: 'GET /_alias?human',
    missing: 'which alias is the write index of several (is_write_index): an alias over one index is taken as written through it, others as not written to',
  },
  {
    path: 'indices_stats.json',
    privilege: 'index privilege monitor',
    // Shard-level figures are the bulk of the tool's answer and none of what the forecast reads; and with closed
    // indices the tool's call is an index_closed_exception (forbid_closed_indices is true by default).
    liveCall: 'GET /_stats?level=indices&human&expand_wildcards=all&forbid_closed_indices=false',
    call: 'GET /_stats?level=shards&human&expand_wildcards=all',
    missing: 'document counts and sizes: every index is taken as empty, nothing grows unless --rate says so, and the disk holds nothing',
  },
  {
    path: 'nodes_stats.json',
    privilege: 'cluster privilege monitor',
    call: 'GET /_nodes/stats?human',
    missing: "the disk, so no disk watermark is forecast; the nodes' heap and circuit breakers, so a breaker trips only at a limit the cluster's settings give in bytes; and the nodes' clocks, so the forecast starts at the latest time the bundle records (an index's creation or step, a policy's change)",
  },
  {
    path: 'cluster_settings.json',
    privilege: 'cluster privilege monitor',
    call: 'GET /_cluster/settings?flat_settings',
    missing: "the cluster's ILM and disk settings: their defaults are assumed",
  },
  {
    path: 'cluster_settings_defaults.json',
    privilege: 'cluster privilege monitor',
    call: 'GET /_cluster/settings?include_defaults&flat_settings',
    missing: "the disk watermarks' headroom (max_headroom): the watermarks' percentages alone are used",
  },
  {
    path: 'index_templates.json',
    privilege: 'cluster privilege manage_index_templates',
    call: 'GET /_index_template',
    missing: 'composable index templates: indices made by rollovers get no settings from them',
  },
  {
    path: 'component_templates.json',
    privilege: 'cluster privilege manage_index_templates',
    call: 'GET /_component_template',
    missing: 'component templates: index templates composed of them are left out',
  },
  {
    path: 'templates.json',
    privilege: 'cluster privilege manage_index_templates',
    call: 'GET /_template',
    missing: 'legacy index templates: indices made by rollovers get no settings from them',
  },
  {
    path: 'commercial/security_roles.json',
    privilege: 'cluster privilege read_security',
    call: 'GET /_security/role',
    withSecurity: true,
    missing: "the roles of the users the policies' steps run as: their steps are not checked for privileges, so none is forecast to fail for want of one (row 9)",
  },
];

/** Read when there, never missed: data streams come from the cluster state, or else from GET /_data_stream. */
export const ALSO_READ_FILES: readonly DiagnosticsFile[] = [
  { path: 'commercial/data_stream.json', call: 'GET /_data_stream?expand_wildcards=all', privilege: 'index privilege view_index_metadata', missing: 'nothing: data streams are read from the cluster state' },
];

export function fileDescription(path: string): DiagnosticsFile | undefined {
  return DIAGNOSTICS_FILES.find((f) => f.path === path);
}
