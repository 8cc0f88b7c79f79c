// The page (docs/web.md): opens the scene its link asks for in the WebAssembly simulation
// (contactlab-simd.js, or contactlab.js where the browser has no WebAssembly SIMD), draws it on the
// canvas in the desktop program's look, runs it, lets a mouse or a finger drag bodies, sets
// gravity, damping, elasticity, friction and the solver, and shares the current scene as a link.
// The pure parts (links, camera, arrow scale, pace) are in logic.js, the drawing of a frame in
// draw.js.
//
// [state] [banner] [loading] [drawing] [running] [pointer] [controls] [share] [test hook] [start]
(function () {
  'use strict';
  const L = window.ContactLabLogic;
  const D = window.ContactLabDraw;
  const $ = (id) => document.getElementById(id);

  // [state]
  const canvas = $('world');
  const ctx = canvas.getContext('2d');
  const page = {
    sim: null,
    bodies: [],          // bodiesJson() of the loaded scene
    fills: [],           // each body's fill colour
    hasJoints: false,
    camera: L.makeCamera(0, 1, 80, 1, 1),
    framed: false,       // the camera was fitted to the scene once it had a size
    forceScale: 0,       // m per N; 0 until the first forces are seen
    running: true,
    showForces: true,    // the force arrows and their legend (the Force arrows box)
    carry: 0,            // seconds of real time not yet stepped
    lastFrame: null,
    pace: [],            // the last 240 running frames' {wall, simulated} seconds
    pointer: null,       // the drag or pan in progress
    lastError: '',
    shown: null,         // pictureInputs() of the picture on the canvas
    pictures: 0,         // pictures drawn (frames counts every frame, drawn or left)
    drawEveryFrame: false,  // draw each frame's picture even when it is the one shown (benchmarks)
  };

  // [banner] Messages are text, never markup: a link's characters are shown, never interpreted.
  function showError(message) {
    page.lastError = message;
    $('banner-text').textContent = message;
    $('banner').hidden = false;
  }

  function hideError() {
    $('banner').hidden = true;
  }

  // [loading]
  function afterLoad() {
    const sim = page.sim;
    page.bodies = JSON.parse(sim.bodiesJson());
    page.fills = page.bodies.map((b) => D.fillFor(b.name));
    page.hasJoints = JSON.parse(sim.jointsJson()).length > 0;
    page.forceScale = 0;
    page.pointer = null;
    page.carry = 0;
    frameScene();
    showSettings();
  }

  // Opens what the address's fragment asks for; a link that does not load says why in the banner
  // and the default scene opens instead.
  function openFromAddress() {
    const opened = L.openLink(page.sim, window.location.hash);
    if (opened.error) showError(`This link does not open: ${opened.error}. ` +
                                `Showing the scene '${opened.loaded}' instead.`);
    else hideError();
    $('share-box').hidden = true;
    afterLoad();
    const name = opened.error ? opened.loaded : opened.link.kind === 'share' ? '' : opened.loaded;
    $('preset').value = name;
    const preset = presetList().find((p) => p.name === name);
    $('description').textContent = preset ? preset.description : 'A shared scene.';
    setRunning(true);
  }

  let presets = null;
  function presetList() {
    if (!presets) presets = JSON.parse(page.sim.presetsJson());
    return presets;
  }

  // [drawing]
  function resizeCanvas() {
    const rect = canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(rect.width)), height = Math.max(1, Math.round(rect.height));
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const changed = page.camera.width !== width || page.camera.height !== height;
    page.camera.width = width;
    page.camera.height = height;
    if (changed && !page.pointer) frameScene();
  }

  function frameScene() {
    if (!page.sim) return;
    const frame = L.sceneFraming(page.bodies, page.sim.states());
    page.camera = L.fitCamera(frame, page.camera.width, page.camera.height);
  }

  // What the world's picture is drawn from (draw.js): the bodies' states, the contacts and joints
  // with their forces, and the view (viewOf).
  function pictureInputs() {
    const forces = page.showForces;
    return {
      states: Float64Array.from(page.sim.states()),
      contacts: forces ? Float64Array.from(page.sim.contacts()) : new Float64Array(0),
      contactBodies: forces ? Int32Array.from(page.sim.contactBodies()) : new Int32Array(0),
      joints: page.hasJoints ? page.sim.jointsJson() : '[]',
      bodies: page.bodies,
      view: viewOf(),
    };
  }

  // The camera, the canvas's pixels, the force arrows' box and scale, the drag.
  function viewOf() {
    return JSON.stringify([page.camera, canvas.width, canvas.height, page.showForces,
                           page.forceScale, page.pointer]);
  }

  function sameArray(a, b) {
    if (a.length !== b.length) return false;
    for (let k = 0; k < a.length; ++k) if (a[k] !== b[k]) return false;
    return true;
  }

  function samePicture(a, b) {
    return b !== null && a.view === b.view && a.bodies === b.bodies && a.joints === b.joints &&
           sameArray(a.states, b.states) && sameArray(a.contacts, b.contacts) &&
           sameArray(a.contactBodies, b.contactBodies);
  }

  // Draws the world's picture; unless `always`, a frame whose inputs are those of the picture on
  // the canvas leaves it there (a paused scene, or one at rest, then costs no drawing).
  function draw(always = true) {
    const inputs = pictureInputs();
    if (always || !samePicture(inputs, page.shown)) {
      D.drawWorld(ctx, page, inputs);
      inputs.view = viewOf();  // with the arrows' scale the drawing chose (it keeps it next time)
      page.shown = inputs;
      page.pictures += 1;
    }
    const clock = `t = ${page.sim.time().toFixed(2)} s`;
    if ($('clock').textContent !== clock) $('clock').textContent = clock;
    showPace();
  }

  // [running]
  function setRunning(running) {
    page.running = running;
    page.carry = 0;
    page.pace = [];
    $('play').textContent = running ? 'Pause' : 'Play';
    $('step').disabled = running;
    if (!running && page.pointer && page.pointer.mode === 'spring') {
      page.sim.release();
      page.pointer = null;
    }
  }

  function dt() {
    return JSON.parse(page.sim.settingsJson()).dt;
  }

  // Steps `count` steps; a step that fails pauses the page and says why.
  function advance(count) {
    const error = count > 0 ? page.sim.step(count) : '';
    if (error) {
      setRunning(false);
      showError(`The simulation stopped: ${error}`);
    }
    return error;
  }

  // Real time drives the steps; a slow machine steps at most a tenth of a second's worth of steps
  // a frame (the scene then runs slower than real time rather than freezing the page, and says so
  // under the clock).
  function frame(now) {
    const wall = page.lastFrame === null ? 0 : (now - page.lastFrame) / 1000;
    const elapsed = Math.min(wall, 0.1);
    page.lastFrame = now;
    resizeCanvas();
    if (page.running) {
      const step = page.stepSize;
      page.carry += elapsed;
      const count = Math.floor(page.carry / step + 1e-9);
      page.carry -= count * step;
      advance(count);
      notePace(wall, count * step);
    }
    draw(page.drawEveryFrame);
    page.frames += 1;
    window.requestAnimationFrame(frame);
  }

  // How fast the running simulation keeps up with real time (L.behindText). A hidden tab stops the
  // frames, and a frame more than 5 s after the last (a computer asleep) starts the count again; a
  // slow frame of our own (a large scene's steps) counts.
  function notePace(wall, simulated) {
    if (wall > 5) page.pace = [];
    else page.pace.push({ wall, simulated });
    while (page.pace.length > 240) page.pace.shift();
  }

  function showPace() {
    // The solver menu shows the world's solver (showSettings keeps it so).
    const text = page.running ? L.behindText(L.realTimeShare(page.pace), $('solver').value) : '';
    const line = $('behind');
    if (line.textContent !== text) line.textContent = text;
    line.hidden = text === '';
  }

  // [pointer] A body under the pointer is dragged (a spring while running, moved while paused);
  // elsewhere the view pans. The wheel zooms about the pointer.
  function worldAt(event) {
    const rect = canvas.getBoundingClientRect();
    return L.screenToWorld(page.camera, event.clientX - rect.left, event.clientY - rect.top);
  }

  function pointerDown(event) {
    if (page.pointer) return;
    const p = worldAt(event);
    const tolerance = (event.pointerType === 'touch' ? 12 : 4) / page.camera.pixelsPerMeter;
    const i = page.sim.bodyAt(p.x, p.y, tolerance);
    canvas.setPointerCapture(event.pointerId);
    canvas.classList.add('dragging');
    const states = page.sim.states();
    if (i >= 0 && !page.bodies[i].fixed) {
      const x = states[6 * i], y = states[6 * i + 1], angle = states[6 * i + 2];
      const c = Math.cos(angle), s = Math.sin(angle), dx = p.x - x, dy = p.y - y;
      if (page.running) {
        const error = page.sim.grab(i, p.x, p.y);
        if (error) return showError(error);
        page.pointer = { id: event.pointerId, mode: 'spring', body: i, x: p.x, y: p.y,
                         localX: c * dx + s * dy, localY: -s * dx + c * dy };
      } else {
        page.pointer = { id: event.pointerId, mode: 'move', body: i, offsetX: dx, offsetY: dy };
      }
    } else {
      page.pointer = { id: event.pointerId, mode: 'pan', sx: event.clientX, sy: event.clientY };
    }
  }

  function pointerMove(event) {
    const drag = page.pointer;
    if (!drag || drag.id !== event.pointerId) return;
    if (drag.mode === 'pan') {
      page.camera.centerX -= (event.clientX - drag.sx) / page.camera.pixelsPerMeter;
      page.camera.centerY += (event.clientY - drag.sy) / page.camera.pixelsPerMeter;
      drag.sx = event.clientX;
      drag.sy = event.clientY;
      return;
    }
    const p = worldAt(event);
    if (drag.mode === 'spring') {
      drag.x = p.x;
      drag.y = p.y;
      page.sim.dragTo(p.x, p.y);
    } else {
      const error = page.sim.moveBody(drag.body, p.x - drag.offsetX, p.y - drag.offsetY);
      if (error) showError(error);
    }
  }

  function pointerUp(event) {
    const drag = page.pointer;
    if (!drag || drag.id !== event.pointerId) return;
    if (drag.mode === 'spring') page.sim.release();
    page.pointer = null;
    canvas.classList.remove('dragging');
  }

  function wheel(event) {
    event.preventDefault();
    const rect = canvas.getBoundingClientRect();
    const sx = event.clientX - rect.left, sy = event.clientY - rect.top;
    const before = L.screenToWorld(page.camera, sx, sy);
    const factor = Math.exp(-event.deltaY * 0.0015);
    page.camera.pixelsPerMeter = Math.min(20000, Math.max(2, page.camera.pixelsPerMeter * factor));
    const after = L.screenToWorld(page.camera, sx, sy);
    page.camera.centerX += before.x - after.x;
    page.camera.centerY += before.y - after.y;
  }

  // [controls]
  const SLIDERS = ['gravity', 'damping', 'elasticity', 'friction'];

  function showValue(name, value) {
    $(`${name}-value`).textContent = value.toFixed(2);
  }

  // The sliders and the solver show the world's settings (after a load or a reset).
  function showSettings() {
    const settings = JSON.parse(page.sim.settingsJson());
    for (const name of SLIDERS) {
      const input = $(name);
      if (!input.dataset.max) input.dataset.max = input.max;  // the page's own range
      input.max = Math.max(Number(input.dataset.max), settings[name]);  // a scene's value fits
      input.value = settings[name];
      showValue(name, settings[name]);
    }
    $('solver').value = settings.solver;
    page.stepSize = settings.dt;
  }

  function setupControls() {
    const select = $('preset');
    const shared = document.createElement('option');
    shared.value = '';
    shared.textContent = '(a shared scene)';
    shared.disabled = true;
    select.append(shared);
    for (const preset of presetList()) {
      const option = document.createElement('option');
      option.value = preset.name;
      option.textContent = preset.name;
      option.title = preset.description;
      select.append(option);
    }
    select.addEventListener('change', () => {
      window.location.hash = `preset=${select.value}`;
    });
    $('play').addEventListener('click', () => setRunning(!page.running));
    $('step').addEventListener('click', () => {
      if (!page.running) advance(1);
    });
    $('reset').addEventListener('click', () => {
      if (page.pointer && page.pointer.mode === 'spring') page.sim.release();
      page.pointer = null;
      page.sim.reset();
      page.carry = 0;
      showSettings();
    });
    for (const name of SLIDERS) {
      $(name).addEventListener('input', (event) => {
        const value = Number(event.target.value);
        const error = page.sim.setSetting(name, value);
        if (error) showError(error); else showValue(name, value);
      });
    }
    $('forces').addEventListener('change', (event) => {
      page.showForces = event.target.checked;
      draw();
    });
    $('solver').addEventListener('change', (event) => {
      const error = page.sim.setSolver(event.target.value);
      if (error) showError(error);
      showSettings();
    });
    $('banner-close').addEventListener('click', hideError);
    $('share').addEventListener('click', share);
    document.addEventListener('visibilitychange', () => { page.pace = []; });
    canvas.addEventListener('pointerdown', pointerDown);
    canvas.addEventListener('pointermove', pointerMove);
    canvas.addEventListener('pointerup', pointerUp);
    canvas.addEventListener('pointercancel', pointerUp);
    canvas.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('hashchange', openFromAddress);
  }

  // [share] The page's own link for the current scene, into the clipboard and the text field (the
  // clipboard may be refused: the field can always be copied by hand).
  async function share() {
    const link = L.shareLink(window.location.href, page.sim.share());
    const field = $('share-link');
    field.value = link;
    $('share-box').hidden = false;
    field.focus();
    field.select();
    try {
      await navigator.clipboard.writeText(link);
      $('share-status').textContent = 'Copied.';
    } catch (_) {
      $('share-status').textContent = 'Copy it from the field.';
    }
    return link;
  }

  // [test hook] For the end-to-end test and the benchmark (docs/web.md).
  let resolveReady, rejectReady;
  const hook = {
    sim: null,
    physicsModule: '',  // the build [start] loaded: contactlab-simd.js or contactlab.js
    ready: new Promise((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    }),
    states: () => Array.from(page.sim.states()),
    contacts: () => Array.from(page.sim.contacts()),
    bodies: () => page.bodies.map((b) => ({ ...b })),
    time: () => page.sim.time(),
    dt: () => dt(),
    running: () => page.running,
    play: () => setRunning(true),
    pause: () => setRunning(false),
    reset: () => $('reset').click(),
    // Pauses the loop and steps exactly n steps; "" or the error.
    runSteps: (n) => {
      setRunning(false);
      const error = advance(n);
      draw();
      return error;
    },
    worldToScreen: (x, y) => L.worldToScreen(page.camera, x, y),
    camera: () => ({ ...page.camera }),
    lastError: () => ($('banner').hidden ? '' : $('banner-text').textContent),
    frames: () => page.frames,
    pictures: () => page.pictures,
    // Every frame drawn anew (on) or only those whose picture changes (off, the default): the
    // drawing's benchmark measures the drawing itself.
    drawEveryFrame: (on) => {
      page.drawEveryFrame = on;
    },
    // The share of real time the running simulation kept up with over the last second, or null.
    realTimeShare: () => L.realTimeShare(page.pace),
  };
  window.contactlab = hook;

  // [start]
  // Adds the physics module's script to the page: the build the browser runs fastest
  // (L.physicsModuleFile), which defines createContactLab.
  function loadPhysicsModule(file) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = file;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`${file} did not load`));
      document.body.appendChild(script);
    });
  }

  async function start() {
    hook.physicsModule = L.physicsModuleFile(window.WebAssembly);
    await loadPhysicsModule(hook.physicsModule);
    const lab = await window.createContactLab();
    page.sim = new lab.Simulation();
    hook.sim = page.sim;
    page.frames = 0;
    setupControls();
    resizeCanvas();
    openFromAddress();
    window.requestAnimationFrame(frame);
    resolveReady();
  }

  start().catch((error) => {
    showError(`The simulation could not start: ${error && error.message ? error.message : error}`);
    rejectReady(error);
  });
})();
