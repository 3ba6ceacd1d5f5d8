/** @module Leadership: which one of the instances sharing a store runs singleton work such as the lifecycle runner. */

export interface Leadership {
  readonly isLeader: boolean;
  /** Told each time this instance gains or loses leadership. */
  onChange(listener: (leader: boolean) => void): () => void;
  /** Starts contending; resolves once the first attempt has been made. */
  start(): Promise<void>;
  /** Gives leadership up and stops contending. */
  stop(): Promise<void>;
}

/** Whether this instance leads, and who to tell when that changes; subclasses decide when it does. */
export abstract class LeadershipState implements Leadership {
  #leader = false;
  readonly #listeners = new Set<(leader: boolean) => void>();

  get isLeader(): boolean {
    return this.#leader;
  }

  onChange(listener: (leader: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;

  protected setLeader(leader: boolean): void {
    if (this.#leader === leader) return;
    this.#leader = leader;
    for (const listener of this.#listeners) listener(leader);
  }
}

/** The only instance of a store it owns alone (SQLite) always leads. */
export class SoleLeadership extends LeadershipState {
  async start(): Promise<void> {
    this.setLeader(true);
  }

  async stop(): Promise<void> {
    this.setLeader(false);
  }
}
