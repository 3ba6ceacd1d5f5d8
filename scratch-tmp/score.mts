import { Kysely, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import { KyselySearchRepository } from '../src/cluster/store/kysely-search-repository.ts';
import { scoreDocs } from '../src/cluster/search/scoring/score-docs.ts';
const raw = new Database('/tmp/exp/seed100k/tessera.db');
raw.pragma('cache_size = -131072'); raw.pragma('mmap_size = 1073741824');
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
const repo = new KyselySearchRepository(db);
const index = { name: 'logs', key: 1 };
const set: any = { op: 'terms', field: 'message', terms: ['timeout'] };
const scorer: any = { kind: 'bm25', field: 'message', source: 'postings', terms: ['timeout'], boost: 1 };
for (let i = 0; i < 3; i++) {
  let t = performance.now(); const docs = await repo.docs(index, set); const t1 = performance.now() - t;
  t = performance.now(); const scores = await scoreDocs(scorer, { repository: repo, index, within: set, docs }); const t2 = performance.now() - t;
  t = performance.now(); await repo.count(index, set, 10001); const t3 = performance.now() - t;
  t = performance.now(); const rows = await repo.postings(index, 'message', 'postings', ['timeout'], set); const t4 = performance.now() - t;
  console.log(docs.length, 'docs', t1.toFixed(1), 'score', t2.toFixed(1), 'count', t3.toFixed(1), 'postings alone', t4.toFixed(1), scores.size);
}
