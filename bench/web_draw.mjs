// Frames per second of the web page's drawing alone in headless Chromium (software rendering, as
// on a computer whose browser draws without a graphics processor): each scene stepped 3 s, paused,
// then 2 s of frames with the force arrows and 2 s without. A benchmark, not a test.
// Usage: bash web/build.sh && node bench/web_draw.mjs [build] [PRESET or SHARE...]
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.resolve(root, process.argv[2] || 'build');
const scenes = process.argv.length > 3 ? process.argv.slice(3) : ['pyramid20', 'pyramid40', 'rain1000'];
const pageUrl = pathToFileURL(path.join(build, 'web/index.html')).href;
const { chromium } = createRequire(path.join(root, 'web/package.json'))('playwright-core');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
for (const scene of scenes) {
  await page.goto(`${pageUrl}#${scene.startsWith('cl1') ? scene : `preset=${scene}`}`);
  const result = await page.evaluate(async () => {
    const hook = window.contactlab;
    await hook.ready;
    const error = hook.runSteps(Math.round(3 / hook.dt()));
    if (error) throw new Error(error);
    const framesPerSecond = async () => {
      const frames = hook.frames(), start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return +((hook.frames() - frames) / ((performance.now() - start) / 1000)).toFixed(1);
    };
    const box = document.getElementById('forces');
    const withArrows = await framesPerSecond();
    box.click();
    const withoutArrows = await framesPerSecond();
    box.click();
    return { contacts: hook.contacts().length / 6, fps_with_arrows: withArrows,
             fps_without_arrows: withoutArrows };
  });
  console.log(JSON.stringify({ scene: scene.slice(0, 24), ...result }));
  await page.goto('about:blank');
}
await browser.close();
