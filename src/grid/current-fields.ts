/**
 * @module Every field of a grid at its current revision, as GetFields answers it: the answer is never older than a
 * commit acknowledged before the call, whichever instance made it. The revision is read from the store each time and
 * only the field rows are spared while the cached list is at that revision; where this instance is the store's only
 * writer, a list read since the grid's last change is answered without reading anything.
 */
import { create } from '@bufbuild/protobuf';
import { RepeatedFieldSchema, type RepeatedField } from '../gen/tessera/grid/v1/field_pb.js';
import { FieldListCache } from './field-list-cache.js';
import type { GridRepository } from './grid-repository.js';
import { gridNotFound } from './grid-write-group.js';

export class CurrentFields {
  readonly #lists = new FieldListCache();

  constructor(
    private readonly repository: GridRepository,
    private readonly soleWriter: boolean,
  ) {}

  async read(gridId: string): Promise<RepeatedField> {
    if (this.soleWriter) {
      const unchanged = this.#lists.unchanged(gridId);
      if (unchanged) return unchanged;
    } else {
      const row = await this.repository.getGrid(gridId);
      if (!row) {
        this.#lists.delete(gridId);
        throw gridNotFound(gridId);
      }
      const cached = this.#lists.get(gridId, row.createdAt, row.revision);
      if (cached) return cached;
    }
    const readAt = this.#lists.readStarts();
    const read = await this.repository.fieldsAtRevision(gridId);
    if (!read) {
      this.#lists.delete(gridId);
      throw gridNotFound(gridId);
    }
    const list = create(RepeatedFieldSchema, { items: [...read.fields] });
    this.#lists.offer(gridId, read.createdAt, read.revision, list, readAt);
    return list;
  }

  /** Call once a change to the grid is committed (or may have been), before it is acknowledged. */
  changed(gridId: string): void {
    this.#lists.changed(gridId);
  }
}
