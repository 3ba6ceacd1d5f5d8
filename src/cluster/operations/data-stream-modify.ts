/**
 * @module `POST /_data_stream/_modify` (ModifyDataStreamsAction): the body's actions parsed as DataStreamAction
 * parses them, and applied in order (MetadataDataStreamsService.modifyDataStream), each against the state the one
 * before left; any refusal leaves the state as it was.
 */
import { ClusterError, ClusterErrors } from '../cluster-error.js';
import { ClusterState } from '../cluster-state.js';
import { DataStreams, type DataStream } from '../data-stream.js';
import { IndexMetadata } from '../index-metadata.js';
import { prepareBackingIndex } from './backing-index.js';

export interface DataStreamAction {
  readonly type: 'add_backing_index' | 'remove_backing_index';
  /** Absent when the action names none: ES then looks the name `null` up, and fails on it. */
  readonly data_stream?: string;
  readonly index?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** What fails inside an action entry, as ObjectParser reports it: the `actions` field, caused by the entry's own error. */
const entryFailure = (cause: ClusterError) => new ClusterError('x_content_parse_exception', 400, '[data_stream_actions] failed to parse field [actions]', {}, cause);

function parseAction(entry: unknown): DataStreamAction {
  if (!isObject(entry)) throw entryFailure(ClusterErrors.xContentParse('[data_stream_action] Expected START_OBJECT'));
  const kinds = Object.keys(entry);
  for (const kind of kinds) if (kind !== 'add_backing_index' && kind !== 'remove_backing_index') throw entryFailure(ClusterErrors.xContentParse(`[data_stream_action] unknown field [${kind}]`));
  if (kinds.length > 1) throw entryFailure(ClusterErrors.illegalArgument('too many data stream operations declared on operation entry'));
  if (kinds.length === 0) throw entryFailure(ClusterErrors.illegalArgument('no data stream operation declared on operation entry'));
  const type = kinds[0] as DataStreamAction['type'];
  const spec = entry[type];
  if (!isObject(spec)) throw entryFailure(ClusterErrors.xContentParse(`[data_stream_action] ${type} doesn't support values of type: VALUE_STRING`));
  const action: { type: DataStreamAction['type']; data_stream?: string; index?: string } = { type };
  for (const [key, value] of Object.entries(spec)) {
    if (key !== 'data_stream' && key !== 'index') throw entryFailure(ClusterErrors.xContentParse(`[${type}] unknown field [${key}]`));
    if (value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw entryFailure(ClusterErrors.xContentParse(`[${type}] ${key} doesn't support values of type: ${Array.isArray(value) ? 'START_ARRAY' : 'START_OBJECT'}`));
    action[key] = String(value);
  }
  return action;
}

/** RestModifyDataStreamsAction: a body with at least one action. */
export function parseDataStreamActions(body: unknown): DataStreamAction[] {
  if (body === undefined) throw ClusterErrors.parse('request body is required');
  if (!isObject(body)) throw ClusterErrors.xContentParse('[data_stream_actions] Expected START_OBJECT');
  for (const key of Object.keys(body)) if (key !== 'actions') throw ClusterErrors.xContentParse(`[data_stream_actions] unknown field [${key}]`);
  if (!('actions' in body)) throw ClusterErrors.illegalArgument('Required [actions]');
  if (!Array.isArray(body.actions)) throw ClusterErrors.xContentParse('[data_stream_actions] actions doesn\'t support values of type: START_OBJECT');
  const actions = body.actions.map(parseAction);
  if (actions.length === 0) throw ClusterErrors.illegalArgument('no data stream actions specified, at least one must be specified');
  return actions;
}

function validateDataStream(state: ClusterState, name: string | undefined): DataStream {
  const dataStream = name === undefined ? undefined : DataStreams.get(state, name);
  if (!dataStream) throw ClusterErrors.illegalArgument(`data stream [${name ?? 'null'}] not found`);
  return dataStream;
}

function validateIndex(state: ClusterState, name: string | undefined): IndexMetadata {
  const index = name === undefined ? undefined : state.indices.get(name);
  if (!index) throw ClusterErrors.illegalArgument(`index [${name ?? 'null'}] not found`);
  return index;
}

/** DataStream.addBackingIndex: the index goes first (it is the oldest), unless it is the stream's already. */
function addBackingIndex(state: ClusterState, action: DataStreamAction): ClusterState {
  const dataStream = validateDataStream(state, action.data_stream);
  const index = prepareBackingIndex(validateIndex(state, action.index));
  const parent = DataStreams.ofIndex(state, index.name);
  if (parent?.name === dataStream.name) return ClusterState.withIndex(state, index);
  if (parent) throw ClusterErrors.illegalArgument(`cannot add index [${index.name}] to data stream [${dataStream.name}] because it is already a backing index on data stream [${parent.name}]`);
  const aliases = Object.keys(index.aliases).sort();
  if (aliases.length > 0) throw ClusterErrors.illegalArgument(`cannot add index [${index.name}] to data stream [${dataStream.name}] until its alias(es) [${aliases.join(',')}] are removed`);
  const indices = [{ index_name: index.name, index_uuid: index.uuid }, ...dataStream.indices];
  return DataStreams.with(ClusterState.withIndex(state, index), { ...dataStream, indices, generation: dataStream.generation + 1 });
}

/** DataStream.removeBackingIndex: never the write index; the index stays, no longer hidden. */
function removeBackingIndex(state: ClusterState, action: DataStreamAction): ClusterState {
  const dataStream = validateDataStream(state, action.data_stream);
  const position = dataStream.indices.findIndex((i) => i.index_name === action.index);
  if (position < 0) throw ClusterErrors.illegalArgument(`index [${action.index ?? 'null'}] not found`);
  if (position === dataStream.indices.length - 1) {
    throw ClusterErrors.illegalArgument(`cannot remove backing index [${action.index}] of data stream [${dataStream.name}] because it is the write index`);
  }
  const indices = dataStream.indices.filter((_, i) => i !== position);
  let next = DataStreams.with(state, { ...dataStream, indices, generation: dataStream.generation + 1 });
  const index = next.indices.get(action.index!);
  if (index) next = ClusterState.withIndex(next, IndexMetadata.with(index, { settings: { ...index.settings, 'index.hidden': 'false' } }));
  return next;
}

export function modifyDataStreams(state: ClusterState, actions: readonly DataStreamAction[]): ClusterState {
  let next = state;
  for (const action of actions) next = action.type === 'add_backing_index' ? addBackingIndex(next, action) : removeBackingIndex(next, action);
  return next;
}
