/**
 * @module GridService over Connect: decode, check enum values, call the service, map errors. The same
 * implementations serve the router and the lanes that answer plain calls before it (connect-compat/*-lane.ts).
 */
import type { DescMessage, Message } from '@bufbuild/protobuf';
import type { ConnectError, ConnectRouter, HandlerContext, ServiceImpl } from '@connectrpc/connect';
import type { GridFieldChangeset } from '../../gen/tessera/grid/v1/field_pb.js';
import { GridService as GridServiceDesc, type WatchFieldsPayload } from '../../gen/tessera/grid/v1/grid_service_pb.js';
import type { GridChange, WatchGridPayload } from '../../gen/tessera/grid/v1/row_pb.js';
import type { GridService } from '../grid-service.js';
import { GridError } from '../grid-error.js';
import { checkDeclaredEnums } from '../validation.js';
import { createDecodeGate } from '../../http/connect-compat/decode-gate.js';
import type { LaneMethod, PlainLane } from '../../http/connect-compat/unary-lane-routes.js';
import type { RouterSettings } from '../../http/connect-compat/router-settings.js';
import { withServerStreamFastLane } from '../../http/connect-compat/server-stream-fast-lane.js';
import { gridAdmission, gridAuthentication, principalOf, requireGridPrivilege, whileReadable, type GridAccess, type GridPrivilege } from './grid-access.js';
import { toConnectError } from './grid-connect-error.js';

export interface GridRoutesOptions {
  readonly service: GridService;
  /** The largest request body the router reads, as sent and once decompressed (all its messages together). */
  readonly readMaxBytes: number;
  /** Told about every error that is not the client's fault. */
  readonly onInternalError?: (error: unknown) => void;
  /** With security on: who the caller is and which grids they may use. */
  readonly access?: GridAccess;
}

/** The grid an RPC acts on, and the privilege it needs there. */
type Guard = (req: any) => readonly [GridPrivilege, string];
const GUARDS: Readonly<Record<string, Guard>> = {
  createGrid: () => ['write', '*'],
  getGrid: (r) => ['read', r.value],
  deleteGrid: (r) => ['admin', r.value],
  getFields: (r) => ['read', r.gridId],
  insertField: (r) => ['write', r.gridId],
  updateField: (r) => ['write', r.gridId],
  updateFieldTypeOption: (r) => ['write', r.gridId],
  getEditFieldContext: (r) => ['read', r.gridId],
  getFieldTypeOption: (r) => [r.createIfNotExist ? 'write' : 'read', r.gridId],
  switchToField: (r) => ['write', r.gridId],
  deleteField: (r) => ['write', r.gridId],
  duplicateField: (r) => ['write', r.gridId],
  moveField: (r) => ['write', r.gridId],
  newSelectOption: (r) => ['read', r.fieldIdentifier?.gridId ?? ''],
  watchFields: (r) => ['read', r.gridId],
  createRow: (r) => ['write', r.gridId],
  getRow: (r) => ['read', r.gridId],
  listRows: (r) => ['read', r.gridId],
  getGridBlocks: (r) => ['read', r.gridId],
  deleteRow: (r) => ['write', r.gridId],
  duplicateRow: (r) => ['write', r.gridId],
  moveItem: (r) => ['write', r.gridId],
  getCell: (r) => ['read', r.gridId],
  updateCell: (r) => ['write', r.gridId],
  updateCells: (r) => ['write', r.gridId],
  updateSelectOptionCell: (r) => ['write', r.cellIdentifier?.gridId ?? ''],
  updateDateCell: (r) => ['write', r.cellIdentifier?.gridId ?? ''],
  watchGrid: (r) => ['read', r.gridId],
};

export interface GridRpc {
  /** Registers GridService on a Connect router built with `settings`. */
  readonly routes: (router: ConnectRouter, settings: RouterSettings) => void;
  /** The methods, for the lanes that answer plain calls before Fastify and the adapters. */
  readonly lane: PlainLane;
}

export function gridRpc(options: GridRoutesOptions): GridRpc {
  const { service } = options;
  const methods = GridServiceDesc.method;

  /** The error a call fails with; one that is not the client's fault is reported first. */
  function connectErrorOf(error: unknown): ConnectError {
    const connectError = toConnectError(error);
    if (connectError.cause !== undefined && options.onInternalError) options.onInternalError(connectError.cause);
    return connectError;
  }

  function fail(error: unknown): never {
    throw connectErrorOf(error);
  }

  /** Checks what every unary call is checked for before `call` runs. */
  function admitted(name: string, input: DescMessage, req: Message, context: Pick<HandlerContext, 'values'>): void {
    checkDeclaredEnums(input, req);
    const guard = GUARDS[name];
    if (guard) {
      const [privilege, gridId] = guard(req);
      requireGridPrivilege(context, name, privilege, gridId);
    }
  }

  // Unary implementations read only the context's values (the principal), which the lane gives them too.
  function unary<I extends Message, O>(name: string, input: DescMessage, call: (req: I, context: Pick<HandlerContext, 'values'>) => Promise<O>) {
    return async (req: I, context: Pick<HandlerContext, 'values'>): Promise<O> => {
      try {
        admitted(name, input, req, context);
        return await call(req, context);
      } catch (error) {
        fail(error);
      }
    };
  }

  const toDecodeError = (reason: string) => toConnectError(new GridError('InvalidData', reason));
  // With security on, the gate authenticates before it reads the body.
  const gate = createDecodeGate({
    readMaxBytes: options.readMaxBytes,
    toError: toDecodeError,
    ...(options.access && { admit: gridAuthentication(options.access) }),
  });

  const unaries = {
    createGrid: unary('createGrid', methods.createGrid.input, (req) => service.createGrid(req)),
    getGrid: unary('getGrid', methods.getGrid.input, (req) => service.getGrid(req.value)),
    listGrids: unary('listGrids', methods.listGrids.input, async (_req, context) => {
      const grids = await service.listGrids();
      // Only the grids the caller may read.
      const principal = principalOf(context);
      if (principal) grids.items = grids.items.filter((grid) => principal.can('read', grid.id));
      return grids;
    }),
    deleteGrid: unary('deleteGrid', methods.deleteGrid.input, (req) => service.deleteGrid(req.value)),
    getFields: unary('getFields', methods.getFields.input, (req) => service.getFields(req)),
    insertField: unary('insertField', methods.insertField.input, (req) => service.insertField(req)),
    updateField: unary('updateField', methods.updateField.input, (req) => service.updateField(req)),
    updateFieldTypeOption: unary('updateFieldTypeOption', methods.updateFieldTypeOption.input, (req) => service.updateFieldTypeOption(req)),
    getEditFieldContext: unary('getEditFieldContext', methods.getEditFieldContext.input, (req) => service.getEditFieldContext(req)),
    getFieldTypeOption: unary('getFieldTypeOption', methods.getFieldTypeOption.input, (req) => service.getFieldTypeOption(req)),
    switchToField: unary('switchToField', methods.switchToField.input, (req) => service.switchToField(req)),
    deleteField: unary('deleteField', methods.deleteField.input, (req) => service.deleteField(req)),
    duplicateField: unary('duplicateField', methods.duplicateField.input, (req) => service.duplicateField(req)),
    moveField: unary('moveField', methods.moveField.input, (req) => service.moveField(req)),
    newSelectOption: unary('newSelectOption', methods.newSelectOption.input, (req) => service.newSelectOption(req)),
    createRow: unary('createRow', methods.createRow.input, (req) => service.rows.createRow(req)),
    getRow: unary('getRow', methods.getRow.input, (req) => service.rows.getRow(req)),
    listRows: unary('listRows', methods.listRows.input, (req) => service.rows.listRows(req)),
    getGridBlocks: unary('getGridBlocks', methods.getGridBlocks.input, (req) => service.rows.getGridBlocks(req)),
    deleteRow: unary('deleteRow', methods.deleteRow.input, (req) => service.rows.deleteRow(req)),
    duplicateRow: unary('duplicateRow', methods.duplicateRow.input, (req) => service.rows.duplicateRow(req)),
    moveItem: unary('moveItem', methods.moveItem.input, (req) => service.rows.moveItem(req)),
    getCell: unary('getCell', methods.getCell.input, (req) => service.rows.getCell(req)),
    updateCell: unary('updateCell', methods.updateCell.input, (req) => service.rows.updateCell(req)),
    updateCells: unary('updateCells', methods.updateCells.input, (req) => service.rows.updateCells(req)),
    updateSelectOptionCell: unary('updateSelectOptionCell', methods.updateSelectOptionCell.input, (req) => service.rows.updateSelectOptionCell(req)),
    updateDateCell: unary('updateDateCell', methods.updateDateCell.input, (req) => service.rows.updateDateCell(req)),
  } satisfies Omit<ServiceImpl<typeof GridServiceDesc>, 'watchFields' | 'watchGrid'>;

  /** The changesets a WatchFields call streams; throws (at once, or while streaming) what the caller may not do. */
  function changesets(req: WatchFieldsPayload, context: Pick<HandlerContext, 'values' | 'signal'>): AsyncIterable<GridFieldChangeset> {
    checkDeclaredEnums(methods.watchFields.input, req);
    requireGridPrivilege(context, 'watchFields', 'read', req.gridId);
    return whileReadable(context, 'watchFields', req.gridId, (signal) => service.watchFields(req, signal));
  }

  async function* watch(req: WatchFieldsPayload, context: Pick<HandlerContext, 'values' | 'signal'>): AsyncGenerator<GridFieldChangeset> {
    try {
      yield* changesets(req, context);
    } catch (error) {
      fail(error);
    }
  }

  /** The changes a WatchGrid call streams, fields and rows in one revision order. */
  function changes(req: WatchGridPayload, context: Pick<HandlerContext, 'values' | 'signal'>): AsyncIterable<GridChange> {
    checkDeclaredEnums(methods.watchGrid.input, req);
    requireGridPrivilege(context, 'watchGrid', 'read', req.gridId);
    return whileReadable(context, 'watchGrid', req.gridId, (signal) => service.rows.watchGrid(req, signal));
  }

  async function* watchGrid(req: WatchGridPayload, context: Pick<HandlerContext, 'values' | 'signal'>): AsyncGenerator<GridChange> {
    try {
      yield* changes(req, context);
    } catch (error) {
      fail(error);
    }
  }

  const lane: PlainLane = {
    methods: Object.entries(unaries).map(([name, implementation]): LaneMethod => ({
      method: methods[name as keyof typeof unaries] as LaneMethod['method'],
      serve: (input, values) => (implementation as (req: Message, context: Pick<HandlerContext, 'values'>) => Promise<Message>)(input, { values }),
      // GetFields answers with the same object while the grid's revision holds.
      repeats: name === 'getFields',
    })),
    streams: [
      { method: methods.watchFields, serve: (input, values, signal) => changesets(input as WatchFieldsPayload, { values, signal }), toError: connectErrorOf },
      { method: methods.watchGrid, serve: (input, values, signal) => changes(input as WatchGridPayload, { values, signal }), toError: connectErrorOf },
    ],
    toDecodeError,
    ...(options.access && { admit: gridAdmission(options.access) }),
  };

  const routes = (router: ConnectRouter, settings: RouterSettings) => {
    const first = router.handlers.length;
    router.service(GridServiceDesc, {
      ...unaries,
      watchFields: watch,
      watchGrid,
    }, { interceptors: [gate.interceptor] });
    for (let i = first; i < router.handlers.length; i++) {
      const handler = router.handlers[i]!;
      const stream = lane.streams!.find((s) => s.method === handler.method);
      if (stream) {
        // One change reaches every watcher of the grid: the streams share each changeset's encoding.
        router.handlers[i] = gate.wrap(withServerStreamFastLane(handler, { ...settings, ...stream, refused: gate.refused }));
        continue;
      }
      router.handlers[i] = gate.wrap(handler);
    }
  };
  return { routes, lane };
}
