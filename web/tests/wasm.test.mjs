// The WebAssembly module as the page uses it (build/web/contactlab.js, built by web/build.sh): a
// link loads and runs with the physical forces, a tampered link is refused whole with a message
// naming the character, and the page's fallback then opens the default scene. Its SIMD build
// (contactlab-simd.js) steps to the same bits.
// Run: bash web/build.sh && node --test web/tests/
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import L from '../page/logic.js';

const require = createRequire(import.meta.url);
function loadModule(file) {
  const modulePath = new URL(`../../build/web/${file}`, import.meta.url).pathname;
  if (!existsSync(modulePath)) throw new Error(`${modulePath} is missing: run bash web/build.sh`);
  return require(modulePath)();
}
const lab = await loadModule('contactlab.js');
const simdLab = await loadModule('contactlab-simd.js');

function tamper(share, at, character) {
  return share.slice(0, at) + character + share.slice(at + 1);
}

test('the tapering stack from its link rests: the floor carries the whole 10 kg', () => {
  const sim = new lab.Simulation();
  assert.equal(sim.load('tapering-stack'), '');
  const link = sim.share();
  assert.match(link, /^cl1~/);
  const other = new lab.Simulation();
  assert.equal(other.load(link), '');
  const { dt, gravity } = JSON.parse(other.settingsJson());
  assert.equal(other.step(L.stepsFor(2, dt)), '');
  assert.ok(Math.abs(other.time() - 2) < 1e-9);
  const bodies = JSON.parse(other.bodiesJson());
  const states = Array.from(other.states());
  for (let i = 0; i < bodies.length; ++i) {
    assert.ok(Math.hypot(states[6 * i + 3], states[6 * i + 4]) < 1e-9, `${bodies[i].name} moves`);
  }
  const contacts = Array.from(other.contacts()), pairs = Array.from(other.contactBodies());
  const floor = bodies.findIndex((b) => b.fixed);
  let onFloor = 0;
  for (let c = 0; 6 * c < contacts.length; ++c) {
    if (pairs[2 * c] === floor || pairs[2 * c + 1] === floor) onFloor += contacts[6 * c + 4];
  }
  assert.ok(Math.abs(onFloor - (4 + 3 + 2 + 1) * gravity) < 1e-6, `${onFloor} N on the floor`);
});

test('a tampered link is refused naming the character, and nothing changes', () => {
  const sim = new lab.Simulation();
  assert.equal(sim.load('tapering-stack'), '');
  const link = sim.share();
  assert.equal(sim.step(50), '');
  const before = Array.from(sim.states());
  const bad = tamper(link, 9, '!');
  const error = sim.load(bad);
  assert.match(error, /character 10/);
  assert.deepEqual(Array.from(sim.states()), before);
  assert.ok(Math.abs(sim.time() - 50 * JSON.parse(sim.settingsJson()).dt) < 1e-12);
});

test('the page falls back to the tapering stack on a tampered link, keeping its message', () => {
  const sim = new lab.Simulation();
  assert.equal(sim.load('pyramid'), '');
  const reference = new lab.Simulation();
  assert.equal(reference.load('tapering-stack'), '');
  const bad = tamper(reference.share(), 4, '%');
  const expected = new lab.Simulation().load(bad);
  assert.notEqual(expected, '');
  const opened = L.openLink(sim, `#${bad}`);
  assert.equal(opened.error, expected);
  assert.equal(opened.loaded, 'tapering-stack');
  assert.deepEqual(JSON.parse(sim.bodiesJson()), JSON.parse(reference.bodiesJson()));
});

test('a preset link and an unknown preset', () => {
  const sim = new lab.Simulation();
  assert.equal(L.openLink(sim, '#preset=pyramid').error, '');
  assert.ok(JSON.parse(sim.presetsJson()).some((p) => p.name === 'pyramid'));
  const opened = L.openLink(sim, '#preset=no-such-scene');
  assert.match(opened.error, /no-such-scene/);
  assert.equal(opened.loaded, 'tapering-stack');
});

// The states after `steps` steps of `source` in a module, as doubles.
function statesAfter(module, source, steps) {
  const sim = new module.Simulation();
  assert.equal(sim.load(source), '', source);
  assert.equal(sim.step(steps), '', source);
  return Array.from(sim.states());
}

test('the SIMD build steps the time-stepping presets and the substeps to the same bits', () => {
  // The presets solve each step's QP (APGD, whose loops the SIMD build may vectorize); pyramid20
  // under the substeps runs the eight-float lanes (physics/src/lanes.h) as vector instructions.
  const root = new URL('../..', import.meta.url).pathname;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'contactlab-simd-'));
  const scene = path.join(folder, 'pyramid20-substeps.scene');
  const text = readFileSync(path.join(root, 'assets/scenes/pyramid20.scene'), 'utf8')
    .replace('solver timestep\n', 'solver timestep\ntimestep_scheme substeps\n');
  assert.match(text, /timestep_scheme substeps/);
  writeFileSync(scene, text);
  const substeps = execFileSync(path.join(root, 'build/app/contactlab-cli'), ['share', 'encode', scene],
                                { encoding: 'utf8' }).trim();
  const sources = ['column20', 'pyramid20', 'rain1000', 'ramp-friction', 'seesaw', substeps];
  for (const source of sources) {
    const scalar = statesAfter(lab, source, 120);
    const simd = statesAfter(simdLab, source, 120);
    assert.ok(scalar.some((x, i) => i % 6 >= 3 && x !== 0), `${source} stands still`);
    assert.deepEqual(simd, scalar, source.slice(0, 20));
  }
});
