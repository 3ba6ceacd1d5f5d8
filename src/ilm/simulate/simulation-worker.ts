/**
 * @module The worker thread a forecast runs in (see simulation-pool.ts), so a long one never holds up the server's
 * event loop. It runs one `simulate` at a time. A step's authorization is asked of the main thread, which holds
 * the users and roles: the worker posts the question and sleeps on a shared flag until the answer is posted back.
 */
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { assumeHeapLimit, ClusterError } from '../../cluster/index.js';
import type { StepRunner } from '../policy/policy-metadata.js';
import { simulate, type SimulationInput } from './simulation.js';
import { fromWireError, fromWireInput, RemoteError, toWireError, toWireResult, type WireError, type WireInput } from './simulation-wire.js';

export interface RunMessage {
  readonly kind: 'run';
  readonly input: WireInput;
  /** Whether steps are authorized (security on): each question goes to the main thread. */
  readonly authorize: boolean;
}

export type WorkerMessage = { readonly kind: 'ready' } | { readonly kind: 'done'; readonly result: ReturnType<typeof toWireResult> } | { readonly kind: 'failed'; readonly error: WireError };

export interface AuthorizeQuestion {
  /** The policy's last modifier with its stored role names: plain data, which the main thread authorizes as it is. */
  readonly runner: StepRunner;
  readonly action: string;
  readonly index: string;
}

/** `denied`: the step may not run; `thrown`: asking threw (the main thread keeps the error under that id). */
export type AuthorizeAnswer = { readonly denied?: WireError; readonly thrown?: number };

export interface SimulationWorkerData {
  readonly port: MessagePort;
  /** One Int32: 0 while a question waits, 1 once its answer is posted. */
  readonly flag: SharedArrayBuffer;
  /** The server's heap limit, which the circuit breakers' percent limits are shares of. */
  readonly heapLimit: number;
}

const parent = parentPort;
if (!parent) throw new Error('simulation-worker.ts runs in a worker thread');
const { port, flag, heapLimit } = workerData as SimulationWorkerData;
const answered = new Int32Array(flag);
assumeHeapLimit(heapLimit);

function askMainThread(question: AuthorizeQuestion): AuthorizeAnswer {
  Atomics.store(answered, 0, 0);
  port.postMessage(question);
  Atomics.wait(answered, 0, 0);
  const reply = receiveMessageOnPort(port);
  if (!reply) throw new Error('the main thread answered no authorization question');
  return reply.message as AuthorizeAnswer;
}

/** The same question gets the same answer for the whole forecast: each is asked once. */
function remoteAuthorizer(): NonNullable<SimulationInput['authorize']> {
  const answers = new Map<string, ClusterError | undefined>();
  return (runner, action, index) => {
    const key = JSON.stringify([runner.username, runner.roles ?? null, action, index]);
    if (answers.has(key)) return answers.get(key);
    const answer = askMainThread({ runner: { username: runner.username, ...(runner.roles && { roles: [...runner.roles] }) }, action, index });
    if (answer.thrown !== undefined) throw new RemoteError(answer.thrown);
    const denied = answer.denied && fromWireError(answer.denied);
    const result = denied instanceof ClusterError ? denied : undefined;
    answers.set(key, result);
    return result;
  };
}

parent.on('message', (message: RunMessage) => {
  void (async () => {
    let reply: WorkerMessage;
    try {
      const result = await simulate(fromWireInput(message.input, message.authorize ? remoteAuthorizer() : undefined));
      reply = { kind: 'done', result: toWireResult(result) };
    } catch (error) {
      reply = { kind: 'failed', error: toWireError(error) };
    }
    parent.postMessage(reply);
  })();
});
parent.postMessage({ kind: 'ready' } satisfies WorkerMessage);
