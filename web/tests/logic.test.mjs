// The page's pure logic (web/page/logic.js): what a link asks for, the fallback on a bad link, the
// world <-> screen transform and framing, the grid, and the force arrows' scale and direction.
// Run: node --test web/tests/
import test from 'node:test';
import assert from 'node:assert/strict';
import L from '../page/logic.js';

// A stand-in for the simulation's load(): accepts the sources in `good`, refuses the rest with a
// message naming them, and records what it was asked.
function fakeSim(good) {
  return {
    asked: [],
    load(source) {
      this.asked.push(source);
      return good.includes(source) ? '' : `cannot load '${source}'`;
    },
  };
}

test('a link without a fragment asks for the default scene, the tapering stack', () => {
  for (const hash of ['', '#', '#  ']) {
    assert.deepEqual(L.parseLink(hash), { kind: 'default', value: 'tapering-stack' });
  }
});

test('#preset=NAME asks for that preset, anything else is a share string', () => {
  assert.deepEqual(L.parseLink('#preset=pyramid20'), { kind: 'preset', value: 'pyramid20' });
  assert.deepEqual(L.parseLink('#cl1~Bfloor,w20~bA'), { kind: 'share', value: 'cl1~Bfloor,w20~bA' });
  assert.deepEqual(L.parseLink('#nonsense'), { kind: 'share', value: 'nonsense' });
});

test('percent-escapes a chat program added are decoded; a broken escape is kept for the parser', () => {
  assert.equal(L.parseLink('#cl1%7EbA%2Cx1').value, 'cl1~bA,x1');
  assert.equal(L.parseLink('#cl1~bA,x%E0%A4').value, 'cl1~bA,x%E0%A4');
});

test('a link that loads is kept; a link that does not keeps its message and falls back', () => {
  const sim = fakeSim(['cl1~bA', 'tapering-stack', 'pyramid']);
  assert.deepEqual(L.openLink(sim, '#cl1~bA'),
                   { link: { kind: 'share', value: 'cl1~bA' }, loaded: 'cl1~bA', error: '' });
  assert.equal(L.openLink(sim, '#preset=pyramid').loaded, 'pyramid');
  sim.asked = [];
  const opened = L.openLink(sim, '#cl1~b!');
  assert.equal(opened.error, "cannot load 'cl1~b!'");
  assert.equal(opened.loaded, 'tapering-stack');
  assert.deepEqual(sim.asked, ['cl1~b!', 'tapering-stack']);
});

test('a share link is the page address without its old fragment, then # and the string', () => {
  assert.equal(L.shareLink('file:///x/index.html#preset=pyramid', 'cl1~bA'),
               'file:///x/index.html#cl1~bA');
  assert.equal(L.shareLink('https://school.example/lab/', 'cl1~bA'),
               'https://school.example/lab/#cl1~bA');
});

test('world and screen points map back and forth; world y points up, screen y down', () => {
  const camera = L.makeCamera(1, 2, 50, 800, 600);
  const centre = L.worldToScreen(camera, 1, 2);
  assert.deepEqual(centre, { x: 400, y: 300 });
  const above = L.worldToScreen(camera, 1, 3);
  assert.equal(above.y, 250);
  for (const [x, y] of [[0, 0], [-3.25, 7.5], [1e3, -2e-3]]) {
    const s = L.worldToScreen(camera, x, y), back = L.screenToWorld(camera, s.x, s.y);
    assert.ok(Math.abs(back.x - x) < 1e-9 && Math.abs(back.y - y) < 1e-9);
  }
});

test('a fitted camera shows the whole rectangle, touching the view on one side', () => {
  const rect = { minX: -3, minY: -1, maxX: 5, maxY: 2 };
  const camera = L.fitCamera(rect, 1000, 300);
  const a = L.worldToScreen(camera, rect.minX, rect.maxY), b = L.worldToScreen(camera, rect.maxX, rect.minY);
  assert.ok(a.x >= -1e-9 && a.y >= -1e-9 && b.x <= 1000 + 1e-9 && b.y <= 300 + 1e-9);
  assert.ok(Math.abs(a.y) < 1e-9 && Math.abs(b.y - 300) < 1e-9);  // the height is the limit
});

test('the framing shows a block, not the whole 20 m floor under it, and at least 6 m x 4 m', () => {
  const bodies = [
    { name: 'floor', shape: 'box', fixed: true, corners: [-10, -0.5, 10, -0.5, 10, 0.5, -10, 0.5] },
    { name: 'block', shape: 'box', fixed: false, corners: [-1, -0.5, 1, -0.5, 1, 0.5, -1, 0.5] },
  ];
  const states = [0, -0.5, 0, 0, 0, 0, 0, 0.505, 0, 0, 0, 0];
  const frame = L.sceneFraming(bodies, states);
  assert.ok(frame.maxX - frame.minX >= 6 && frame.maxY - frame.minY >= 4);
  assert.ok(frame.maxX - frame.minX < 20);
  assert.ok(frame.minX <= -1 && frame.maxX >= 1 && frame.minY <= -0.5 && frame.maxY >= 1.005);
});

test('a disc is framed by its radius, a turned box by its corners', () => {
  const disc = L.bodyBounds({ shape: 'disc', radius: 0.5 }, 1, 2, 0.3);
  assert.deepEqual(disc, { minX: 0.5, minY: 1.5, maxX: 1.5, maxY: 2.5 });
  const box = L.bodyBounds({ shape: 'box', corners: [-1, -1, 1, -1, 1, 1, -1, 1] }, 0, 0, Math.PI / 4);
  assert.ok(Math.abs(box.maxX - Math.SQRT2) < 1e-12 && Math.abs(box.minY + Math.SQRT2) < 1e-12);
});

test('grid lines are the finest 1-2-5 step at least the asked pixels apart', () => {
  for (const ppm of [3, 17, 80, 80.5, 333, 5000]) {
    const { minor, major } = L.gridSpacing(ppm, 24);
    assert.ok(minor * ppm >= 24 * (1 - 1e-9));
    assert.ok(L.roundDown125(minor * 0.99) * ppm < 24);  // the next finer step is too fine
    assert.ok([2, 5].includes(Math.round(major / minor)));
  }
});

test('round force and length steps are 1, 2 or 5 x 10^k, at most the value', () => {
  const cases = [[7, 5], [1, 1], [0.3, 0.2], [19.99, 10], [200, 200], [0, 0], [NaN, 0], [-1, 0]];
  for (const [x, expected] of cases) assert.equal(L.roundDown125(x), expected);
  assert.equal(L.formatLength(1), '1 m');
  assert.equal(L.formatLength(0.2), '20 cm');
  assert.equal(L.formatLength(0.005), '5 mm');
  assert.equal(L.formatForce(10), '10 N');
});

test('the automatic scale draws the largest force about a quarter of the view, and holds', () => {
  const view = 8;  // m
  for (const largest of [0.3, 9.81, 98.1, 4e4]) {
    const scale = L.automaticForceScale(largest, view, 0);
    const share = largest * scale / view;
    assert.ok(share > 0.1 && share <= 0.25 + 1e-12, `${largest} N: ${share}`);
  }
  const scale = L.automaticForceScale(98.1, view, 0);
  assert.equal(L.automaticForceScale(98.1 * 1.5, view, scale), scale);  // no flicker
  assert.notEqual(L.automaticForceScale(98.1 * 10, view, scale), scale);  // too long: rescaled
  assert.equal(L.automaticForceScale(0, view, scale), scale);
  assert.equal(L.automaticForceScale(0, view, 0), 0.02);
});

test('the legend arrow is a round force no longer than the asked pixels', () => {
  for (const pixelsPerNewton of [0.07, 1, 3.3, 250]) {
    const newtons = L.legendForce(pixelsPerNewton, 100);
    assert.ok(newtons * pixelsPerNewton <= 100 + 1e-9);
    assert.ok(newtons * pixelsPerNewton > 100 / 2.5 - 1e-9);
  }
});

test('the floor pushes the block up: the arrow starts on the block, whichever body is first', () => {
  const bodies = [{ fixed: true }, { fixed: false }];
  const states = [0, -0.5, 0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0];
  const camera = L.makeCamera(0, 0, 100, 800, 600);
  const onBlock = [1, 0.005, 0, 1, 9.81, 0];  // point on the block, force on it along +y
  const onFloor = [1, 0.005, 0, -1, 9.81, 0];  // the same contact seen from the floor
  for (const [contact, pair] of [[onBlock, [1, 0]], [onFloor, [0, 1]]]) {
    const [a] = L.forceArrows(contact, pair, bodies, states, camera, 0.02, 4);
    assert.equal(a.body, 1);
    assert.ok(Math.abs(a.tailY - a.headY - 9.81 * 0.02 * 100) < 1e-9);  // up on the screen
    assert.ok(Math.abs(a.tailX - (500 - 4)) < 1e-9);  // moved 4 px towards the block's centre
  }
  assert.equal(L.forceArrows([1, 0, 0, 1, 1e-6, 0], [1, 0], bodies, states, camera, 0.02).length, 0);
});

test('2 s of steps is what contactlab-cli run --time 2 takes', () => {
  assert.equal(L.stepsFor(2, 0.01), 200);
  assert.equal(L.stepsFor(2, 1 / 60), 120);
  assert.equal(L.stepsFor(2, 0.003), 667);
});

test('the page loads the SIMD build where WebAssembly validates a SIMD instruction, else the scalar one', () => {
  assert.equal(L.physicsModuleFile({ validate: () => true }), 'contactlab-simd.js');
  assert.equal(L.physicsModuleFile({ validate: () => false }), 'contactlab.js');
  assert.equal(L.physicsModuleFile({ validate: () => { throw new Error('no'); } }), 'contactlab.js');
  assert.equal(L.physicsModuleFile(undefined), 'contactlab.js');
  // The probe is asked for, as it is.
  let asked = null;
  L.physicsModuleFile({ validate: (bytes) => { asked = bytes; return false; } });
  assert.equal(asked, L.SIMD_PROBE);
});

test('the SIMD probe is a valid module, as its scalar twin is (Node has WebAssembly SIMD)', () => {
  assert.equal(WebAssembly.validate(L.SIMD_PROBE), true);
  assert.equal(L.physicsModuleFile(WebAssembly), 'contactlab-simd.js');
  // The same function returning an i32 (i32.const 0) instead of a v128: the probe's framing is a
  // module's, so an engine refuses the probe only for its SIMD type and instruction.
  const scalar = Uint8Array.from([...L.SIMD_PROBE.slice(0, 14), 0x7f, 0x03, 0x02, 0x01, 0x00,
                                  0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x00, 0x0b]);
  assert.equal(WebAssembly.validate(scalar), true);
  assert.equal(WebAssembly.validate(L.SIMD_PROBE.slice(0, -1)), false);  // cut short
});

// The polygons a path recorder was given (moveTo starts one, closePath ends it).
function recordPath() {
  const polygons = [];
  return {
    polygons,
    moveTo(x, y) { polygons.push([[x, y]]); },
    lineTo(x, y) { polygons[polygons.length - 1].push([x, y]); },
    closePath() {},
  };
}

// Twice the signed area of a polygon (the shoelace formula).
function twiceArea(points) {
  let sum = 0;
  points.forEach(([x, y], k) => {
    const [nx, ny] = points[(k + 1) % points.length];
    sum += x * ny - nx * y;
  });
  return sum;
}

test('an arrow is a shaft as wide as a stroke and a head, wound alike in every direction', () => {
  const near = (a, b) => Math.abs(a - b) < 1e-9;
  let sign = 0;
  for (const degrees of [0, 37, 90, 180, 200, 270, 315]) {
    const angle = degrees * Math.PI / 180, length = 50;
    const tailX = 10, tailY = 20;
    const headX = tailX + length * Math.cos(angle), headY = tailY + length * Math.sin(angle);
    const path = recordPath();
    L.addArrowOutline(path, tailX, tailY, headX, headY, 4, 11);
    assert.equal(path.polygons.length, 2, `${degrees} degrees`);
    const [shaft, head] = path.polygons;
    assert.equal(shaft.length, 4);
    assert.equal(head.length, 3);
    // The shaft: 4 wide, from the tail to the head's base, 11 short of the tip.
    assert.ok(near(Math.abs(twiceArea(shaft)) / 2, 4 * (length - 11)));
    const ux = Math.cos(angle), uy = Math.sin(angle);
    for (const [x, y] of shaft) {
      const along = (x - tailX) * ux + (y - tailY) * uy, across = -(x - tailX) * uy + (y - tailY) * ux;
      assert.ok(near(along, 0) || near(along, length - 11));
      assert.ok(near(Math.abs(across), 2));
    }
    // The head: the tip at the head point, its base 0.9 x 11 wide.
    assert.deepEqual(head[0], [headX, headY]);
    assert.ok(near(Math.abs(twiceArea(head)) / 2, 0.5 * 0.9 * 11 * 11));
    // Both wound the same way, and the same way as every other arrow.
    const signs = [Math.sign(twiceArea(shaft)), Math.sign(twiceArea(head))];
    if (sign === 0) sign = signs[0];
    assert.deepEqual(signs, [sign, sign], `${degrees} degrees`);
  }
  // Shorter than its head: the head alone, as long as the arrow; of no length: nothing.
  const short = recordPath();
  L.addArrowOutline(short, 0, 0, 5, 0, 4, 11);
  assert.equal(short.polygons.length, 1);
  assert.deepEqual(short.polygons[0].map(([x]) => x), [5, 0, 0]);
  const none = recordPath();
  L.addArrowOutline(none, 3, 3, 3, 3, 4, 11);
  assert.equal(none.polygons.length, 0);
});

test('the real-time share counts the newest frames that cover the window, none before that', () => {
  const frame = (wall, simulated) => ({ wall, simulated });
  assert.equal(L.realTimeShare([]), null);
  assert.equal(L.realTimeShare([frame(0.5, 0.5), frame(0.4, 0.4)]), null);  // 0.9 s < 1 s
  // Sixty frames of 1/60 s, each simulating half of it: 50 %.
  const half = Array.from({ length: 60 }, () => frame(1 / 60, 1 / 120));
  assert.ok(Math.abs(L.realTimeShare(half) - 0.5) < 1e-12);
  // Older frames beyond the window do not count: a slow start, then a second at full speed.
  const recovered = [frame(0.2, 0.01), frame(0.2, 0.01), ...Array.from({ length: 60 }, () => frame(1 / 60, 1 / 60))];
  assert.ok(Math.abs(L.realTimeShare(recovered) - 1) < 1e-12);
  assert.ok(Math.abs(L.realTimeShare(recovered, 1.4) - (1 + 0.02) / 1.4) < 1e-12);
});

test('the page says when the simulation runs behind real time, and suggests the substeps', () => {
  assert.equal(L.behindText(null, 'timestep'), '');
  assert.equal(L.behindText(1, 'timestep'), '');
  assert.equal(L.behindText(0.9, 'timestep'), '');
  const slow = L.behindText(0.62, 'timestep');
  assert.match(slow, /^Running at 62 % of real time/);
  assert.match(slow, /Substeps \(fast, friction\)/);
  assert.match(L.behindText(0.4, 'contact'), /Substeps/);
  // Under the substeps already: how fast, without the suggestion.
  const substeps = L.behindText(0.5, 'substeps');
  assert.match(substeps, /^Running at 50 % of real time/);
  assert.doesNotMatch(substeps, /Substeps/);
});
