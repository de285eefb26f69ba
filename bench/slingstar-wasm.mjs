// Times course generation in the wasm build under Node (used by bench/slingstar-bench.sh):
//   node bench/slingstar-wasm.mjs FROM_EPOCH_DAY DAYS
import { readFileSync } from 'node:fs';
import { load } from '../web/dayseed.js';

const [from = 20671, days = 10] = process.argv.slice(2).map(Number);
const engine = await load(readFileSync(new URL('../web/pkg/dayseed.wasm', import.meta.url)));
const times = [];
for (let d = from; d < from + days; d += 1) {
  const t = performance.now();
  engine.generate(`slingstar:DAILY-utc-v1-${d}-C9-g1`);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(`wasm course generation ms (${days} dailies from ${from}): median ${times[Math.floor(days / 2)].toFixed(1)}, min ${times[0].toFixed(1)}, max ${times[days - 1].toFixed(1)}`);
