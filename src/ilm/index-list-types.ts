/**
 * @module The shapes of `GET /_tessera/ilm/indices` (index-list.ts), without imports, so the console reads the very
 * types the server answers.
 */
export const INDEX_LIST_SORTS = ['index', 'policy', 'phase', 'action', 'step', 'age', 'data_stream'] as const;
export type IndexListSort = (typeof INDEX_LIST_SORTS)[number];

export interface IndexListQuery {
  readonly from: number;
  readonly size: number;
  /** A substring of the index name, case-insensitive. */
  readonly q?: string;
  readonly policy?: string;
  readonly phase?: string;
  readonly step?: string;
  /** Only managed (true) or unmanaged (false) indices; absent: both. */
  readonly managed?: boolean;
  readonly onlyErrors: boolean;
  readonly dataStream?: string;
  /** The cause of a failure, as error_causes lists them: the failed step and the error's type. */
  readonly failedStep?: string;
  readonly errorType?: string;
  readonly sort: IndexListSort;
  readonly order: 'asc' | 'desc';
}

export interface IndexListRow {
  readonly index: string;
  readonly managed: boolean;
  readonly status: 'open' | 'close';
  readonly hidden: boolean;
  readonly data_stream?: string;
  readonly policy?: string;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly failed_step?: string;
  readonly step_info?: { readonly type?: string; readonly reason?: string; readonly message?: string };
  readonly age?: string;
  readonly age_millis?: number;
  readonly is_auto_retryable_error?: boolean;
  readonly failed_step_retry_count?: number;
}

export interface ErrorCause {
  readonly failed_step: string;
  readonly type: string;
  readonly count: number;
}

export interface IndexListPage {
  /** Indices matching every filter. */
  readonly total: number;
  /** The indices the caller may see, whatever the filters. */
  readonly counts: { readonly indices: number; readonly managed: number; readonly unmanaged: number; readonly errors: number };
  /** Each facet counted over the indices matching every filter but its own, so a filter shows what choosing it again would give. */
  readonly facets: {
    readonly policy: Readonly<Record<string, number>>;
    readonly phase: Readonly<Record<string, number>>;
    readonly step: Readonly<Record<string, number>>;
    readonly data_stream: Readonly<Record<string, number>>;
  };
  /** The indices in ERROR matching the other filters, by the step that failed and the error's type, the most first. */
  readonly error_causes: readonly ErrorCause[];
  readonly indices: readonly IndexListRow[];
}

