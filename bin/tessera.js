#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so the command works straight from a clone after `npm ci`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
