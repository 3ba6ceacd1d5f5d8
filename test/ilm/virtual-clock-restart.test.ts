import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestServer, tempDataDir } from '../helpers/server.js';

async function clock(url: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${url}/_tessera/clock${method === 'POST' ? '/_advance' : ''}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { mode: string; now_millis: number };
}

describe('the virtual clock across a restart', () => {
  it('resumes where it stood instead of going back to the real time', async () => {
    const dataDir = tempDataDir();
    const first = await startTestServer({ dataDir, clockMode: 'virtual' });
    const advanced = await clock(first.url, 'POST', { by: '90d' });
    assert.equal(advanced.mode, 'virtual');
    await first.close();
    const second = await startTestServer({ dataDir, clockMode: 'virtual' });
    try {
      const resumed = await clock(second.url);
      assert.equal(resumed.now_millis, advanced.now_millis);
    } finally {
      await second.dispose();
    }
  });
});
