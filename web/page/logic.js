// The page's pure logic (docs/web.md): what a link asks for, the fallback on a bad link, the view's
// world <-> screen transform and framing, the grid, the force arrows' automatic scale, how far
// behind real time the simulation runs, and which build of the physics module to load. No DOM:
// the page (app.js) and the Node tests (web/tests/logic.test.mjs) use the same file. A classic
// script: in the browser it defines the global ContactLabLogic, in Node it is a CommonJS module.
(function (root) {
  'use strict';

  const DEFAULT_PRESET = 'tapering-stack';

  // What the fragment of the page's address asks for: a share string ('share', value "cl1~..."),
  // a preset ('preset', value its name), or nothing ('default'). The fragment is data: it is only
  // ever handed to the simulation's own parser. Percent-escapes are decoded first (a chat program
  // may add them); an escape that does not decode is kept as written, so the parser names it.
  function parseLink(hash) {
    let text = String(hash || '');
    if (text.startsWith('#')) text = text.slice(1);
    try {
      text = decodeURIComponent(text);
    } catch (_) {
      // kept as written
    }
    text = text.trim();
    if (text === '') return { kind: 'default', value: DEFAULT_PRESET };
    if (text.startsWith('preset=')) return { kind: 'preset', value: text.slice('preset='.length) };
    return { kind: 'share', value: text };
  }

  // Loads what `hash` asks for into `sim` (anything with load(source) -> "" or a message). A link
  // that does not load leaves its message and falls back to the default preset:
  // {link, loaded: the source now loaded, error: "" or the link's message}.
  function openLink(sim, hash) {
    const link = parseLink(hash);
    const error = sim.load(link.value);
    if (error === '') return { link, loaded: link.value, error: '' };
    const fallback = sim.load(DEFAULT_PRESET);
    return { link, loaded: fallback === '' ? DEFAULT_PRESET : '', error };
  }

  // The page's own link for a share string: its address without the fragment, then '#' and the
  // string.
  function shareLink(href, share) {
    const hashAt = href.indexOf('#');
    return (hashAt < 0 ? href : href.slice(0, hashAt)) + '#' + share;
  }

  // [camera] The world point at the middle of the view, metres to pixels, the view's size in
  // pixels; world y points up, screen y down.
  function makeCamera(centerX, centerY, pixelsPerMeter, width, height) {
    return { centerX, centerY, pixelsPerMeter, width, height };
  }

  function worldToScreen(camera, x, y) {
    return {
      x: camera.width / 2 + (x - camera.centerX) * camera.pixelsPerMeter,
      y: camera.height / 2 - (y - camera.centerY) * camera.pixelsPerMeter,
    };
  }

  function screenToWorld(camera, sx, sy) {
    return {
      x: camera.centerX + (sx - camera.width / 2) / camera.pixelsPerMeter,
      y: camera.centerY - (sy - camera.height / 2) / camera.pixelsPerMeter,
    };
  }

  // The camera that shows the world rectangle {minX, minY, maxX, maxY} whole and centred in a view
  // of width x height pixels.
  function fitCamera(rect, width, height) {
    const w = Math.max(rect.maxX - rect.minX, 1e-9), h = Math.max(rect.maxY - rect.minY, 1e-9);
    const pixelsPerMeter = Math.min(width / w, height / h);
    return makeCamera((rect.minX + rect.maxX) / 2, (rect.minY + rect.maxY) / 2, pixelsPerMeter,
                      width, height);
  }

  // [bodies] A body's world outline: corners (boxes and polygons, given in its own frame) or its
  // centre and radius (discs), at state (x, y, angle).
  function worldCorners(body, x, y, angle) {
    const c = Math.cos(angle), s = Math.sin(angle), out = [];
    for (let k = 0; k + 1 < body.corners.length; k += 2) {
      const px = body.corners[k], py = body.corners[k + 1];
      out.push({ x: x + c * px - s * py, y: y + s * px + c * py });
    }
    return out;
  }

  function bodyBounds(body, x, y, angle) {
    if (body.shape === 'disc') {
      return { minX: x - body.radius, minY: y - body.radius, maxX: x + body.radius,
               maxY: y + body.radius };
    }
    const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (const p of worldCorners(body, x, y, angle)) {
      box.minX = Math.min(box.minX, p.x);
      box.minY = Math.min(box.minY, p.y);
      box.maxX = Math.max(box.maxX, p.x);
      box.maxY = Math.max(box.maxY, p.y);
    }
    return box;
  }

  // Where to look when a scene opens, as the desktop program frames it: the movable bodies, the
  // parts of fixed bodies (floors, walls) within a quarter of that size (at least 1 m) of them, a
  // 0.5 m margin; at least 6 m x 4 m. `states` holds x, y, angle, vx, vy, omega per body.
  function sceneFraming(bodies, states) {
    let moving = null, all = null;
    const fixed = [];
    const grow = (into, r) => into ? { minX: Math.min(into.minX, r.minX),
                                       minY: Math.min(into.minY, r.minY),
                                       maxX: Math.max(into.maxX, r.maxX),
                                       maxY: Math.max(into.maxY, r.maxY) } : { ...r };
    bodies.forEach((body, i) => {
      const r = bodyBounds(body, states[6 * i], states[6 * i + 1], states[6 * i + 2]);
      all = grow(all, r);
      if (body.fixed) fixed.push(r); else moving = grow(moving, r);
    });
    if (!all) return { minX: -3, minY: -1, maxX: 3, maxY: 3 };
    let frame = moving || all;
    if (moving) {
      const reachX = Math.max((frame.maxX - frame.minX) / 4, 1);
      const reachY = Math.max((frame.maxY - frame.minY) / 4, 1);
      for (const r of fixed) {
        const clipped = { minX: Math.max(r.minX, frame.minX - reachX),
                          minY: Math.max(r.minY, frame.minY - reachY),
                          maxX: Math.min(r.maxX, frame.maxX + reachX),
                          maxY: Math.min(r.maxY, frame.maxY + reachY) };
        if (clipped.minX <= clipped.maxX && clipped.minY <= clipped.maxY)
          moving = grow(moving, clipped);
      }
      frame = moving;
    }
    const cx = (frame.minX + frame.maxX) / 2, cy = (frame.minY + frame.maxY) / 2;
    const halfX = Math.max((frame.maxX - frame.minX) / 2 + 0.5, 3);
    const halfY = Math.max((frame.maxY - frame.minY) / 2 + 0.5, 2);
    return { minX: cx - halfX, minY: cy - halfY, maxX: cx + halfX, maxY: cy + halfY };
  }

  // [grid] The finest spacing of 1, 2 or 5 x 10^k metres at least `minPixels` apart, with a major
  // line every 5 (for 1 and 2) or 2 (for 5) minor steps.
  function gridSpacing(pixelsPerMeter, minPixels = 24) {
    const wanted = minPixels / pixelsPerMeter;
    const decade = Math.pow(10, Math.floor(Math.log10(wanted)));
    for (const mantissa of [1, 2, 5, 10]) {
      const step = mantissa * decade;
      if (step * (1 + 1e-9) >= wanted) return { minor: step, major: step * (mantissa === 5 ? 2 : 5) };
    }
    return { minor: 10 * decade, major: 50 * decade };
  }

  // "1 m", "20 cm", "5 mm", "2 km".
  function formatLength(meters) {
    const a = Math.abs(meters);
    if (a === 0) return '0';
    if (a >= 1000) return `${+(meters / 1000).toPrecision(6)} km`;
    if (a >= 1) return `${+meters.toPrecision(6)} m`;
    if (a >= 0.01) return `${Math.round(meters * 1e4) / 1e2} cm`;
    return `${Math.round(meters * 1e6) / 1e3} mm`;
  }

  // [forces] The largest value 1, 2 or 5 x 10^k that is at most x (x > 0 and finite; else 0).
  function roundDown125(x) {
    if (!(x > 0) || !Number.isFinite(x)) return 0;
    const decade = Math.pow(10, Math.floor(Math.log10(x)));
    for (const step of [5, 2, 1]) if (step * decade <= x * (1 + 1e-12)) return step * decade;
    return decade / 2;
  }

  // The automatic scale (m of arrow per N), as the desktop's: the largest force drawn about a
  // quarter of the view's shorter side (`viewMetres`), in round steps 1, 2 or 5 x 10^k; `current`
  // (0: none yet) is kept while the largest arrow stays between an eighth and a half of that side,
  // so the scale does not flicker. With no force the current scale stays (or 0.02 m/N).
  function automaticForceScale(largestForce, viewMetres, current) {
    if (!(largestForce > 0) || !Number.isFinite(largestForce) || !(viewMetres > 0) ||
        !Number.isFinite(viewMetres))
      return current > 0 ? current : 0.02;
    if (current > 0) {
      const share = largestForce * current / viewMetres;
      if (share >= 0.125 && share <= 0.5) return current;
    }
    return roundDown125(0.25 * viewMetres / largestForce);
  }

  // The legend's force: the round force (1, 2 or 5 x 10^k N) whose arrow is the longest of at most
  // `longest` pixels at `pixelsPerNewton`.
  function legendForce(pixelsPerNewton, longest = 100) {
    if (!(pixelsPerNewton > 0) || !Number.isFinite(pixelsPerNewton)) return 0;
    return roundDown125(longest / pixelsPerNewton);
  }

  // "10 N", "0.5 N", "2000 N".
  function formatForce(newtons) {
    return `${+newtons.toPrecision(6)} N`;
  }

  // The largest contact force (normal and friction combined, N) of the flat contacts array
  // [x, y, nx, ny, force, friction]* and of the joints' forces [{force: [fx, fy]}].
  function largestForce(contacts, joints) {
    let largest = 0;
    for (let k = 0; k + 5 < contacts.length; k += 6)
      largest = Math.max(largest, Math.hypot(contacts[k + 4], contacts[k + 5]));
    for (const joint of joints || []) largest = Math.max(largest, Math.hypot(...joint.force));
    return largest;
  }

  // The red arrows of the contacts' normal forces in screen pixels, as the desktop draws them:
  // `contacts` is [x, y, nx, ny, force, friction]* (the point on body 1, the force on body 1 along
  // the normal), `pairs` [body1, body2]* (indices into `bodies` and `states`). Each arrow starts at
  // the contact point on the body it acts on (body 1, or body 2 taking the reaction when body 1 is
  // fixed and body 2 is not), runs along the force at `scale` m per N, and is moved `inset` pixels
  // sideways towards that body's centre so that its edge does not hide the shaft. Arrows shorter
  // than 0.75 px are left out. Each: {tailX, tailY, headX, headY, newtons, body}.
  function forceArrows(contacts, pairs, bodies, states, camera, scale, inset = 4) {
    const out = [];
    for (let k = 0, c = 0; k + 5 < contacts.length; k += 6, ++c) {
      const body1 = pairs[2 * c], body2 = pairs[2 * c + 1];
      const onSecond = bodies[body1].fixed && !bodies[body2].fixed;
      const body = onSecond ? body2 : body1, f = (onSecond ? -1 : 1) * contacts[k + 4] * scale;
      const x = contacts[k], y = contacts[k + 1];
      const tail = worldToScreen(camera, x, y);
      const head = worldToScreen(camera, x + contacts[k + 2] * f, y + contacts[k + 3] * f);
      const length = Math.hypot(head.x - tail.x, head.y - tail.y);
      if (!(length >= 0.75)) continue;
      let sideX = -(head.y - tail.y) / length, sideY = (head.x - tail.x) / length;
      const centre = worldToScreen(camera, states[6 * body], states[6 * body + 1]);
      if ((centre.x - tail.x) * sideX + (centre.y - tail.y) * sideY < 0) {
        sideX = -sideX;
        sideY = -sideY;
      }
      out.push({ tailX: tail.x + sideX * inset, tailY: tail.y + sideY * inset,
                 headX: head.x + sideX * inset, headY: head.y + sideY * inset,
                 newtons: Math.abs(contacts[k + 4]), body });
    }
    return out;
  }

  // Adds an arrow from (tailX, tailY) to (headX, headY) to `path` (anything with moveTo, lineTo
  // and closePath: a Path2D) as outlines to fill: the shaft, a rectangle `width` wide (the line a
  // stroke of that width with butt ends would cover), up to the base of the head, a triangle
  // `headLength` long (at most the arrow's length) and 0.9 headLength wide. Both are wound the
  // same way whatever the arrow's direction, so that under the nonzero rule a path of many arrows
  // fills wherever any of them is (arrows wound both ways would leave holes where they cross):
  // filled, not stroked, as a canvas drawn in software fills much faster than it strokes.
  function addArrowOutline(path, tailX, tailY, headX, headY, width, headLength) {
    const dx = headX - tailX, dy = headY - tailY, length = Math.hypot(dx, dy);
    if (!(length > 0)) return;
    const ux = dx / length, uy = dy / length, h = Math.min(headLength, length);
    const baseX = headX - ux * h, baseY = headY - uy * h;
    const nx = -uy, ny = ux;  // u turned a quarter
    if (length > h) {
      const w = width / 2;
      path.moveTo(tailX - nx * w, tailY - ny * w);
      path.lineTo(baseX - nx * w, baseY - ny * w);
      path.lineTo(baseX + nx * w, baseY + ny * w);
      path.lineTo(tailX + nx * w, tailY + ny * w);
      path.closePath();
    }
    const half = 0.45 * headLength;
    path.moveTo(headX, headY);
    path.lineTo(baseX + nx * half, baseY + ny * half);
    path.lineTo(baseX - nx * half, baseY - ny * half);
    path.closePath();
  }

  // The number of steps of `dt` that make `seconds` (as contactlab-cli run --time counts them).
  function stepsFor(seconds, dt) {
    return Math.max(0, Math.round(seconds / dt));
  }

  // How fast the simulation ran over the newest `seconds` of real time: `frames` holds each running
  // frame's {wall, simulated} seconds, oldest first. The simulated time over the real time of the
  // newest frames that cover those seconds, or null while they cover less.
  function realTimeShare(frames, seconds = 1) {
    let wall = 0;
    let simulated = 0;
    for (let k = frames.length - 1; k >= 0; --k) {
      wall += frames[k].wall;
      simulated += frames[k].simulated;
      if (wall >= seconds) return simulated / wall;
    }
    return null;
  }

  // The line the page shows while the simulation runs slower than real time (below 90 %): how
  // fast it runs, why, and, unless the substeps run already, that they keep up with larger scenes
  // ('' while it keeps up or nothing is known yet). `solver` as settingsJson() and the menu name
  // it.
  function behindText(share, solver) {
    if (share === null || !(share < 0.9)) return '';
    const text = `Running at ${Math.round(100 * share)} % of real time: the steps take longer ` +
                 'than the time they simulate.';
    if (solver === 'substeps') return text;
    return `${text} The solver "Substeps (fast, friction)" keeps up with larger scenes.`;
  }

  // The smallest WebAssembly module with a SIMD instruction: one function of no arguments that
  // returns a v128, i8x16.splat(i32.const 0). Sections: type (func [] -> [v128]), function, code.
  const SIMD_PROBE = new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,  // "\0asm", version 1
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,        // type: 1 type, func, 0 params, 1 result v128
    0x03, 0x02, 0x01, 0x00,                          // function: 1 function of type 0
    0x0a, 0x08, 0x01, 0x06, 0x00,                    // code: 1 body of 6 bytes, no locals
    0x41, 0x00, 0xfd, 0x0f, 0x0b,                    // i32.const 0, i8x16.splat, end
  ]);

  // The physics module for a browser whose WebAssembly object is `wasm`: the SIMD build
  // (contactlab-simd.js, web/wasm/CMakeLists.txt) where it validates a SIMD instruction, else the
  // scalar build (contactlab.js), which every browser with WebAssembly runs. The same bits either
  // way; the SIMD build steps the substeps' large scenes 1.5-2 times faster (docs/web.md).
  function physicsModuleFile(wasm) {
    try {
      if (wasm && typeof wasm.validate === 'function' && wasm.validate(SIMD_PROBE)) {
        return 'contactlab-simd.js';
      }
    } catch (_) {
      // an engine that cannot even validate: the scalar build
    }
    return 'contactlab.js';
  }

  const api = {
    DEFAULT_PRESET, parseLink, openLink, shareLink, makeCamera, worldToScreen, screenToWorld,
    fitCamera, worldCorners, bodyBounds, sceneFraming, gridSpacing, formatLength, roundDown125,
    automaticForceScale, legendForce, formatForce, largestForce, forceArrows, addArrowOutline,
    stepsFor, realTimeShare, behindText, SIMD_PROBE, physicsModuleFile,
  };
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.ContactLabLogic = api;
})(typeof globalThis === 'object' ? globalThis : this);
