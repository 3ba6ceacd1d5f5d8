/**
 * @module `GET /_license`, `/_license/basic_status`, `/_license/trial_status` and `GET /_xpack`: Tessera runs as
 * one node under ES's self-generated basic licence. Changing the licence (PUT/POST/DELETE `/_license`, start_basic,
 * start_trial) has no handler here, so those paths answer ES's "no handler found".
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ClusterErrors } from '../../cluster/index.js';
import type { EsContext } from './es-context.js';
import { esSend, flag } from './es-reply.js';
import { BUILD_DATE, BUILD_HASH } from './root-routes.js';
import { esRoute, cluster } from './es-actions.js';

/** A UUID derived from the cluster's uuid, so the licence keeps its uid across restarts as ES's stored one does. */
function licenceUid(clusterUuid: string): string {
  const hex = createHash('sha256').update(`licence:${clusterUuid}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * XPackInfoResponse's features on a basic licence: `available` is what the basic licence allows (XPackLicenseState),
 * `enabled` whether Tessera has the feature at all, so a client never takes a feature Tessera lacks for one it has.
 */
const BASIC_AVAILABLE: Readonly<Record<string, boolean>> = {
  aggregate_metric: true,
  analytics: true,
  archive: false,
  ccr: false,
  data_streams: true,
  data_tiers: true,
  enrich: true,
  enterprise_search: false,
  eql: true,
  esql: true,
  frozen_indices: true,
  graph: false,
  ilm: true,
  logsdb: false,
  logstash: false,
  ml: false,
  monitoring: true,
  rollup: true,
  searchable_snapshots: false,
  security: true,
  slm: true,
  spatial: true,
  sql: true,
  transform: true,
  universal_profiling: true,
  voting_only: true,
  watcher: false,
};

const CATEGORIES = ['build', 'license', 'features'];

/** ES 8 always answers enterprise licences as they are; the deprecated parameter may only say so. */
function checkAcceptEnterprise(query: Record<string, string | undefined>): void {
  if (query.accept_enterprise !== undefined && !flag(query, 'accept_enterprise', true)) {
    throw ClusterErrors.illegalArgument('The [accept_enterprise] parameters may not be false');
  }
}

/** XPackInfoRequest.Category.toSet: `_all` and `_none` end the list; anything else must name a category. */
function categories(param: string | undefined): string[] {
  const chosen = new Set<string>();
  for (const category of (param ?? '_all').split(',').map((c) => c.trim())) {
    if (category === '_all') return CATEGORIES;
    if (category === '_none') return [];
    if (!CATEGORIES.includes(category.toLowerCase())) {
      throw ClusterErrors.illegalArgument(`No enum constant org.elasticsearch.protocol.xpack.XPackInfoRequest.Category.${category.toUpperCase()}`);
    }
    chosen.add(category.toLowerCase());
  }
  return [...chosen];
}

export function licenseRoutes(app: FastifyInstance, ctx: EsContext): void {
  // ES generates the basic licence when the cluster first starts; Tessera keeps none, so it is issued at start-up.
  const issued = ctx.clock.now();
  const licence = () => ({
    status: 'active',
    uid: licenceUid(ctx.cluster.state.clusterUuid),
    type: 'basic',
    issue_date: new Date(issued).toISOString(),
    issue_date_in_millis: issued,
    max_nodes: 1000,
    max_resource_units: null,
    issued_to: ctx.clusterName,
    issuer: 'elasticsearch',
    start_date_in_millis: -1,
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/_license', esRoute(cluster('cluster:monitor/xpack/license/get'), ['accept_enterprise', 'local']), async (req, reply) => {
    checkAcceptEnterprise(req.query);
    return esSend(req, reply, { license: licence() });
  });
  // GetBasicStatus: a cluster already on basic may not start basic; a trial needs start_trial, which Tessera has not.
  app.get('/_license/basic_status', esRoute(cluster('cluster:admin/xpack/license/basic_status'), []), async (req, reply) => esSend(req, reply, { eligible_to_start_basic: false }));
  app.get('/_license/trial_status', esRoute(cluster('cluster:admin/xpack/license/trial_status'), []), async (req, reply) => esSend(req, reply, { eligible_to_start_trial: false }));

  app.get<{ Querystring: Record<string, string | undefined> }>('/_xpack', esRoute(cluster('cluster:monitor/xpack/info'), ['categories', 'accept_enterprise']), async (req, reply) => {
    checkAcceptEnterprise(req.query);
    const wanted = categories(req.query.categories);
    const enabled: Record<string, boolean> = { ilm: true, security: ctx.security !== undefined };
    const body: Record<string, unknown> = {};
    if (wanted.includes('build')) body.build = { hash: BUILD_HASH, date: BUILD_DATE };
    if (wanted.includes('license')) {
      const { uid, type, status } = licence();
      body.license = { uid, type, mode: type, status };
    }
    if (wanted.includes('features')) {
      body.features = Object.fromEntries(Object.entries(BASIC_AVAILABLE).map(([name, available]) => [name, { available, enabled: enabled[name] ?? false }]));
    }
    if (flag(req.query, 'human', true)) body.tagline = 'You know, for X';
    return esSend(req, reply, body);
  });
}
