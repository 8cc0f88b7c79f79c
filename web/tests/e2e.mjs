// The web page end to end in Debian's Chromium (headless, driven by playwright-core): a link for
// the tapering stack run 2 s ends where contactlab-cli run ends (1e-9 m); red force arrows are on
// the screen at the resting contacts, and the Force arrows box hides them; the mouse drags the top
// block off the stack (on a spring while running) and moves it while paused; a tampered link shows
// the CLI's message and falls back to the tapering stack; Share's link reopens the same scene;
// Chromium loads the SIMD build of the module, and pyramid20 under the substeps run 2 s in it ends
// where contactlab-cli run ends (1e-9 m); a scene whose steps cannot keep up with real time says so
// under the clock; paused, the page draws no picture until what it shows changes.
// Run: bash web/build.sh && (cd web && npm ci) && node web/tests/e2e.mjs [build]
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const build = path.resolve(root, process.argv[2] || 'build');
const cli = path.join(build, 'app/contactlab-cli');
const pageUrl = pathToFileURL(path.join(build, 'web/index.html')).href;
const { chromium } = createRequire(path.join(root, 'web/package.json'))('playwright-core');

const TOLERANCE = 1e-9;  // m (and rad, m/s, rad/s)
let failures = 0;

async function check(name, body) {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (error) {
    failures += 1;
    console.log(`FAIL ${name}\n     ${String(error.message).split('\n').join('\n     ')}`);
  }
}

function cliJson(...args) {
  return JSON.parse(execFileSync(cli, args, { encoding: 'utf8' }));
}

// The CLI's message for a source it refuses (exit code 2), without its "error: " prefix.
function cliError(source) {
  const run = spawnSync(cli, ['run', source, '--time', '0.1'], { encoding: 'utf8' });
  assert.equal(run.status, 2, `contactlab-cli run should refuse ${source}`);
  return run.stderr.trim().replace(/^error: /, '');
}

const share = execFileSync(cli, ['share', 'encode', path.join(root, 'assets/scenes/tapering-stack.scene')],
                           { encoding: 'utf8' }).trim();

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
const page = await context.newPage();
page.on('pageerror', (error) => {
  failures += 1;
  console.log(`FAIL the page threw: ${error.message}`);
});

async function open(link) {
  await page.goto(`${pageUrl}#${link}`);
  await page.evaluate(() => window.contactlab.ready);
}

// The canvas's top-left corner in the page and a world point on the screen (page pixels).
async function onScreen(x, y) {
  return page.evaluate(([wx, wy]) => {
    const rect = document.getElementById('world').getBoundingClientRect();
    const p = window.contactlab.worldToScreen(wx, wy);
    return { x: rect.left + p.x, y: rect.top + p.y };
  }, [x, y]);
}

function bodyState(states, i) {
  return { x: states[6 * i], y: states[6 * i + 1], angle: states[6 * i + 2] };
}

// A screenshot (PNG) decoded by the browser: the red pixels within 7 px of each page point.
async function redPixelsAround(picture, probes) {
  return page.evaluate(async ([png, points]) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const g = canvas.getContext('2d');
    g.drawImage(image, 0, 0);
    return points.map((p) => {
      const data = g.getImageData(Math.round(p.x) - 7, Math.round(p.y) - 7, 15, 15).data;
      let count = 0;
      for (let k = 0; k < data.length; k += 4)
        if (data[k] > 180 && data[k + 1] < 80 && data[k + 2] < 80) count += 1;
      return count;
    });
  }, [picture.toString('base64'), probes]);
}

await open(share);

// The scene the page has open (from `link`) run 2 s from its start through the hook, and
// contactlab-cli run LINK --time 2: the page's time and bodies' names, the CLI's output, and the
// largest difference of any body's x, y, angle or velocity between the two.
async function twoSecondsAgainstCli(link) {
  const run = await page.evaluate(() => {
    const hook = window.contactlab;
    hook.pause();
    hook.reset();
    const error = hook.runSteps(Math.round(2 / hook.dt()));
    if (error) throw new Error(error);
    return { time: hook.time(), states: hook.states(), names: hook.bodies().map((b) => b.name) };
  });
  const expected = cliJson('run', link, '--time', '2');
  let worst = 0;
  expected.bodies.forEach((body, i) => {
    ['x', 'y', 'angle', 'vx', 'vy', 'omega'].forEach((key, k) => {
      worst = Math.max(worst, Math.abs(run.states[6 * i + k] - body[key]));
    });
  });
  return { run, expected, worst };
}

await check('2 s of the tapering stack from its link end where contactlab-cli run ends (1e-9)', async () => {
  const { run, expected, worst } = await twoSecondsAgainstCli(share);
  assert.ok(Math.abs(run.time - expected.time) < 1e-12, `time ${run.time}`);
  assert.deepEqual(run.names, expected.bodies.map((b) => b.name));
  assert.ok(worst <= TOLERANCE, `largest difference ${worst}`);
  console.log(`     largest difference from contactlab-cli: ${worst}`);
});

await check('red force arrows are drawn at the resting contacts, none in mid-block; the box hides them', async () => {
  mkdirSync(path.join(build, 'web-e2e'), { recursive: true });
  const picture = await page.screenshot({ path: path.join(build, 'web-e2e/tapering-stack.png') });
  const contacts = await page.evaluate(() => window.contactlab.contacts());
  const points = [];
  for (let k = 0; k < contacts.length; k += 6) {
    if (contacts[k + 4] <= 0) continue;
    // 10 px along the force from the contact point (the arrow is moved 4 px into the body).
    const tail = await onScreen(contacts[k], contacts[k + 1]);
    const along = await onScreen(contacts[k] + contacts[k + 2], contacts[k + 1] + contacts[k + 3]);
    const d = Math.hypot(along.x - tail.x, along.y - tail.y);
    points.push({ x: tail.x + 10 * (along.x - tail.x) / d, y: tail.y + 10 * (along.y - tail.y) / d });
  }
  assert.equal(points.length, 8, 'the stack has 8 resting contacts');
  const states = await page.evaluate(() => window.contactlab.states());
  const middle = await onScreen(states[6 * 2], states[6 * 2 + 1]);  // level2's centre
  const red = await redPixelsAround(picture, [...points, middle]);
  const atMiddle = red.pop();
  red.forEach((count, k) => assert.ok(count >= 10, `contact ${k}: ${count} red pixels`));
  assert.equal(atMiddle, 0, 'red pixels in the middle of a block');
  // The Force arrows box hides them (a large pile's arrows cover its bodies), and shows them again.
  await page.uncheck('#forces');
  const hidden = await redPixelsAround(await page.screenshot(), points);
  hidden.forEach((count, k) => assert.equal(count, 0, `contact ${k} with the arrows hidden`));
  await page.check('#forces');
  const shown = await redPixelsAround(await page.screenshot(), points);
  shown.forEach((count, k) => assert.ok(count >= 10, `contact ${k} shown again: ${count}`));
});

await check('the mouse drags the top block off the stack while running (a spring)', async () => {
  await page.evaluate(() => {
    window.contactlab.reset();
    window.contactlab.play();
  });
  const top = (await page.evaluate(() => window.contactlab.bodies())).length - 1;
  const before = bodyState(await page.evaluate(() => window.contactlab.states()), top);
  const from = await onScreen(before.x, before.y);
  const to = await onScreen(before.x + 4, before.y + 1);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 20; ++k) {
    await page.mouse.move(from.x + (to.x - from.x) * k / 20, from.y + (to.y - from.y) * k / 20);
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(1500);
  const held = bodyState(await page.evaluate(() => window.contactlab.states()), top);
  await page.mouse.up();
  assert.ok(held.x - before.x > 2, `the top block moved ${held.x - before.x} m sideways`);
  assert.ok(await page.evaluate(() => window.contactlab.running()));
});

await check('while paused the mouse moves a block where it is put', async () => {
  await page.evaluate(() => {
    window.contactlab.pause();
    window.contactlab.reset();
  });
  const states = await page.evaluate(() => window.contactlab.states());
  const top = states.length / 6 - 1, before = bodyState(states, top);
  const from = await onScreen(before.x, before.y);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y - 40, { steps: 5 });
  await page.mouse.up();
  const ppm = (await page.evaluate(() => window.contactlab.camera())).pixelsPerMeter;
  const after = bodyState(await page.evaluate(() => window.contactlab.states()), top);
  assert.ok(Math.abs(after.x - before.x - 60 / ppm) < 1e-6, `moved ${after.x - before.x} m`);
  assert.ok(Math.abs(after.y - before.y - 40 / ppm) < 1e-6, `moved ${after.y - before.y} m up`);
});

// A paused page leaves its picture on the canvas (no drawing for frames that would draw it again)
// and draws again as soon as something it shows changes: the force arrows' box, the view, a step.
await check('paused, the picture stays on the canvas until what it shows changes', async () => {
  await open(share);
  await page.evaluate(() => window.contactlab.pause());
  await page.waitForTimeout(300);
  const count = () => page.evaluate(() => ({ frames: window.contactlab.frames(),
                                             pictures: window.contactlab.pictures() }));
  const start = await count();
  await page.waitForTimeout(1000);
  const idle = await count();
  assert.ok(idle.frames - start.frames >= 10, `${idle.frames - start.frames} frames in 1 s`);
  assert.equal(idle.pictures, start.pictures, `${idle.pictures - start.pictures} pictures drawn paused`);
  const changed = async (what, act) => {
    const before = (await count()).pictures;
    await act();
    await page.waitForTimeout(200);
    const after = (await count()).pictures;
    assert.ok(after > before, `no picture drawn after ${what}`);
  };
  await changed('hiding the force arrows', () => page.click('#forces'));
  await changed('showing them again', () => page.click('#forces'));
  const centre = await onScreen(0, 1);
  await changed('zooming', async () => {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -200);
  });
  await changed('stepping', () => page.click('#step'));
  const redPixels = await page.evaluate(() => {
    const canvas = document.getElementById('world');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let red = 0;
    for (let k = 0; k < data.length; k += 4) red += data[k] > 180 && data[k + 1] < 80 && data[k + 2] < 80;
    return red;
  });
  assert.ok(redPixels > 100, `the picture left on the canvas shows ${redPixels} red pixels`);
});

await check('a tampered link shows the CLI message and falls back to the tapering stack', async () => {
  const bad = `${share.slice(0, 9)}!${share.slice(10)}`;
  const message = cliError(bad);
  await open('preset=pyramid');
  assert.equal(await page.evaluate(() => window.contactlab.lastError()), '');
  await open(bad);
  const shown = await page.evaluate(() => window.contactlab.lastError());
  assert.ok(shown.includes(message), `the banner says: ${shown}\n expected: ${message}`);
  assert.ok(await page.isVisible('#banner'));
  const names = await page.evaluate(() => window.contactlab.bodies().map((b) => b.name));
  assert.deepEqual(names, cliJson('run', share, '--time', '0.01').bodies.map((b) => b.name));
});

await check("Share's link reopens the same scene, in the same state", async () => {
  await open('preset=tapering-stack');
  await page.evaluate(() => {
    window.contactlab.pause();
    window.contactlab.runSteps(37);  // a state in mid-simulation
  });
  await page.fill('#gravity', '3.5');
  await page.dispatchEvent('#gravity', 'input');
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  assert.ok(link.startsWith(`${pageUrl}#cl1`), link);
  const shared = await page.evaluate(() => ({ states: window.contactlab.states(),
                                              settings: window.contactlab.sim.settingsJson() }));
  const other = await context.newPage();
  await other.goto(link);
  const reopened = await other.evaluate(async () => {
    await window.contactlab.ready;
    window.contactlab.pause();
    window.contactlab.reset();
    return { states: window.contactlab.states(), settings: window.contactlab.sim.settingsJson(),
             error: window.contactlab.lastError() };
  });
  assert.equal(reopened.error, '');
  assert.deepEqual(reopened.states, shared.states);
  assert.equal(JSON.parse(reopened.settings).gravity, 3.5);
  assert.deepEqual(JSON.parse(reopened.settings), JSON.parse(shared.settings));
  await other.close();
});

// The tapering stack ran in ContactSim; the substeps' sweeps are what the SIMD build
// compiles to vector instructions (web/wasm/CMakeLists.txt). Their lanes round as the native
// build's do, so pyramid20 under the substeps ends where the CLI's does too.
await check('Chromium runs the SIMD build: pyramid20 under the substeps for 2 s ends where contactlab-cli run ends (1e-9)', async () => {
  assert.equal(await page.evaluate(() => window.contactlab.physicsModule), 'contactlab-simd.js');
  mkdirSync(path.join(build, 'web-e2e'), { recursive: true });
  const scene = path.join(build, 'web-e2e/pyramid20-substeps.scene');
  const text = readFileSync(path.join(root, 'assets/scenes/pyramid20.scene'), 'utf8')
    .replace('solver timestep\n', 'solver timestep\ntimestep_scheme substeps\n');
  assert.match(text, /timestep_scheme substeps/);
  writeFileSync(scene, text);
  const link = execFileSync(cli, ['share', 'encode', scene], { encoding: 'utf8' }).trim();
  await open(link);
  const { run, expected, worst } = await twoSecondsAgainstCli(link);
  assert.deepEqual(run.names, expected.bodies.map((b) => b.name));
  assert.ok(worst <= TOLERANCE, `largest difference ${worst}`);
  console.log(`     largest difference from contactlab-cli: ${worst}`);
});

// 2,485 boxes (pyramid70) under the QP at a time step of 1 ms, a thousand solves a simulated
// second: the steps cannot keep up, and the page says so under the clock, with the substeps as the
// way out; paused, the line goes.
await check('a scene the steps cannot keep up with says so under the clock, and not once paused', async () => {
  const lines = readFileSync(path.join(root, 'assets/scenes/pyramid20.scene'), 'utf8').split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('box p') && !line.startsWith('dt '));
  lines.push('dt 0.001');
  for (let row = 0; row < 70; ++row) {
    for (let i = 0; i < 70 - row; ++i) {
      lines.push(`box p${row}_${i} x=${((i - (69 - row) / 2) * 1.005).toFixed(4)} y=${(0.505 + row * 1.005).toFixed(4)}`);
    }
  }
  const scene = path.join(build, 'web-e2e/pyramid70.scene');
  writeFileSync(scene, `${lines.join('\n')}\n`);
  const link = execFileSync(cli, ['share', 'encode', scene], { encoding: 'utf8', maxBuffer: 1 << 24 }).trim();
  await open(link);
  await page.evaluate(() => window.contactlab.play());
  await page.waitForFunction(() => window.contactlab.realTimeShare() !== null, null, { timeout: 20000 });
  await page.waitForTimeout(1500);
  const shown = await page.evaluate(() => ({ share: window.contactlab.realTimeShare(),
                                            hidden: document.getElementById('behind').hidden,
                                            text: document.getElementById('behind').textContent }));
  console.log(`     ran at ${Math.round(100 * shown.share)} % of real time`);
  assert.ok(shown.share < 0.9, `ran at ${shown.share} of real time`);
  assert.equal(shown.hidden, false);
  assert.match(shown.text, /^Running at \d+ % of real time/);
  assert.match(shown.text, /Substeps \(fast, friction\)/);
  await page.evaluate(() => window.contactlab.pause());
  await page.waitForFunction(() => document.getElementById('behind').hidden, null, { timeout: 5000 });
});

await browser.close();
if (failures > 0) {
  console.log(`${failures} end-to-end check(s) failed`);
  process.exit(1);
}
console.log('web end-to-end: all checks passed');
