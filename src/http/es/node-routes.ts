/** @module The node and its disk: `GET /_nodes/stats` (fs) and `GET /_cat/allocation`. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { byteSizeText, IndexMetadata, NODE_NAME } from '../../cluster/index.js';
import { sendTable } from './cat-routes.js';
import type { EsContext } from './es-context.js';
import { esSend } from './es-reply.js';

const NODE_ID = 'tessera0000000000000000';

export function nodeRoutes(app: FastifyInstance, ctx: EsContext): void {
  const disk = ctx.disk;
  if (!disk) return;
  const nodeStats = async (req: FastifyRequest, reply: FastifyReply) => {
    const usage = disk.usage();
    const fs = {
      timestamp: ctx.clock.now(),
      total: { total_in_bytes: usage.total, free_in_bytes: usage.free, available_in_bytes: usage.free },
      data: [{ path: './data', mount: './data', type: 'tessera', total_in_bytes: usage.total, free_in_bytes: usage.free, available_in_bytes: usage.free }],
    };
    return esSend(req, reply, {
      _nodes: { total: 1, successful: 1, failed: 0 },
      cluster_name: ctx.clusterName,
      nodes: { [NODE_ID]: { timestamp: ctx.clock.now(), name: NODE_NAME, host: '127.0.0.1', ip: '127.0.0.1:9300', roles: ['data', 'ingest', 'master'], fs } },
    });
  };
  app.get('/_nodes/stats', nodeStats);
  app.get('/_nodes/stats/:metric', nodeStats);

  app.get('/_cat/allocation', async (req, reply) => {
    const state = ctx.cluster.state;
    const usage = disk.usage();
    const shards = [...state.indices.values()].reduce((n, index) => n + IndexMetadata.primaryShards(index), 0);
    const bytes = (req.query as Record<string, string | undefined>).bytes === 'b' ? (b: number) => String(b) : byteSizeText;
    const row = {
      shards: String(shards),
      'disk.indices': bytes(usage.used),
      'disk.used': bytes(usage.used),
      'disk.avail': bytes(usage.free),
      'disk.total': bytes(usage.total),
      'disk.percent': String(Math.floor(usage.usedPercent)),
      host: '127.0.0.1',
      ip: '127.0.0.1',
      node: NODE_NAME,
    };
    return sendTable(req, reply, Object.keys(row), [row]);
  });
}
