import { ConnectError } from '@connectrpc/connect';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldType, type Field, type GridFieldChangeset } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { fieldInit, useServer } from '../helpers/fixtures.js';
import { applyChangeset as apply } from '../helpers/field-mirror.js';
import { gridClient, type GridClient } from '../helpers/grid-clients.js';
import { prng } from '../helpers/prng.js';

async function randomOperation(client: GridClient, gridId: string, fields: Field[], random: () => number, step: number): Promise<GridFieldChangeset> {
  const pick = () => fields[Math.floor(random() * fields.length)]!;
  const type = Math.floor(random() * 7) as FieldType;
  switch (Math.floor(random() * 7)) {
    case 0: {
      const start = random() < 0.5 && fields.length > 0 ? { case: 'startFieldId' as const, value: pick().id } : { case: undefined };
      return client.insertField({ gridId, field: fieldInit(`f${step}`, `Field ${step}`, type), oneOfStartFieldId: start });
    }
    case 1:
      return client.updateField({ gridId, fieldId: pick().id, oneOfName: { case: 'name', value: `Renamed ${step}` }, oneOfWidth: { case: 'width', value: 10 + step } });
    case 2:
      return client.deleteField({ gridId, fieldId: pick().id });
    case 3:
      return client.duplicateField({ gridId, fieldId: pick().id });
    case 4:
      return client.moveField({ gridId, fieldId: pick().id, toIndex: Math.floor(random() * fields.length) });
    case 5:
    {
      // SwitchToField answers with the option, so the changeset it committed is read back from the watch history.
      await client.switchToField({ gridId, fieldId: pick().id, fieldType: type });
      const stream = client.watchFields({ gridId, afterRevision: BigInt(step) })[Symbol.asyncIterator]();
      const { value } = await stream.next();
      await stream.return?.();
      return value!;
    }
    default:
      return client.insertField({ gridId, field: { ...pick(), name: `Upserted ${step}`, fieldType: type } });
  }
}

describe('changesets describe the grid exactly', () => {
  const ctx = useServer();

  for (const seed of [1, 2, 3]) {
    it(`a random sequence of operations (seed ${seed}): applying each changeset to a mirror yields GetFields`, async () => {
      const client = gridClient(ctx.url);
      const random = prng(seed);
      const grid = await client.createGrid({ name: `seed ${seed}` });
      let mirror = (await client.getFields({ gridId: grid.id })).items;
      let revision = grid.revision;
      for (let step = 0; step < 60; step++) {
        let changeset: GridFieldChangeset;
        try {
          changeset = await randomOperation(client, grid.id, mirror, random, Number(revision));
        } catch (error) {
          // Refusals (deleting the primary field, say) must leave everything as it was.
          assert.ok(error instanceof ConnectError, String(error));
          assert.equal((await client.getGrid({ value: grid.id })).revision, revision);
          continue;
        }
        assert.equal(changeset.revision, revision + 1n, 'revisions have no gaps');
        revision = changeset.revision;
        mirror = apply(mirror, changeset);
        const actual = (await client.getFields({ gridId: grid.id })).items;
        assert.deepEqual(mirror, actual, `after step ${step} (revision ${revision})`);
      }
      assert.equal((await client.getGrid({ value: grid.id })).fieldOrders.length, mirror.length);
    });
  }
});
