// The WebAssembly physics' ms per step in Node, its scalar build (build/web/contactlab.js) and its
// SIMD build (contactlab-simd.js, which the page loads where the browser has WebAssembly SIMD),
// against the native build (contactlab-cli bench), on the same presets and step counts. A
// benchmark, not a test.
// Usage: bash web/build.sh && node bench/web_steps.mjs [build] [preset or share string...]
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.resolve(root, process.argv[2] || 'build');
const presets = process.argv.length > 3 ? process.argv.slice(3) : ['pyramid20', 'rain1000'];
const require = createRequire(import.meta.url);
const labs = {
  wasm: await require(path.join(build, 'web/contactlab.js'))(),
  wasm_simd: await require(path.join(build, 'web/contactlab-simd.js'))(),
};

// Mean and median ms of each of `steps` steps of `preset` in module `lab`.
function stepTimes(lab, preset, steps) {
  const sim = new lab.Simulation();
  const error = sim.load(preset);
  if (error) throw new Error(error);
  const times = [];
  for (let k = 0; k < steps; ++k) {
    const start = performance.now();
    const failed = sim.step(1);
    times.push(performance.now() - start);
    if (failed) throw new Error(`${preset}, step ${k + 1}: ${failed}`);
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  return { mean, median };
}

for (const [index, preset] of presets.entries()) {
  const native = JSON.parse(execFileSync(path.join(build, 'app/contactlab-cli'), ['bench', preset],
                                         { encoding: 'utf8', maxBuffer: 1 << 26 }));
  const row = { scene: preset.startsWith('cl1') ? `share string ${index + 1}` : preset,
                steps: native.steps,
                native_ms_per_step: +native.ms_per_step.toFixed(4),
                native_median: +native.ms_per_step_median.toFixed(4) };
  for (const [name, lab] of Object.entries(labs)) {
    const { mean, median } = stepTimes(lab, preset, native.steps);
    row[`${name}_ms_per_step`] = +mean.toFixed(4);
    row[`${name}_median`] = +median.toFixed(4);
    row[`${name}_ratio`] = +(mean / native.ms_per_step).toFixed(2);
  }
  console.log(JSON.stringify(row));
}
