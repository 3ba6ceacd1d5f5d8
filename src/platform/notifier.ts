/** @module In-process publish/subscribe by topic: the signal that wakes watchers after a commit. */

export type Listener<T> = (event: T) => void;

/**
 * Delivers events to the listeners of a topic. It carries hints, never the truth: subscribers that
 * miss or doubt an event re-read the store.
 */
export interface Notifier<T> {
  publish(topic: string, event: T): void;
  subscribe(topic: string, listener: Listener<T>): () => void;
}

export class LocalNotifier<T> implements Notifier<T> {
  readonly #topics = new Map<string, Set<Listener<T>>>();

  publish(topic: string, event: T): void {
    const listeners = this.#topics.get(topic);
    if (!listeners) return;
    for (const listener of [...listeners]) listener(event);
  }

  subscribe(topic: string, listener: Listener<T>): () => void {
    let listeners = this.#topics.get(topic);
    if (!listeners) this.#topics.set(topic, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#topics.get(topic) === listeners) this.#topics.delete(topic);
    };
  }

  /** Delivers `event` to the listeners of every topic. */
  broadcast(event: T): void {
    for (const topic of [...this.#topics.keys()]) this.publish(topic, event);
  }

  subscriberCount(topic: string): number {
    return this.#topics.get(topic)?.size ?? 0;
  }
}
