/** @module What a remedy is: the spec's row, lint's words, and the console's words for an index that already met it. */
import type { ClusterState, IndexMetadata } from '../../cluster/index.js';
import type { ErrorParams } from '../../platform/errors.js';

export interface RemedyContext {
  /** The cluster as the step saw it (or as the request would find it). */
  readonly state: ClusterState;
  /** The index the step ran on; absent for a policy request. */
  readonly index?: IndexMetadata;
  readonly phase?: string;
}

/** An index that has failed (step ERROR) or waits with a message, as explain shows it. */
export interface AdviceContext {
  readonly index: string;
  readonly policy: string;
  readonly phase: string;
}

/** What the console shows beside a failure or a wait. */
export interface Advice {
  /** The spec's error row, when the failure is one of them. */
  readonly row?: number;
  /** The cause in a few words. */
  readonly cause: string;
  /** What to do, in plain words, naming the index, alias, policy or setting involved. */
  readonly remedy: string;
  /** Whether a retry is needed once the cause is fixed. */
  readonly retry: 'retry' | 'automatic' | 'none';
}

export interface Remedy {
  /** The row of the spec's error table (`spec/ilm-error-handling.md`) lint reports with its words, or null. */
  readonly row: number | null;
  /**
   * Lint's words (also the forecast's): what to change so the step, or the request, succeeds. Absent, or undefined for
   * these params: lint's general hint, with no row.
   */
  readonly lint?: (params: ErrorParams, ctx: RemedyContext) => string | undefined;
  /** The console's words once an index has met it; absent: the console's general hint. */
  readonly advice?: (params: ErrorParams, ctx: AdviceContext) => Advice;
}

/** A param as text (params are strings or numbers). */
export const text = (value: string | number | undefined): string => String(value ?? '');

/** The console's closing words for a failure that needs a retry once fixed. */
export const RETRY = 'Then press Retry.';
