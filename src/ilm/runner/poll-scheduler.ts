/**
 * @module Poll ticks every `indices.lifecycle.poll_interval`. On the system clock a timer drives them; on
 * the virtual clock `advance` runs every tick that falls in the advanced interval, in order, jumping over
 * ticks at which nothing can change.
 */
import type { Clock, VirtualClock } from '../../platform/clock.js';
import type { LifecycleRunner } from './lifecycle-runner.js';

/** The longest delay `setTimeout` holds. */
const MAX_TIMER_MILLIS = 2 ** 31 - 1;

export class PollScheduler {
  #timer: NodeJS.Timeout | undefined;
  #lastTick: number;

  /** `lastTick`: where the grid of ticks starts (a simulation follows the live scheduler's grid); now by default. */
  constructor(
    private readonly runner: LifecycleRunner,
    private readonly clock: Clock,
    lastTick = clock.now(),
  ) {
    this.#lastTick = lastTick;
  }

  get lastTick(): number {
    return this.#lastTick;
  }

  /**
   * When the next tick comes: the first point of the ticks' grid after the last tick that is not yet past. The timer
   * waits one interval after each tick; on the virtual clock, an advance runs the ticks of the same grid.
   */
  nextTick(now: number): number {
    const interval = this.runner.pollInterval();
    return this.#lastTick + Math.max(1, Math.ceil((now - this.#lastTick) / interval)) * interval;
  }

  /**
   * Real time: a timer that re-reads the interval after every tick. An interval longer than a Node.js timer holds
   * (about 24.8 days; Node would fire it at once) is waited out in several timers.
   */
  startTimer(): void {
    const arm = (wait: number) => {
      const delay = Math.min(wait, MAX_TIMER_MILLIS);
      this.#timer = setTimeout(() => {
        if (wait > delay) arm(wait - delay);
        else void this.tick().finally(() => arm(this.runner.pollInterval()));
      }, delay);
      this.#timer.unref();
    };
    arm(this.runner.pollInterval());
  }

  stopTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async tick(): Promise<void> {
    this.#lastTick = this.clock.now();
    await this.runner.settle();
    await this.runner.tick();
    await this.runner.settle();
  }

  /**
   * Moves the virtual clock forward by `millis`, running each poll tick on the way. Returns the ticks run.
   * `stop`, asked before each tick, ends the advance there, with the clock at the last tick run.
   */
  async advance(clock: VirtualClock, millis: number, stop?: () => boolean): Promise<number> {
    const target = clock.now() + millis;
    let ticks = 0;
    await this.runner.settle();
    for (;;) {
      if (stop?.()) return ticks;
      const interval = this.runner.pollInterval();
      // The interval may have changed since the last tick: the next tick is the first on its grid not yet past.
      const elapsed = clock.now() - this.#lastTick;
      let next = this.#lastTick + Math.max(1, Math.ceil(elapsed / interval)) * interval;
      const due = await this.runner.nextDue(this.#lastTick);
      // Ticks before anything is due would find nothing to do: jump to the first tick at or after it.
      if (due === undefined) next = Number.POSITIVE_INFINITY;
      else if (due > next) next = this.#lastTick + Math.ceil((due - this.#lastTick) / interval) * interval;
      if (next > target) {
        // The skipped ticks still happened, on the same grid.
        this.#lastTick += Math.floor((target - this.#lastTick) / interval) * interval;
        break;
      }
      if (next < clock.now()) next = clock.now();
      clock.advance(next - clock.now());
      await this.tick();
      ticks++;
    }
    clock.advance(target - clock.now());
    return ticks;
  }
}
