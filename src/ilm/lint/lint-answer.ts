/**
 * @module The answer of `POST /_tessera/ilm/lint`: the policy's problems on a new index (or the one given), and,
 * for a policy linted by name without an index, the problems of the indices and templates that use that name, as
 * they would meet the policy linted.
 */
import type { LintEnvironment } from './lint-environment.js';
import { lintPolicy, resolveTarget } from './lint-policy.js';
import type { LintAnswer } from './lint-answer-types.js';
import { lintPolicyUsers } from './lint-policy-users.js';
import type { LintRequest } from './lint-request.js';

export async function lintAnswer(request: LintRequest, env: LintEnvironment): Promise<LintAnswer> {
  const problems = lintPolicy(request, env);
  // With an index, the request asks about that index alone.
  if (request.name === undefined || request.index !== undefined) return { problems };
  const { stored, metadata, runner } = resolveTarget(request, env);
  const users = await lintPolicyUsers(env, { policy: metadata, stored: stored !== undefined, runner, templates: request.templates });
  return { ...users, problems: [...problems, ...users.problems] };
}
