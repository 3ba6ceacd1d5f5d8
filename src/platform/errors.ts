/** @module The base of every domain error; each domain's edge adapter maps it to its wire form. */

export abstract class TesseraError extends Error {
  abstract readonly domain: string;
}
