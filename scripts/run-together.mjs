// Runs npm scripts at the same time and fails if any of them fails. `npm test` runs the typecheck
// and the lint beside the build and the browser suites, which leave part of the machine idle while
// they wait on the browser (on 2 cores: 445 s together against 93 s + 393 s one after the other).
// The unit and browser suites are not run this way: beside each other they slowed each other so
// much that the whole run took longer (34 min against 30). Each line of output is prefixed with
// its script's name; every script runs to its end, so one failure does not hide another.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script>...');
  process.exit(2);
}
const width = Math.max(...names.map((name) => name.length));

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      const prefix = `[${name.padEnd(width)}] `;
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
      }
      child.on('close', (code, signal) => {
        const minutes = ((Date.now() - started) / 60_000).toFixed(1);
        console.info(`${prefix}${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${minutes} min`);
        resolve(code === 0);
      });
    }),
);

const results = await Promise.all(runs);
const failed = names.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
