// The page (docs/web.md): opens the scene its link asks for in the WebAssembly simulation
// (contactlab.js), draws it on the canvas in the desktop program's look, runs it, lets a mouse or a
// finger drag bodies, sets gravity, damping, elasticity, friction and the solver, and shares the
// current scene as a link. The pure parts (links, camera, arrow scale) are in logic.js.
//
// [state] [banner] [loading] [drawing] [running] [pointer] [controls] [share] [test hook] [start]
(function () {
  'use strict';
  const L = window.ContactLabLogic;
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
    carry: 0,            // seconds of real time not yet stepped
    lastFrame: null,
    pointer: null,       // the drag or pan in progress
    lastError: '',
  };

  const COLORS = {
    background: '#f6f5f0', gridMinor: '#e4e3dd', gridMajor: '#cecdc6', axis: '#9696a0',
    outline: '#2d2d37', fixedFill: '#a0a0a8', fixedHatch: '#767680', fixedOutline: '#464650',
    force: 'rgb(220, 20, 20)', joint: '#282837', spring: '#148c46', label: '#3c3c46',
  };
  const FILLS = ['#8ab4e4', '#f4be78', '#96ce96', '#d6a0d6', '#f0dc78', '#82cece', '#ec9c96',
                 '#bebeec'];

  // A body keeps its colour by its name (FNV-1a of the name picks one of the desktop's fills).
  function fillFor(name) {
    let h = 2166136261;
    for (let k = 0; k < name.length; ++k) h = Math.imul(h ^ name.charCodeAt(k), 16777619) >>> 0;
    return FILLS[h % FILLS.length];
  }

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
    page.fills = page.bodies.map((b) => fillFor(b.name));
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

  // Line widths grow a little on big screens (a projector), as the desktop's text size does.
  function stroke() {
    return Math.min(2, Math.max(1, Math.min(page.camera.width, page.camera.height) / 600));
  }

  function drawGrid() {
    const cam = page.camera;
    const spacing = L.gridSpacing(cam.pixelsPerMeter);
    const lo = L.screenToWorld(cam, 0, cam.height), hi = L.screenToWorld(cam, cam.width, 0);
    const color = (v) => {
      if (Math.abs(v) < spacing.minor * 1e-6) return COLORS.axis;
      const majors = v / spacing.major;
      return Math.abs(majors - Math.round(majors)) < 1e-6 ? COLORS.gridMajor : COLORS.gridMinor;
    };
    ctx.lineWidth = 1;
    for (let i = Math.ceil(lo.x / spacing.minor); i * spacing.minor <= hi.x; ++i) {
      const x = Math.floor(L.worldToScreen(cam, i * spacing.minor, 0).x) + 0.5;
      ctx.strokeStyle = color(i * spacing.minor);
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x, cam.height);
      ctx.stroke();
    }
    for (let j = Math.ceil(lo.y / spacing.minor); j * spacing.minor <= hi.y; ++j) {
      const y = Math.floor(L.worldToScreen(cam, 0, j * spacing.minor).y) + 0.5;
      ctx.strokeStyle = color(j * spacing.minor);
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(cam.width, y);
      ctx.stroke();
    }
  }

  // Adds a body's outline to `path` (a Path2D, or the context's current path).
  function bodyPath(body, x, y, angle, path = ctx) {
    const cam = page.camera;
    if (body.shape === 'disc') {
      const c = L.worldToScreen(cam, x, y), r = body.radius * cam.pixelsPerMeter;
      path.moveTo(c.x + r, c.y);
      path.arc(c.x, c.y, r, 0, 2 * Math.PI);
      return;
    }
    L.worldCorners(body, x, y, angle).forEach((p, k) => {
      const s = L.worldToScreen(cam, p.x, p.y);
      if (k === 0) path.moveTo(s.x, s.y); else path.lineTo(s.x, s.y);
    });
    path.closePath();
  }

  // Diagonal hatching of a fixed body, clipped to its outline and anchored to the world origin.
  function hatch() {
    const cam = page.camera, origin = L.worldToScreen(cam, 0, 0), spacing = 12;
    const phase = ((origin.x + origin.y) % spacing + spacing) % spacing;
    ctx.save();
    ctx.clip();
    ctx.strokeStyle = COLORS.fixedHatch;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let c = phase - cam.height; c <= cam.width + cam.height; c += spacing) {
      ctx.moveTo(c, 0);
      ctx.lineTo(c - cam.height, cam.height);
    }
    ctx.stroke();
    ctx.restore();
  }

  // Fixed bodies one by one (hatched); the movable ones batched by fill colour, one path each, so
  // that a thousand discs cost a few calls.
  function drawBodies(states) {
    const cam = page.camera, s = stroke();
    const fills = new Map(), outlines = new Path2D();
    page.bodies.forEach((body, i) => {
      const x = states[6 * i], y = states[6 * i + 1], angle = states[6 * i + 2];
      const box = L.bodyBounds(body, x, y, angle);
      const a = L.worldToScreen(cam, box.minX, box.maxY), b = L.worldToScreen(cam, box.maxX, box.minY);
      if (b.x < 0 || b.y < 0 || a.x > cam.width || a.y > cam.height) return;
      if (body.fixed) {
        ctx.beginPath();
        bodyPath(body, x, y, angle);
        ctx.fillStyle = COLORS.fixedFill;
        ctx.fill();
        hatch();
        ctx.beginPath();
        bodyPath(body, x, y, angle);
        ctx.strokeStyle = COLORS.fixedOutline;
        ctx.lineWidth = 2 * s;
        ctx.stroke();
        return;
      }
      if (!fills.has(page.fills[i])) fills.set(page.fills[i], new Path2D());
      bodyPath(body, x, y, angle, fills.get(page.fills[i]));
      bodyPath(body, x, y, angle, outlines);
      if (body.shape === 'disc') {  // a radius shows the disc's rotation
        const c = L.worldToScreen(cam, x, y);
        const r = L.worldToScreen(cam, x + body.radius * Math.cos(angle),
                                  y + body.radius * Math.sin(angle));
        outlines.moveTo(c.x, c.y);
        outlines.lineTo(r.x, r.y);
      }
    });
    for (const [fill, path] of fills) {
      ctx.fillStyle = fill;
      ctx.fill(path);
    }
    ctx.strokeStyle = COLORS.outline;
    ctx.lineWidth = 1.5 * s;
    ctx.stroke(outlines);
  }

  function ring(x, y, r, fill) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    if (fill) ctx.fill(); else ctx.stroke();
  }

  // Joints as the desktop draws them: a rod or a rope a line between its anchors with dots, a pin a
  // ring with a cross, a hinge a ring with a dot.
  function drawJoints(joints) {
    const cam = page.camera, s = stroke(), r = 5 * s;
    ctx.strokeStyle = ctx.fillStyle = COLORS.joint;
    for (const joint of joints) {
      const a = L.worldToScreen(cam, joint.a[0], joint.a[1]);
      const b = L.worldToScreen(cam, joint.b[0], joint.b[1]);
      ctx.lineWidth = (joint.kind === 'rope' ? 1.2 : 2) * s;
      if (joint.kind === 'rod' || joint.kind === 'rope') {
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
        ring(a.x, a.y, 0.6 * r, true);
        ring(b.x, b.y, 0.6 * r, true);
      } else if (joint.kind === 'pin') {
        ring(b.x, b.y, r, false);
        ctx.beginPath();
        ctx.moveTo(b.x - 0.7 * r, b.y - 0.7 * r);
        ctx.lineTo(b.x + 0.7 * r, b.y + 0.7 * r);
        ctx.moveTo(b.x - 0.7 * r, b.y + 0.7 * r);
        ctx.lineTo(b.x + 0.7 * r, b.y - 0.7 * r);
        ctx.stroke();
      } else {
        ring(a.x, a.y, r, false);
        ring(a.x, a.y, 0.4 * r, true);
      }
    }
  }

  // An arrow's shaft into `shafts` and its head into `heads` (Path2D), to be drawn together.
  function addArrow(shafts, heads, tailX, tailY, headX, headY, headLength) {
    const dx = headX - tailX, dy = headY - tailY, length = Math.hypot(dx, dy);
    if (!(length > 0)) return;
    const ux = dx / length, uy = dy / length, h = Math.min(headLength, length);
    const baseX = headX - ux * h, baseY = headY - uy * h, half = 0.45 * headLength;
    shafts.moveTo(tailX, tailY);
    shafts.lineTo(baseX, baseY);
    heads.moveTo(headX, headY);
    heads.lineTo(baseX - uy * half, baseY + ux * half);
    heads.lineTo(baseX + uy * half, baseY - ux * half);
    heads.closePath();
  }

  function arrow(tailX, tailY, headX, headY, width, headLength) {
    const shafts = new Path2D(), heads = new Path2D();
    addArrow(shafts, heads, tailX, tailY, headX, headY, headLength);
    strokeArrows(shafts, heads, width);
  }

  function strokeArrows(shafts, heads, width) {
    ctx.lineWidth = width;
    ctx.stroke(shafts);
    ctx.fill(heads);
  }

  // The red arrows of the contact (and joint) forces at the automatic scale, and the legend.
  function drawForces(states, contacts, pairs, joints) {
    const cam = page.camera, s = stroke();
    const viewMetres = Math.min(cam.width, cam.height) / cam.pixelsPerMeter;
    page.forceScale = L.automaticForceScale(L.largestForce(contacts, joints), viewMetres,
                                            page.forceScale);
    ctx.strokeStyle = ctx.fillStyle = COLORS.force;
    const shafts = new Path2D(), heads = new Path2D();
    const arrows = L.forceArrows(contacts, pairs, page.bodies, states, cam, page.forceScale, 4 * s);
    for (const a of arrows) addArrow(shafts, heads, a.tailX, a.tailY, a.headX, a.headY, 11 * s);
    for (const joint of joints) {
      const tail = L.worldToScreen(cam, joint.a[0], joint.a[1]);
      const head = L.worldToScreen(cam, joint.a[0] + joint.force[0] * page.forceScale,
                                   joint.a[1] + joint.force[1] * page.forceScale);
      if (Math.hypot(head.x - tail.x, head.y - tail.y) >= 0.75)
        addArrow(shafts, heads, tail.x, tail.y, head.x, head.y, 11 * s);
    }
    strokeArrows(shafts, heads, 3 * s);
    drawLegend(page.forceScale * cam.pixelsPerMeter);
  }

  // Bottom left: a scale bar (a round length) and the force legend (a round force's arrow).
  function drawLegend(pixelsPerNewton) {
    const cam = page.camera, s = stroke(), fontSize = Math.round(14 * s);
    const left = 14 * s, bottom = cam.height - 14 * s;
    ctx.font = `${fontSize}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    const metres = L.roundDown125(120 * s / cam.pixelsPerMeter), bar = metres * cam.pixelsPerMeter;
    ctx.strokeStyle = ctx.fillStyle = COLORS.label;
    ctx.lineWidth = 2 * s;
    ctx.beginPath();
    ctx.moveTo(left, bottom - 5 * s);
    ctx.lineTo(left, bottom);
    ctx.lineTo(left + bar, bottom);
    ctx.lineTo(left + bar, bottom - 5 * s);
    ctx.stroke();
    ctx.fillText(L.formatLength(metres), left + bar + 8 * s, bottom - 2 * s);
    const newtons = L.legendForce(pixelsPerNewton, 100 * s);
    if (newtons > 0) {
      const y = bottom - fontSize * 1.8, length = newtons * pixelsPerNewton;
      ctx.strokeStyle = ctx.fillStyle = COLORS.force;
      arrow(left, y, left + length, y, 3 * s, 11 * s);
      ctx.fillStyle = COLORS.label;
      ctx.fillText(L.formatForce(newtons), left + length + 8 * s, y);
    }
  }

  // The drag spring: from the grabbed point of the body to the pointer.
  function drawDrag(states) {
    const p = page.pointer;
    if (!p || p.mode !== 'spring') return;
    const i = p.body, c = Math.cos(states[6 * i + 2]), sn = Math.sin(states[6 * i + 2]);
    const ax = states[6 * i] + c * p.localX - sn * p.localY;
    const ay = states[6 * i + 1] + sn * p.localX + c * p.localY;
    const a = L.worldToScreen(page.camera, ax, ay), b = L.worldToScreen(page.camera, p.x, p.y);
    ctx.strokeStyle = ctx.fillStyle = COLORS.spring;
    ctx.lineWidth = 2 * stroke();
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
    ring(a.x, a.y, 3.5 * stroke(), true);
    ring(b.x, b.y, 5 * stroke(), false);
  }

  function draw() {
    const cam = page.camera;
    ctx.fillStyle = COLORS.background;
    ctx.fillRect(0, 0, cam.width, cam.height);
    drawGrid();
    const states = Float64Array.from(page.sim.states());
    drawBodies(states);
    const joints = page.hasJoints ? JSON.parse(page.sim.jointsJson()) : [];
    drawJoints(joints);
    const contacts = Float64Array.from(page.sim.contacts());
    drawForces(states, contacts, Int32Array.from(page.sim.contactBodies()), joints);
    drawDrag(states);
    $('clock').textContent = `t = ${page.sim.time().toFixed(2)} s`;
  }

  // [running]
  function setRunning(running) {
    page.running = running;
    page.carry = 0;
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
  // a frame (the scene then runs slower than real time rather than freezing the page).
  function frame(now) {
    const elapsed = page.lastFrame === null ? 0 : Math.min((now - page.lastFrame) / 1000, 0.1);
    page.lastFrame = now;
    resizeCanvas();
    if (page.running) {
      const step = page.stepSize;
      page.carry += elapsed;
      const count = Math.floor(page.carry / step + 1e-9);
      page.carry -= count * step;
      advance(count);
    }
    draw();
    page.frames += 1;
    window.requestAnimationFrame(frame);
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
    $('solver').addEventListener('change', (event) => {
      const error = page.sim.setSolver(event.target.value);
      if (error) showError(error);
      showSettings();
    });
    $('banner-close').addEventListener('click', hideError);
    $('share').addEventListener('click', share);
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
  };
  window.contactlab = hook;

  // [start]
  async function start() {
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
