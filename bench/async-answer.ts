/**
 * Asynchronous answers (ERNIE on /api/ernie): the time from `POST message/ask` to the first
 * polled text, the time the ask call itself takes, and the server's cost of one poll
 * (`GET message/completion`) next to an authenticated GET that reads nothing
 * (`GET /api/chatgpt/models`: the same token, user and rights checks). The portal runs in its own
 * process on PGlite, then on PostgreSQL when one answers on 127.0.0.1:5432 (or BENCH_DATABASE_URL).
 * The benchmark polls every `pollMs` (20 ms by default) to resolve the first text finely; the
 * browser polls every 2,000 ms, so it adds up to that on top.
 *
 * Run: node --import tsx bench/async-answer.ts [runs=20] [polls=300] [pollMs=20]
 */
import { signInOverHttp } from '../e2e/oidc-login';
import { startPortal } from '../e2e/portal-server';
import { startFakeUpstream } from '../apps/server/test/llm/fake-upstream';
import { freshPostgres, ms, percentile, writeBenchConfig } from './chat-bench-support';

const runs = Number(process.argv[2] ?? 20);
const polls = Number(process.argv[3] ?? 300);
const pollMs = Number(process.argv[4] ?? 20);
const tokens = Array.from({ length: 50 }, (_, i) => `tok${i} `);

const fake = await startFakeUpstream();
fake.setDefault({ tokens, intervalMs: 5 });
const configPath = writeBenchConfig(fake.baseUrl);
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

async function measure(label: string, env: Record<string, string>) {
  const portal = await startPortal({ PORTAL_CONFIG: configPath, ...env });
  try {
    const login = await signInOverHttp(portal.baseUrl, 'admin', 'admin123');
    const headers = { authorization: `Bearer ${login.access_token.token}`, 'content-type': 'application/json' };
    const get = async (path: string) => {
      const res = await fetch(`${portal.baseUrl}${path}`, { headers });
      return (await res.json()) as { code: number; data: { status: string; content: string } };
    };

    const askTimes: number[] = [];
    const firstText: number[] = [];
    const complete: number[] = [];
    let lastMessage = '';
    for (let i = 0; i < runs + 3; i++) {
      const start = performance.now();
      const res = await fetch(`${portal.baseUrl}/api/ernie/message/ask`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ prompt: 'bench', model_type: 200, temperature: 1 }),
      });
      const started = (await res.json()) as { code: number; data: { message_id: string } };
      if (started.code !== 0) throw new Error(`ask failed: ${JSON.stringify(started)}`);
      const asked = performance.now() - start;
      lastMessage = started.data.message_id;
      let first = NaN;
      for (;;) {
        const polled = await get(`/api/ernie/message/completion?message_id=${lastMessage}`);
        if (Number.isNaN(first) && polled.data.content.length > 0) first = performance.now() - start;
        if (polled.data.status !== 'generating') break;
        await sleep(pollMs);
      }
      // The first runs warm up JIT, pools and caches.
      if (i < 3) continue;
      askTimes.push(asked);
      firstText.push(first);
      complete.push(performance.now() - start);
    }

    const pollCost: number[] = [];
    const bareCost: number[] = [];
    for (let i = 0; i < polls; i++) {
      let s = performance.now();
      await get(`/api/ernie/message/completion?message_id=${lastMessage}`);
      pollCost.push(performance.now() - s);
      s = performance.now();
      await get('/api/chatgpt/models');
      bareCost.push(performance.now() - s);
    }

    console.info(`${label}: asynchronous answers, ${runs} runs of ${tokens.length} tokens, polled every ${pollMs} ms`);
    console.info(`  ask call                 p50 ${ms(percentile(askTimes, 50))}  p99 ${ms(percentile(askTimes, 99))}`);
    console.info(
      `  ask → first polled text  p50 ${ms(percentile(firstText, 50))}  p99 ${ms(percentile(firstText, 99))}`,
    );
    console.info(`  ask → final status       p50 ${ms(percentile(complete, 50))}  p99 ${ms(percentile(complete, 99))}`);
    console.info(
      `  one poll (completion)    p50 ${ms(percentile(pollCost, 50))}  p99 ${ms(percentile(pollCost, 99))}   ` +
        `bare authenticated GET p50 ${ms(percentile(bareCost, 50))}  p99 ${ms(percentile(bareCost, 99))}   ` +
        `overhead p50 +${ms(percentile(pollCost, 50) - percentile(bareCost, 50))}`,
    );
  } finally {
    await portal.stop();
  }
}

try {
  await measure('PGlite', {});
  const databaseUrl = await freshPostgres('portal_async_bench');
  if (databaseUrl) await measure('PostgreSQL', { DATABASE_URL: databaseUrl });
  else console.info('PostgreSQL skipped: no server at 127.0.0.1:5432');
} finally {
  await fake.close();
}
