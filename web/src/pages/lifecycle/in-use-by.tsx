/**
 * What uses a policy, as the policy list and the editor show it: counts and the first few names, never every name
 * (a policy may run a thousand indices), with a link to the managed-index list filtered by the policy.
 */
import { Fragment } from 'react';
import { href } from '../../route.ts';
import type { PolicyEntry } from './lifecycle-types.ts';
import type { UserProblem } from './lint-types.ts';

/** Names shown before "and N more". */
const SHOWN_NAMES = 3;

/** The managed-index list, filtered by the policy (the list reads `policy` from the route's query). */
export function policyIndicesHref(policy: string): string {
  return `${href('lifecycle')}?policy=${encodeURIComponent(policy)}`;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "2 indices and 1 template", or "no index". */
export function usersText(indices: number, templates: number): string {
  const parts = [...(indices > 0 ? [plural(indices, 'index', 'indices')] : []), ...(templates > 0 ? [plural(templates, 'template', 'templates')] : [])];
  return parts.length > 0 ? parts.join(' and ') : 'no index';
}

function IndexLinks({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((index, i) => (
        <Fragment key={index}>
          {i > 0 && ', '}
          <a href={href('lifecycle', 'index', index)}>{index}</a>
        </Fragment>
      ))}
    </>
  );
}

export function InUseBy({ policy, usage }: { policy: string; usage: PolicyEntry['in_use_by'] }) {
  const { indices, composable_templates: templates } = usage;
  if (indices.length === 0 && templates.length === 0) return <>no index</>;
  const more = indices.length - SHOWN_NAMES;
  return (
    <span className="in-use-by">
      {indices.length > 0 && (
        <>
          <span className="use-count">{plural(indices.length, 'index', 'indices')}</span>: <IndexLinks names={indices.slice(0, SHOWN_NAMES)} />
          {more > 0 && (
            <>
              {' '}
              <a href={policyIndicesHref(policy)} className="all-indices">
                and {more} more
              </a>
            </>
          )}
        </>
      )}
      {templates.length > 0 && (
        <>
          {indices.length > 0 && '; '}
          <span className="use-count">{plural(templates.length, 'template', 'templates')}</span>: {templates.slice(0, SHOWN_NAMES).join(', ')}
          {templates.length > SHOWN_NAMES && ` and ${templates.length - SHOWN_NAMES} more`}
        </>
      )}
    </span>
  );
}

/** Under a problem of the indices or templates that use a policy: which ones it concerns. */
export function ProblemConcerns({ policy, problem }: { policy: string; problem: UserProblem }) {
  if (problem.index_count !== undefined) {
    const more = problem.index_count - (problem.indices?.length ?? 0);
    return (
      <p className="lint-concerns">
        In {plural(problem.index_count, 'index', 'indices')} that {problem.index_count === 1 ? 'uses' : 'use'} it: <IndexLinks names={problem.indices ?? []} />
        {more > 0 && (
          <>
            {' '}
            <a href={policyIndicesHref(policy)}>and {more} more</a>
          </>
        )}
      </p>
    );
  }
  if (problem.template_count !== undefined) {
    const more = problem.template_count - (problem.templates?.length ?? 0);
    return (
      <p className="lint-concerns">
        In the new index of {problem.template_count === 1 ? 'template' : `${problem.template_count} templates`}: {(problem.templates ?? []).join(', ')}
        {more > 0 && ` and ${more} more`}
      </p>
    );
  }
  return null;
}
