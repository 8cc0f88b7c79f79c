// Frames per second of the web page's drawing alone in headless Chromium (software rendering, as
// on a computer whose browser draws without a graphics processor): each scene stepped 3 s, paused,
// then 2 s of frames with the force arrows and 2 s without, every frame drawn anew (the hook's
// drawEveryFrame); then 2 s paused as the page runs (a frame whose picture is the one shown is not
// drawn again): the pictures drawn, and the page's main-thread busy time (Chromium's
// TaskDuration) per second in both modes. A benchmark, not a test.
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
const devtools = await page.context().newCDPSession(page);
await devtools.send('Performance.enable');
// Seconds the page's main thread was busy over `seconds` of waiting.
async function busyOver(seconds) {
  const busy = async () => (await devtools.send('Performance.getMetrics')).metrics
    .find((m) => m.name === 'TaskDuration').value;
  const before = await busy();
  await page.waitForTimeout(seconds * 1000);
  return +((await busy()) - before).toFixed(3);
}
for (const scene of scenes) {
  await page.goto(`${pageUrl}#${scene.startsWith('cl1') ? scene : `preset=${scene}`}`);
  const result = await page.evaluate(async () => {
    const hook = window.contactlab;
    await hook.ready;
    hook.drawEveryFrame(true);
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
  const busyDrawingAll = await busyOver(2) / 2;
  const pictures = await page.evaluate(() => {
    window.contactlab.drawEveryFrame(false);
    return window.contactlab.pictures();
  });
  const busyPaused = await busyOver(2) / 2;
  const pausedPictures = await page.evaluate((before) => window.contactlab.pictures() - before,
                                             pictures);
  console.log(JSON.stringify({ scene: scene.slice(0, 24), ...result,
                               busy_s_per_s_every_frame: busyDrawingAll,
                               busy_s_per_s_paused: busyPaused,
                               pictures_in_2s_paused: pausedPictures }));
  await page.goto('about:blank');
}
await browser.close();
