/** @module Registers GridService on a Connect router: decode, check enum values, call the service, map errors. */
import type { DescMessage, Message } from '@bufbuild/protobuf';
import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { GridService as GridServiceDesc } from '../../gen/tessera/grid/v1/grid_service_pb.js';
import type { GridService } from '../grid-service.js';
import { GridError } from '../grid-error.js';
import { checkDeclaredEnums } from '../validation.js';
import { createDecodeGate } from './decode-gate.js';
import { toConnectError } from './grid-connect-error.js';

export interface GridRoutesOptions {
  readonly service: GridService;
  /** The largest request body the router reads; the decode gate reads no more. */
  readonly readMaxBytes: number;
  /** Told about every error that is not the client's fault. */
  readonly onInternalError?: (error: unknown) => void;
}

export function gridRoutes(options: GridRoutesOptions): (router: ConnectRouter) => void {
  const { service } = options;
  const methods = GridServiceDesc.method;

  function fail(error: unknown): never {
    const connectError = toConnectError(error);
    if (connectError.cause !== undefined && options.onInternalError) options.onInternalError(connectError.cause);
    throw connectError;
  }

  function unary<I extends Message, O>(input: DescMessage, call: (req: I) => Promise<O>) {
    return async (req: I): Promise<O> => {
      try {
        checkDeclaredEnums(input, req);
        return await call(req);
      } catch (error) {
        fail(error);
      }
    };
  }

  const gate = createDecodeGate({
    readMaxBytes: options.readMaxBytes,
    toError: (reason) => toConnectError(new GridError('InvalidData', reason)),
  });

  return (router) => {
    const first = router.handlers.length;
    router.service(GridServiceDesc, {
      createGrid: unary(methods.createGrid.input, (req) => service.createGrid(req)),
      getGrid: unary(methods.getGrid.input, (req) => service.getGrid(req.value)),
      listGrids: unary(methods.listGrids.input, () => service.listGrids()),
      deleteGrid: unary(methods.deleteGrid.input, (req) => service.deleteGrid(req.value)),
      getFields: unary(methods.getFields.input, (req) => service.getFields(req)),
      insertField: unary(methods.insertField.input, (req) => service.insertField(req)),
      updateField: unary(methods.updateField.input, (req) => service.updateField(req)),
      updateFieldTypeOption: unary(methods.updateFieldTypeOption.input, (req) => service.updateFieldTypeOption(req)),
      getEditFieldContext: unary(methods.getEditFieldContext.input, (req) => service.getEditFieldContext(req)),
      getFieldTypeOption: unary(methods.getFieldTypeOption.input, (req) => service.getFieldTypeOption(req)),
      switchToField: unary(methods.switchToField.input, (req) => service.switchToField(req)),
      deleteField: unary(methods.deleteField.input, (req) => service.deleteField(req)),
      duplicateField: unary(methods.duplicateField.input, (req) => service.duplicateField(req)),
      moveField: unary(methods.moveField.input, (req) => service.moveField(req)),
      newSelectOption: unary(methods.newSelectOption.input, (req) => service.newSelectOption(req)),
      async *watchFields(req, context: HandlerContext) {
        try {
          checkDeclaredEnums(methods.watchFields.input, req);
          yield* service.watchFields(req, context.signal);
        } catch (error) {
          fail(error);
        }
      },
    }, { interceptors: [gate.interceptor] });
    for (let i = first; i < router.handlers.length; i++) router.handlers[i] = gate.wrap(router.handlers[i]!);
  };
}
