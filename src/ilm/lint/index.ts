/** @module Lint: what will go wrong with a policy, an index, its aliases and templates, before it does. */
export { parseLintRequest, type LintRequest } from './lint-request.js';
export { lintPolicy } from './lint-policy.js';
export { lintAnswer } from './lint-answer.js';
export type { LintAnswer, UserProblem } from './lint-answer-types.js';
export { lintManagedIndexEntries, lintManagedIndices, type ManagedIndexLint } from './lint-managed-indices.js';
export type { LintEnvironment } from './lint-environment.js';
export type { LintProblem } from './lint-problem.js';
