/**
 * What the signed-in user may do, asked of the server as Kibana asks Elasticsearch (`POST
 * /_security/user/_has_privileges`), so a view shows only the buttons and forms that will work. The server still
 * decides every call; this only spares a user the buttons that would be refused.
 */
import { useEffect, useState } from 'react';
import { es } from './api/es.ts';
import { currentUser } from './session.ts';

export interface PrivilegeRequest {
  /** Cluster privileges (`manage_ilm`) or actions (`cluster:admin/ilm/put`). */
  readonly cluster?: readonly string[];
  /** Index privileges (`manage_ilm`) or actions, on these indices by name. */
  readonly index?: readonly { readonly names: readonly string[]; readonly privileges: readonly string[] }[];
  /** Application privileges on resources: the grid API's are `tessera-grid`'s on `grid:<id>` (`grid:*` to create one). */
  readonly application?: readonly { readonly application: string; readonly privileges: readonly string[]; readonly resources: readonly string[] }[];
}

/** `_has_privileges`'s answer, member for member. */
interface HasPrivileges {
  readonly username: string;
  readonly has_all_requested: boolean;
  readonly cluster: Readonly<Record<string, boolean>>;
  readonly index: Readonly<Record<string, Readonly<Record<string, boolean>>>>;
  readonly application: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, boolean>>>>>>;
}

export interface Privileges {
  /** False until the server has answered: a view waits rather than flash buttons it then takes away. */
  readonly known: boolean;
  cluster(privilege: string): boolean;
  index(name: string, privilege: string): boolean;
  application(application: string, resource: string, privilege: string): boolean;
}

/** Everything allowed: security is off (no one signs in), so the server refuses nothing for want of a privilege. */
const EVERYTHING: Privileges = { known: true, cluster: () => true, index: () => true, application: () => true };
const PENDING: Privileges = { known: false, cluster: () => false, index: () => false, application: () => false };

function fromAnswer(answer: HasPrivileges): Privileges {
  return {
    known: true,
    cluster: (privilege) => answer.cluster[privilege] === true,
    index: (name, privilege) => answer.index[name]?.[privilege] === true,
    application: (application, resource, privilege) => answer.application[application]?.[resource]?.[privilege] === true,
  };
}

/**
 * Asks once per distinct request (by its JSON); with security off, everything is allowed without asking. When the
 * server cannot answer, every button is shown and the server's refusal, if any, is what the user sees.
 */
export function usePrivileges(request: PrivilegeRequest): Privileges {
  const key = JSON.stringify(request);
  const [answer, setAnswer] = useState<{ key: string; privileges: Privileges }>();
  useEffect(() => {
    if (currentUser() === undefined) return;
    let live = true;
    const body = {
      cluster: request.cluster ?? [],
      index: (request.index ?? []).filter((entry) => entry.names.length > 0),
      application: (request.application ?? []).filter((entry) => entry.resources.length > 0),
    };
    // The server refuses a request that asks nothing (as Elasticsearch does): nothing asked, nothing to hide.
    if (body.cluster.length === 0 && body.index.length === 0 && body.application.length === 0) {
      setAnswer({ key, privileges: EVERYTHING });
      return;
    }
    es<HasPrivileges>('POST', '/_security/user/_has_privileges', body).then(
      (has) => live && setAnswer({ key, privileges: fromAnswer(has) }),
      () => live && setAnswer({ key, privileges: EVERYTHING }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (currentUser() === undefined) return EVERYTHING;
  return answer?.key === key ? answer.privileges : PENDING;
}
