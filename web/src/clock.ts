/** Tessera's clock (`GET /_tessera/clock`), and advancing it when it is virtual (`POST /_tessera/clock/_advance`). */
import { es } from './api/es.ts';

export interface ClockInfo {
  readonly mode: 'virtual' | 'system';
  readonly now: string;
  readonly now_millis: number;
  readonly poll_interval_millis?: number;
  /** When the runner's next poll tick comes; absent on an instance that does not run the runner. */
  readonly next_poll_millis?: number;
}

export interface ClockAdvance extends ClockInfo {
  /** How many poll ticks the advance ran. */
  readonly ticks: number;
}

export const fetchClock = () => es<ClockInfo>('GET', '/_tessera/clock');

export const advanceClock = (by: string) => es<ClockAdvance>('POST', '/_tessera/clock/_advance', { by });
