import { startTestServer } from '../test/helpers/server.ts';
const dataDir = '/tmp/exp/seed100k';
const server = await startTestServer({ dataDir, log: false });
const SERVICES = Array.from({ length: 20 }, (_, i) => `svc-${i}`);
const START = Date.UTC(2026, 0, 1), SPAN = 10 * 86_400_000, DOCS = 100_000;
const doc = (n: number) => { const h = (n * 2654435761) >>> 0; return { '@timestamp': new Date(START + Math.floor((n * SPAN) / DOCS)).toISOString(), level: ['info','warn','error'][h % 3], service: SERVICES[(h >>> 8) % 20], message: `GET order ${n % 1000} ${['ok','timeout','failed'][(h>>>16)%3]} in ${h % 997} ms` }; };
await fetch(server.url + '/logs', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mappings: { properties: { '@timestamp': { type: 'date' }, level: { type: 'keyword' }, service: { type: 'keyword' }, message: { type: 'text' } } } }) });
for (let f = 0; f < DOCS; f += 5000) { let b = ''; for (let n = f; n < f + 5000; n++) b += `{"index":{}}\n${JSON.stringify(doc(n))}\n`; await fetch(server.url + '/logs/_bulk', { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: b }); }
await server.close();
console.log('seeded');
