/**
 * @module Remedies for causes outside the policy's actions: memory (row 7), disk (row 8), privileges (row 9), and
 * what the cluster lacks or has in the way (a policy, a repository, an index of the same name, replicas).
 */
import { RETRY, type Remedy } from './remedy.js';

export const circuitBreaking: Remedy = {
  row: 7,
  lint: () => 'Relieve the memory pressure before the step runs: raise indices.breaker.request.limit (or indices.breaker.total.limit), or make the index smaller.',
  advice: ({ breaker }) => {
    const setting = breaker === 'parent' ? 'indices.breaker.total.limit' : breaker === 'request' ? 'indices.breaker.request.limit' : 'the circuit breaker limits';
    return {
      row: 7,
      cause: `The operation needs more memory than ${breaker ? `the [${breaker}] circuit breaker` : 'a circuit breaker'} allows: the cluster hit a resource limit.`,
      remedy: `Relieve the memory pressure before going on: raise ${setting} (Cluster page shows the limits) or make the operation smaller. The error is retried automatically at the next poll, or press Retry once the pressure is gone.`,
      retry: 'automatic',
    };
  },
};

/** Above the high watermark a step waits; lint's dry run never meets it (it assumes room), so only the console words it. */
export const highDiskWatermark: Remedy = {
  row: null,
  advice: ({ watermark, node }) => ({
    row: 8,
    cause: `The disk of [${node}] is above the high watermark [${watermark}], so new shards cannot be placed.`,
    remedy: `Free disk space, for example by deleting old indices or documents, or raise the high watermark; set up rollover so data moves on from the hot phase. The step is waiting, not failed: it goes on by itself once there is room.`,
    retry: 'none',
  }),
};

/** Above flood stage a write fails. */
export const floodStageBlocked: Remedy = {
  row: 8,
  lint: () => 'Free disk (delete old data) or raise cluster.routing.allocation.disk.watermark.flood_stage; the block is released once usage is below the high watermark.',
  advice: () => ({
    row: 8,
    cause: 'The disk is above the flood-stage watermark, so every index is read-only (deletes still work).',
    remedy: `Free disk space (delete old indices or documents) until usage is below the high watermark, which lifts the block, or raise the watermarks; set up rollover so data moves on. ${RETRY} (the next poll also retries it).`,
    retry: 'automatic',
  }),
};

/**
 * Steps run with the role names stored with the policy at its last PUT (see StepRunner), so giving the user another
 * role changes nothing: a role they name must grant the privilege, or the policy be PUT again by a user who holds it.
 */
export const actionUnauthorized: Remedy = {
  row: 9,
  // Lint words it for a user's denial on indices, which is what a step meets (never an API key's).
  lint: ({ action, user, roles, indices, privileges, api_key }) => {
    if (indices === undefined || api_key !== undefined) return undefined;
    const needed = `${privileges ? `one of the index privileges [${privileges}]` : `[${action}]`} on [${indices}]`;
    return roles
      ? `Grant ${needed} to one of the roles [${roles}], or PUT the policy as a user whose roles grant it: its steps run with the roles user [${user}] held when it last PUT the policy.`
      : `PUT the policy as a user whose roles grant ${needed}: its steps run with the roles user [${user}] held when it last PUT the policy, and it held none.`;
  },
  advice: ({ action, user, roles, api_key }, { policy }) => ({
    row: 9,
    cause:
      api_key === undefined
        ? `Lifecycle steps run with the roles the user who last modified policy [${policy}] held then, and user [${user}]${roles ? ` (roles [${roles}])` : ' (no role)'} may not perform [${action}].`
        : `Lifecycle steps run as the user who last modified policy [${policy}], and the user who last modified the policy may not do what this step needs.`,
    remedy: `${roles ? `Grant the index privileges the step needs (manage or all on this index) to one of the roles [${roles}], or PUT` : 'PUT'} policy [${policy}] again as a user whose roles grant them: giving user [${user}] another role does not change the roles the steps run with. ${RETRY}`,
    retry: 'retry',
  }),
};

export const policyMissing: Remedy = {
  row: null,
  lint: ({ policy }) => `Create the policy with PUT /_ilm/policy/${policy}, or set index.lifecycle.name to a policy that exists.`,
};

export const repositoryMissing: Remedy = {
  row: null,
  lint: ({ repository }) => `Register the repository with PUT /_snapshot/${repository}, or change the policy's snapshot_repository to one that exists.`,
};

export const mountedIndexNotGreen: Remedy = {
  row: null,
  lint: () =>
    'One node cannot place replicas, so the mounted index never turns green: give the index "index.number_of_replicas": 0 before its searchable_snapshot action (in its settings, or with an allocate action in an earlier phase).',
};

export const indexAlreadyExists: Remedy = {
  row: null,
  lint: ({ index }) => `Delete or rename index [${index}]: it is in the way of the index this step creates.`,
};
