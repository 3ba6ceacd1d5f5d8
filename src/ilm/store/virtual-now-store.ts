/** @module Where the virtual clock stands, kept in ILM's own table so a restart does not send it back in time. */
import type { Kysely } from 'kysely';
import { restorableClockMillis } from '../../platform/clock.js';

interface IlmTables {
  ilm_meta: { key: string; data: string };
}

const KEY = 'virtual_now';

export class VirtualNowStore {
  constructor(private readonly db: Kysely<IlmTables>) {}

  /** Past the latest date the clock may reach (stored before Tessera bounded it), the latest date: see restorableClockMillis. */
  async load(): Promise<number | undefined> {
    const row = await this.db.selectFrom('ilm_meta').select('data').where('key', '=', KEY).executeTakeFirst();
    return restorableClockMillis(row ? (JSON.parse(row.data) as unknown) : undefined);
  }

  async save(millis: number): Promise<void> {
    const data = JSON.stringify(millis);
    await this.db.insertInto('ilm_meta').values({ key: KEY, data }).onConflict((oc) => oc.column('key').doUpdateSet({ data })).execute();
  }
}
