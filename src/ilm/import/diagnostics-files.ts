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
}

export const DIAGNOSTICS_FILES: readonly DiagnosticsFile[] = [
  { path: 'version.json', call: 'GET /', missing: 'required' },
  { path: 'cluster_state.json', call: 'GET /_cluster/state?human', missing: 'required' },
  { path: 'commercial/ilm_policies.json', call: 'GET /_ilm/policy?human', missing: 'required' },
  { path: 'commercial/ilm_explain.json', call: 'GET /*/_ilm/explain?human&expand_wildcards=all', missing: 'required' },
  {
    path: 'alias.json',
    call: 'GET /_alias?human',
    missing: 'which alias is the write index of several (is_write_index): an alias over one index is taken as written through it, others as not written to',
  },
  {
    path: 'indices_stats.json',
    call: 'GET /_stats?level=shards&human&expand_wildcards=all',
    missing: 'document counts and sizes: every index is taken as empty, nothing grows unless --rate says so, and the disk holds nothing',
  },
  {
    path: 'nodes_stats.json',
    call: 'GET /_nodes/stats?human',
    missing: "the disk, so no disk watermark is forecast; the nodes' heap and circuit breakers, so a breaker trips only at a limit the cluster's settings give in bytes; and the nodes' clocks, so the forecast starts at the latest time the bundle records (an index's creation or step, a policy's change)",
  },
  {
    path: 'cluster_settings.json',
    call: 'GET /_cluster/settings?flat_settings',
    missing: "the cluster's ILM and disk settings: their defaults are assumed",
  },
  {
    path: 'cluster_settings_defaults.json',
    call: 'GET /_cluster/settings?include_defaults&flat_settings',
    missing: "the disk watermarks' headroom (max_headroom): the watermarks' percentages alone are used",
  },
  {
    path: 'index_templates.json',
    call: 'GET /_index_template',
    missing: 'composable index templates: indices made by rollovers get no settings from them',
  },
  {
    path: 'component_templates.json',
    call: 'GET /_component_template',
    missing: 'component templates: index templates composed of them are left out',
  },
  {
    path: 'templates.json',
    call: 'GET /_template',
    missing: 'legacy index templates: indices made by rollovers get no settings from them',
  },
];

/** Read when there, never missed: data streams come from the cluster state, or else from GET /_data_stream. */
export const ALSO_READ: readonly string[] = ['commercial/data_stream.json'];

export function fileDescription(path: string): DiagnosticsFile | undefined {
  return DIAGNOSTICS_FILES.find((f) => f.path === path);
}
