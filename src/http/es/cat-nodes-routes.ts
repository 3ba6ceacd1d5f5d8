/**
 * @module `GET /_cat/nodes` (ES's RestNodesAction): the one node's identity, disk and roles. Tessera runs no JVM
 * and measures no heap, memory, file descriptors, CPU or load, so those cells are empty, as ES leaves a statistic
 * it cannot read; ES's per-operation statistics columns are not declared.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ES_VERSION, NODE_NAME } from '../../cluster/index.js';
import { nodeRoleAbbreviation } from './cat-node-role.js';
import { CatBytes, type CatColumn, sendCatTable } from './cat-table.js';
import type { EsContext } from './es-context.js';
import { flag } from './es-reply.js';
import { NODE_ID } from './local-node.js';
import { esRoute, cluster } from './es-actions.js';
import { CAT } from './es-params.js';

const CAT_NODES = esRoute(cluster('cluster:monitor/nodes/info'), [...CAT, 'full_id', 'master_timeout']);

const COLUMNS: readonly CatColumn[] = [
  { name: 'id', aliases: ['id', 'nodeId'], default: false, desc: 'unique node id' },
  { name: 'pid', aliases: ['p'], default: false, desc: 'process id' },
  { name: 'ip', aliases: ['i'], desc: 'ip address' },
  { name: 'port', aliases: ['po'], default: false, desc: 'bound transport port' },
  { name: 'http_address', aliases: ['http'], default: false, desc: 'bound http address' },
  { name: 'version', aliases: ['v'], default: false, desc: 'es version' },
  { name: 'type', aliases: ['t'], default: false, desc: 'es distribution type' },
  { name: 'build', aliases: ['b'], default: false, desc: 'es build hash' },
  { name: 'jdk', aliases: ['j'], default: false, desc: 'jdk version' },
  { name: 'disk.total', aliases: ['dt', 'diskTotal'], default: false, right: true, desc: 'total disk space' },
  { name: 'disk.used', aliases: ['du', 'diskUsed'], default: false, right: true, desc: 'used disk space' },
  { name: 'disk.avail', aliases: ['d', 'da', 'disk', 'diskAvail'], default: false, right: true, desc: 'available disk space' },
  { name: 'disk.used_percent', aliases: ['dup', 'diskUsedPercent'], default: false, right: true, desc: 'used disk space percentage' },
  { name: 'heap.current', aliases: ['hc', 'heapCurrent'], default: false, right: true, desc: 'used heap' },
  { name: 'heap.percent', aliases: ['hp', 'heapPercent'], right: true, desc: 'used heap ratio' },
  { name: 'heap.max', aliases: ['hm', 'heapMax'], default: false, right: true, desc: 'max configured heap' },
  { name: 'ram.current', aliases: ['rc', 'ramCurrent'], default: false, right: true, desc: 'used machine memory' },
  { name: 'ram.percent', aliases: ['rp', 'ramPercent'], right: true, desc: 'used machine memory ratio' },
  { name: 'ram.max', aliases: ['rm', 'ramMax'], default: false, right: true, desc: 'total machine memory' },
  { name: 'file_desc.current', aliases: ['fdc', 'fileDescriptorCurrent'], default: false, right: true, desc: 'used file descriptors' },
  { name: 'file_desc.percent', aliases: ['fdp', 'fileDescriptorPercent'], default: false, right: true, desc: 'used file descriptor ratio' },
  { name: 'file_desc.max', aliases: ['fdm', 'fileDescriptorMax'], default: false, right: true, desc: 'max file descriptors' },
  { name: 'cpu', aliases: ['cpu'], right: true, desc: 'recent cpu usage' },
  { name: 'load_1m', aliases: ['l'], right: true, desc: '1m load avg' },
  { name: 'load_5m', aliases: ['l'], right: true, desc: '5m load avg' },
  { name: 'load_15m', aliases: ['l'], right: true, desc: '15m load avg' },
  { name: 'uptime', aliases: ['u'], default: false, right: true, desc: 'node uptime' },
  { name: 'node.role', aliases: ['r', 'role', 'nodeRole'], desc: 'm:master eligible node, d:data node, i:ingest node, -:coordinating node only' },
  { name: 'master', aliases: ['m'], desc: '*:current master' },
  { name: 'name', aliases: ['n'], desc: 'node name' },
];

export function catNodesRoutes(app: FastifyInstance, ctx: EsContext): void {
  app.get('/_cat/nodes', CAT_NODES, async (req: FastifyRequest<{ Querystring: Record<string, string | undefined> }>, reply) => {
    await ctx.documents?.sync();
    const usage = ctx.disk?.usage();
    const row = {
      // ES shortens the id to four characters unless full_id is set.
      id: flag(req.query, 'full_id') ? NODE_ID : NODE_ID.slice(0, 4),
      pid: process.pid,
      ip: '127.0.0.1',
      port: 9300,
      http_address: null,
      version: ES_VERSION,
      type: 'tessera',
      build: 'tessera',
      jdk: null,
      'disk.total': usage ? new CatBytes(usage.total) : null,
      'disk.used': usage ? new CatBytes(usage.used) : null,
      'disk.avail': usage ? new CatBytes(usage.free) : null,
      'disk.used_percent': usage ? usage.usedPercent.toFixed(2) : null,
      'node.role': nodeRoleAbbreviation(),
      // The one node is the elected master.
      master: '*',
      name: NODE_NAME,
    };
    return sendCatTable(req, reply, { columns: COLUMNS, rows: [row] });
  });
}
