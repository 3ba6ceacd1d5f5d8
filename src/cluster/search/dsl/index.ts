/** @module The search DSL parser: a `query` object into the Query AST, a search request (body and URL) into SearchRequest. */
export { parseQuery, MAX_NESTED_DEPTH } from './parse-query.js';
export { parseSearchRequest, queryStringQuery, SEARCH_PARAMS } from './parse-search-request.js';
export { ES_QUERIES, TESSERA_QUERIES } from './query-names.js';
export { parseCountRequest, type CountRequest } from './parse-count-request.js';
