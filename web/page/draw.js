// The drawing of one frame of the page's world (app.js calls drawWorld) in the desktop program's
// look: the grid, bodies filled by name with outlines (fixed ones hatched), joints, red force
// arrows with arrowheads at the resting contacts and the joints, the legend arrow and scale bar,
// and the drag spring. A classic script (pages opened from file:// cannot import modules).
(function () {
  'use strict';
  const L = window.ContactLabLogic;
  let ctx = null;   // the canvas's 2D context and the page's state, for the frame being drawn
  let page = null;

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

  const ARROWS_PER_FILL = 32;

  // One arrow, filled in the colour set (L.addArrowOutline).
  function arrow(tailX, tailY, headX, headY, width, headLength) {
    const path = new Path2D();
    L.addArrowOutline(path, tailX, tailY, headX, headY, width, headLength);
    ctx.fill(path);
  }

  // The red arrows of the contact (and joint) forces at the automatic scale, and the legend. Their
  // outlines are filled ARROWS_PER_FILL at a time: a canvas drawn in software (no graphics
  // processor, or a blocked one) fills one path of thousands of arrows slowly, each line of pixels
  // crossing the edges of every arrow in it, and strokes lines more slowly than it fills them.
  // pyramid40's 4,760 arrows in headless Chromium: all in one fill, 7 frames a second; the shafts
  // stroked and the heads filled, one path each, 15; 32 arrows a fill, 53-57; no arrows, 61
  // (docs/web.md).
  function drawForces(states, contacts, pairs, joints) {
    const cam = page.camera, s = stroke();
    const viewMetres = Math.min(cam.width, cam.height) / cam.pixelsPerMeter;
    page.forceScale = L.automaticForceScale(L.largestForce(contacts, joints), viewMetres,
                                            page.forceScale);
    ctx.fillStyle = COLORS.force;
    const width = 3 * s, headLength = 11 * s;
    let outlines = new Path2D(), count = 0;
    const add = (tailX, tailY, headX, headY) => {
      L.addArrowOutline(outlines, tailX, tailY, headX, headY, width, headLength);
      if (++count % ARROWS_PER_FILL === 0) {
        ctx.fill(outlines);
        outlines = new Path2D();
      }
    };
    const arrows = L.forceArrows(contacts, pairs, page.bodies, states, cam, page.forceScale, 4 * s);
    for (const a of arrows) add(a.tailX, a.tailY, a.headX, a.headY);
    for (const joint of joints) {
      const tail = L.worldToScreen(cam, joint.a[0], joint.a[1]);
      const head = L.worldToScreen(cam, joint.a[0] + joint.force[0] * page.forceScale,
                                   joint.a[1] + joint.force[1] * page.forceScale);
      if (Math.hypot(head.x - tail.x, head.y - tail.y) >= 0.75) add(tail.x, tail.y, head.x, head.y);
    }
    ctx.fill(outlines);
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
      ctx.fillStyle = COLORS.force;
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

  // One frame of the world: background, grid, bodies, joints, contact and joint forces with the
  // legend (unless the page hides them: a large pile's arrows cover its bodies), and the drag
  // spring; `inputs` holds the states, contacts and joints read for it (app.js, pictureInputs).
  function drawWorld(context, state, inputs) {
    ctx = context;
    page = state;
    const cam = page.camera;
    ctx.fillStyle = COLORS.background;
    ctx.fillRect(0, 0, cam.width, cam.height);
    drawGrid();
    const states = inputs.states;
    drawBodies(states);
    const joints = JSON.parse(inputs.joints);
    drawJoints(joints);
    if (page.showForces) {
      drawForces(states, inputs.contacts, inputs.contactBodies, joints);
    } else {
      drawLegend(0);  // the scale bar alone
    }
    drawDrag(states);
  }

  window.ContactLabDraw = { drawWorld, fillFor };
})();
