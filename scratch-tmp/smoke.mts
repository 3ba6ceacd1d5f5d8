import { startEsServer } from '../test/helpers/es.ts';
const f = await startEsServer();
const c = f.client;
try {
  await c.indices.create({ index: 'logs', mappings: { properties: { msg: { type: 'text' }, level: { type: 'keyword' }, n: { type: 'long' }, at: { type: 'date' } } } });
  await c.bulk({ refresh: true, operations: [
    { index: { _index: 'logs', _id: '1' } }, { msg: 'The quick brown fox', level: 'info', n: 1, at: '2026-01-01T00:00:00Z' },
    { index: { _index: 'logs', _id: '2' } }, { msg: 'The lazy dog sleeps', level: 'warn', n: 2, at: '2026-01-02T00:00:00Z' },
    { index: { _index: 'logs', _id: '3' } }, { msg: 'quick quick dog', level: 'info', n: 3, at: '2026-01-03T00:00:00Z' },
  ] });
  console.log(JSON.stringify(await c.search({ index: 'logs', query: { match: { msg: 'quick dog' } } })));
  console.log(JSON.stringify(await c.search({ index: 'logs', query: { bool: { filter: [{ term: { level: 'info' } }, { range: { n: { gte: 2 } } }] } } })));
  console.log(JSON.stringify(await c.search({ index: 'logs', sort: [{ at: 'desc' }], size: 2 })));
  console.log(JSON.stringify(await c.count({ index: 'logs', query: { term: { level: 'info' } } })));
  await c.index({ index: 'logs', id: '3', document: { msg: 'nothing', level: 'warn', n: 9 }, refresh: true });
  console.log(JSON.stringify(await c.search({ index: 'logs', query: { term: { level: 'info' } } })));
  try { await c.search({ index: 'logs', query: { term: { n: 'abc' } } }); } catch (e: any) { console.log(JSON.stringify(e.meta.body)); }
} finally { await c.close(); await f.server.dispose(); }
