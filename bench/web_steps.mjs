// The WebAssembly physics' ms per step (build/web/contactlab.js in Node) against the native build
// (contactlab-cli bench), on the same presets and step counts. A benchmark, not a test.
// Usage: bash web/build.sh && node bench/web_steps.mjs [build] [preset...]
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.resolve(root, process.argv[2] || 'build');
const presets = process.argv.length > 3 ? process.argv.slice(3) : ['pyramid20', 'rain1000'];
const createContactLab = createRequire(import.meta.url)(path.join(build, 'web/contactlab.js'));
const lab = await createContactLab();

for (const preset of presets) {
  const native = JSON.parse(execFileSync(path.join(build, 'app/contactlab-cli'), ['bench', preset],
                                         { encoding: 'utf8', maxBuffer: 1 << 26 }));
  const sim = new lab.Simulation();
  const error = sim.load(preset);
  if (error) throw new Error(error);
  const times = [];
  for (let k = 0; k < native.steps; ++k) {
    const start = performance.now();
    const failed = sim.step(1);
    times.push(performance.now() - start);
    if (failed) throw new Error(`${preset}, step ${k + 1}: ${failed}`);
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  console.log(JSON.stringify({ scene: preset, steps: native.steps,
                               wasm_ms_per_step: +mean.toFixed(4), wasm_median: +median.toFixed(4),
                               native_ms_per_step: +native.ms_per_step.toFixed(4),
                               native_median: +native.ms_per_step_median.toFixed(4),
                               ratio: +(mean / native.ms_per_step).toFixed(2),
                               ratio_median: +(median / native.ms_per_step_median).toFixed(2) }));
}
