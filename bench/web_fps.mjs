// Frames per second of the web page in headless Chromium (software rendering), and how much
// simulated time it covered, for the tapering stack, pyramid20 and rain1000: 5 s each, running.
// A benchmark, not a test. Usage: bash web/build.sh && node bench/web_fps.mjs [build] [seconds]
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.resolve(root, process.argv[2] || 'build');
const seconds = Number(process.argv[3] || 5);
const pageUrl = pathToFileURL(path.join(build, 'web/index.html')).href;
const { chromium } = createRequire(path.join(root, 'web/package.json'))('playwright-core');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
for (const scene of ['tapering-stack', 'pyramid20', 'rain1000']) {
  await page.goto(`${pageUrl}#preset=${scene}`);
  const before = await page.evaluate(async () => {
    await window.contactlab.ready;
    return { frames: window.contactlab.frames(), time: window.contactlab.time(), at: performance.now() };
  });
  await page.waitForTimeout(seconds * 1000);
  const after = await page.evaluate(() => ({ frames: window.contactlab.frames(),
                                             time: window.contactlab.time(), at: performance.now() }));
  const wall = (after.at - before.at) / 1000;
  console.log(JSON.stringify({ scene, fps: +((after.frames - before.frames) / wall).toFixed(1),
                               simulated_per_real_second: +((after.time - before.time) / wall).toFixed(3),
                               wall_seconds: +wall.toFixed(2) }));
  await page.goto('about:blank');
}
await browser.close();
