/** @module Simulation: what the runner will do to an index over the days to come, by running it on a copy. */
export { parseSimulateRequest, parseHorizon, parseDocumentRate, DEFAULT_HORIZON, DEFAULT_DOCUMENT_SIZE, type SimulateRequest, type Forecast } from './simulate-request.js';
export { simulatePolicy, indexTimeline, type SimulationEnvironment } from './forecast.js';
export { SimulationPool } from './simulation-pool.js';
