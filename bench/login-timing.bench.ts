/**
 * Whether the time a wrong password takes tells an unknown user from a known one (user enumeration): the median
 * answer time of a refused basic authentication for an unknown name, a known name and a disabled user, each as a
 * ratio to the known name's, measured in one run on one server. Each attempt comes from its own loopback address,
 * so no lockout shortens an answer. Prints figures; asserts nothing. Run alone: `node --import tsx bench/login-timing.bench.ts`.
 */
import http from 'node:http';
import { startTestServer, tempDataDir } from '../test/helpers/server.js';
import { heading, machineLine, median, ms, QUICK, ratio, table } from './report.js';

const ROUNDS = QUICK ? 20 : 100;

function refusedIn(url: string, username: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      `${url}/_security/_authenticate`,
      { localAddress, agent: false, headers: { authorization: `Basic ${Buffer.from(`${username}:not-the-password`).toString('base64')}` } },
      (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 401 ? resolve(performance.now() - started) : reject(new Error(`status ${response.statusCode}`))));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const server = await startTestServer({ dataDir: tempDataDir(), security: true, elasticPassword: 'elastic-pw' });
try {
  const put = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('elastic:elastic-pw').toString('base64')}` },
      body: JSON.stringify(body),
    });
  await put('/_security/user/known', { password: 'known-password', roles: [] });
  await put('/_security/user/disabled', { password: 'disabled-password', roles: [], enabled: false });
  const names = ['known', 'no-such-user', 'disabled'] as const;
  const times: Record<(typeof names)[number], number[]> = { known: [], 'no-such-user': [], disabled: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // A fresh address each round (127.1.x.y), interleaving the names, so load and lockouts fall on all alike.
    const address = `127.1.${Math.floor(round / 250)}.${(round % 250) + 1}`;
    for (const name of names) times[name].push(await refusedIn(server.url, name, address));
  }
  heading('Refused basic authentication: unknown and disabled users against a known one');
  console.log(`machine: ${machineLine()}; ${ROUNDS} refusals each, one at a time`);
  const known = median(times.known);
  console.log(table(['user', 'median (ms)', 'ratio to known user'], names.map((name) => [name, ms(median(times[name])), ratio(median(times[name]), known)])));
} finally {
  await server.dispose();
}
