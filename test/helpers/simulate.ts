/**
 * @module Lifecycle forecasts over HTTP through the official client's transport, and the checks that the real
 * runner, on the virtual clock, does what a forecast said at the time it said.
 */
import type { Client } from '@elastic/elasticsearch';
import assert from 'node:assert/strict';
import { explainRecord, type EsFixture, type Row } from './es.js';

export interface ForecastEvent {
  readonly time_millis: number;
  readonly kind: 'step' | 'error' | 'created' | 'deleted' | 'watermark' | 'writes_refused' | 'writes_resumed';
  readonly index?: string;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly failed_step?: string;
  readonly step_info?: Record<string, unknown>;
  readonly [key: string]: unknown;
}

export interface Forecast {
  readonly index: string;
  readonly start_millis: number;
  readonly end_millis: number;
  readonly first_error: (ForecastEvent & { row: number | null; remedy: string }) | null;
  readonly events: ForecastEvent[];
  readonly indices: Record<string, Row>;
  readonly disk: { capacity_in_bytes: number; samples: Row[] };
  readonly [key: string]: unknown;
}

export async function simulate(client: Client, body: Record<string, unknown>): Promise<Forecast> {
  return (await client.transport.request({ method: 'POST', path: '/_tessera/ilm/simulate', body })) as Forecast;
}

export async function timeline(client: Client, index: string, querystring: Record<string, string> = {}): Promise<Forecast> {
  return (await client.transport.request({ method: 'GET', path: `/_tessera/ilm/timeline/${encodeURIComponent(index)}`, querystring })) as Forecast;
}

/** The time a forecast has an index enter `step` last (the step it is predicted to stay in). */
export function lastEntry(forecast: Forecast, index: string, step: string): number {
  const entries = forecast.events.filter((e) => e.index === index && (e.step === step || e.failed_step === step));
  assert.ok(entries.length > 0, `the forecast has ${index} enter ${step}`);
  return entries.at(-1)!.time_millis;
}

/** Moves the real virtual clock to `millis` exactly (the clock must not be past it). */
export async function advanceTo(es: EsFixture, millis: number): Promise<void> {
  const now = es.clock.now();
  assert.ok(millis >= now, `the clock is at ${now}, past ${millis}`);
  if (millis > now) await es.advance(`${millis - now}ms`);
}

/** What explain shows of where an index stands, in the forecast's terms. */
export function standing(record: Row): Row {
  return {
    phase: record.phase,
    action: record.action,
    step: record.step,
    step_time_millis: record.step_time_millis,
    ...(record.failed_step !== undefined && { failed_step: record.failed_step }),
    ...(record.failed_step_retry_count !== undefined && { failed_step_retry_count: record.failed_step_retry_count }),
    ...(record.step_info !== undefined && { step_info: record.step_info }),
  };
}

/** The same for a forecast's index at the end. */
export function predictedStanding(forecast: Forecast, index: string): Row {
  const { docs_count: _docs, size_in_bytes: _size, policy: _policy, ...rest } = forecast.indices[index] ?? {};
  return rest;
}

/**
 * Runs the real clock to just before `time` and checks explain does not show `step` yet, then to `time` and
 * checks it does, entered at exactly that time.
 */
export async function assertEntersAt(es: EsFixture, index: string, step: string, time: number): Promise<Row> {
  if (time > es.clock.now()) {
    await advanceTo(es, time - 1);
    const before = await explainRecord(es.client, index);
    assert.ok(!(before.step === step || before.failed_step === step) || before.step_time_millis < time - 1, `not at ${step} before ${time}: ${JSON.stringify(before)}`);
    await advanceTo(es, time);
  }
  const record = await explainRecord(es.client, index);
  assert.ok(record.step === step || record.failed_step === step, `at ${step} at ${time}: ${JSON.stringify(record)}`);
  assert.equal(record.step_time_millis, time, `entered ${step} when the forecast said`);
  return record;
}
