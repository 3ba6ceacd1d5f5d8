/** @module Import: a real Elasticsearch cluster rebuilt from its own exports, and the forecast of all of it. */
export { importDiagnostics, ImportError, MODELLED_VERSIONS, type ImportedCluster } from './import-diagnostics.js';
export { ALSO_READ_FILES, DIAGNOSTICS_FILES, type DiagnosticsFile } from './diagnostics-files.js';
export { DEFAULT_CLUSTER_HORIZON, forecastCluster, parseRateOverride, MAX_FORECAST_TARGETS, type ClusterForecastReport, type RateOverride } from './cluster-forecast.js';
export { parseBundleFile, readBundleZip } from './bundle-zip.js';
