/**
 * @module Elasticsearch's units, for the server and the console alike: no Node.js import here (web/src imports
 * this folder directly).
 */
export { BYTE_UNITS, byteSizeStringRep, byteSizeText, parseByteSize, readByteSize } from './byte-size.js';
export { readPercent, readRatioPercent } from './ratio.js';
export { isWildcard, matcherOf, matchesPattern, patternsIntersect } from './patterns.js';
export { humanDuration, LONG_MAX, LONG_MIN, parseTimeValue, readDuration, TIME_UNITS } from './time-value.js';
export { UnitError, unitError, type UnitFailure } from './unit-error.js';
