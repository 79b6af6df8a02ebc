import { readFileSync } from 'node:fs';
import { analyseSentiment } from '../apps/server/src/modules/red/analysis/sentiment';
const file = process.argv[2]!;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [label, text] = line.split('\t') as [string, string];
  const r = analyseSentiment(text);
  if (r.polarity !== label) console.log(`${label} -> ${r.polarity} (${r.score.toFixed(2)})\t${text}`);
}
