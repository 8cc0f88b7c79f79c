// Tests of collideShapes: contacts of boxes, polygons and discs checked against their geometry,
// against a rotated and translated copy of the scene, and against brute-force distances.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "narrow_phase.h"

using namespace contactlab;

namespace {

constexpr double kMargin = 0.01;
constexpr double kEps = 1e-9;

Shape box(double width, double height) {
  BodyDef def;
  def.shape = ShapeKind::Box;
  def.width = width;
  def.height = height;
  return makeShape(def).value();
}

Shape disc(double radius) {
  BodyDef def;
  def.shape = ShapeKind::Disc;
  def.radius = radius;
  return makeShape(def).value();
}

// A polygon with the given corners; `centroid` receives the position at which the polygon (at
// angle 0) has its corners exactly there.
Shape polygon(const std::vector<Vec2>& points, Vec2& centroid) {
  BodyDef def;
  def.shape = ShapeKind::Polygon;
  def.points = points;
  Shape shape = makeShape(def).value();
  centroid = points[0] - shape.vertices[0];
  return shape;
}

std::vector<ContactGeometry> collide(const Shape& a, const Transform& ta, const Shape& b,
                                     const Transform& tb, double margin = kMargin) {
  std::vector<ContactGeometry> out;
  collideShapes(a, ta, b, tb, margin, out);
  return out;
}

bool near(Vec2 p, Vec2 q, double tolerance = kEps) {
  return glm::length(p - q) <= tolerance;
}

// The normal turned to point from collideShapes' second argument towards its first.
Vec2 normalTowardsFirst(const ContactGeometry& c) {
  return c.pointOwnerIsFirst ? c.normal : -c.normal;
}

size_t vertexIndexAt(const Shape& shape, const Transform& place, Vec2 world) {
  for (size_t i = 0; i < shape.vertices.size(); ++i)
    if (near(place.apply(shape.vertices[i]), world)) return i;
  return shape.vertices.size();
}

size_t edgeWithNormal(const Shape& shape, const Transform& place, Vec2 worldNormal) {
  for (size_t i = 0; i < shape.normals.size(); ++i)
    if (near(place.rotate(shape.normals[i]), worldNormal)) return i;
  return shape.normals.size();
}

std::uint32_t body1Feature(const ContactGeometry& c) {
  return c.feature & 0xffffu;
}
std::uint32_t body2Feature(const ContactGeometry& c) {
  return (c.feature >> 16) & 0x7fffu;
}
bool body2FeatureIsVertex(const ContactGeometry& c) {
  return (c.feature >> 31) != 0;
}

// What every contact promises whatever the shapes: a unit normal, the distance it states is
// n . (point1 - point2), and it is below the margin.
void checkConsistent(const ContactGeometry& c, double margin = kMargin) {
  CHECK(glm::length(c.normal) == doctest::Approx(1).epsilon(1e-12));
  CHECK(c.distance == doctest::Approx(glm::dot(c.normal, c.point1 - c.point2)).epsilon(1e-9));
  CHECK(c.distance < margin);
}

// The floor of every floor test: 20 m wide, 1 m thick, its top face along y = 0.
const Shape kFloor = box(20, 1);
const Transform kFloorPlace({0, -0.5}, 0);

}  // namespace

TEST_CASE("a 2x1 box 5 mm above a floor touches it at its two bottom corners, normal up") {
  const double gap = 0.005;
  Shape block = box(2, 1);
  Transform place({0.3, 0.5 + gap}, 0);
  for (bool blockFirst : {true, false}) {
    CAPTURE(blockFirst);
    auto contacts = blockFirst ? collide(block, place, kFloor, kFloorPlace)
                               : collide(kFloor, kFloorPlace, block, place);
    REQUIRE(contacts.size() == 2);
    std::vector<double> xs;
    for (const auto& c : contacts) {
      checkConsistent(c);
      CHECK(c.pointOwnerIsFirst == blockFirst);  // the block's corner is the point: body 1
      CHECK(c.normalKind == NormalKind::EdgeOfBody2);
      CHECK(near(c.normal, {0, 1}));
      CHECK(c.distance == doctest::Approx(gap));
      CHECK(c.point1.y == doctest::Approx(gap));
      CHECK(near(c.point2, {c.point1.x, 0}));
      CHECK(body1Feature(c) == vertexIndexAt(block, place, c.point1));
      CHECK(body2Feature(c) == edgeWithNormal(kFloor, kFloorPlace, {0, 1}));
      CHECK_FALSE(body2FeatureIsVertex(c));
      xs.push_back(c.point1.x);
    }
    std::sort(xs.begin(), xs.end());
    CHECK(xs[0] == doctest::Approx(0.3 - 1));
    CHECK(xs[1] == doctest::Approx(0.3 + 1));
  }
}

TEST_CASE("a box tilted by theta resting on one corner touches the floor only at that corner") {
  Shape block = box(2, 1);
  for (double theta : {0.05, 0.3, -0.7, 1.2}) {
    CAPTURE(theta);
    const double gap = 0.002;
    Transform tilted({0, 0}, theta);
    Vec2 lowest = tilted.apply(block.vertices[0]);
    for (Vec2 v : block.vertices)
      if (tilted.apply(v).y < lowest.y) lowest = tilted.apply(v);
    // Lift the box so that its lowest corner is `gap` above the floor.
    Transform place({0.4, gap - lowest.y}, theta);
    Vec2 corner = lowest + place.position;
    auto contacts = collide(block, place, kFloor, kFloorPlace);
    REQUIRE(contacts.size() == 1);
    checkConsistent(contacts[0]);
    CHECK(near(contacts[0].point1, corner));
    CHECK(near(contacts[0].point2, {corner.x, 0}));
    CHECK(near(contacts[0].normal, {0, 1}));
    CHECK(contacts[0].distance == doctest::Approx(gap));
  }
}

TEST_CASE("a vertex 2 cm inside a box is reported at depth -0.02 against the nearest edge") {
  Shape target = box(1, 1);  // right edge x = 0.5, top edge y = 0.5
  Transform targetPlace({0, 0}, 0);
  // A wedge pointing left whose tip is 2 cm inside the right edge and 5 cm below the top edge.
  Vec2 tip{0.48, 0.45};
  Vec2 centroid;
  Shape wedge = polygon({tip, {1.5, 0.2}, {1.5, 0.7}}, centroid);
  Transform wedgePlace(centroid, 0);
  for (bool wedgeFirst : {true, false}) {
    CAPTURE(wedgeFirst);
    auto contacts = wedgeFirst ? collide(wedge, wedgePlace, target, targetPlace)
                               : collide(target, targetPlace, wedge, wedgePlace);
    REQUIRE(contacts.size() == 1);
    const ContactGeometry& c = contacts[0];
    checkConsistent(c);
    CHECK(c.pointOwnerIsFirst == wedgeFirst);
    CHECK(c.distance == doctest::Approx(-0.02));
    CHECK(near(c.normal, {1, 0}));
    CHECK(near(c.point1, tip));
    CHECK(near(c.point2, {0.5, tip.y}));
    CHECK(body2Feature(c) == edgeWithNormal(target, targetPlace, {1, 0}));
  }
}

TEST_CASE("a box on an equal box exactly aligned gives two contacts, not four") {
  Shape block = box(2, 1);
  Transform lowerPlace({0, 0}, 0);
  // Apart, exactly touching, and slightly penetrating: corners then lie exactly on side lines.
  for (double gap : {0.005, 0.0, -0.002}) {
    CAPTURE(gap);
    Transform upperPlace({0, 1 + gap}, 0);
    auto contacts = collide(block, upperPlace, block, lowerPlace);
    REQUIRE(contacts.size() == 2);
    std::vector<double> xs;
    for (const auto& c : contacts) {
      checkConsistent(c);
      CHECK(near(normalTowardsFirst(c), {0, 1}));
      CHECK(c.distance == doctest::Approx(gap));
      Vec2 onUpper = c.pointOwnerIsFirst ? c.point1 : c.point2;
      Vec2 onLower = c.pointOwnerIsFirst ? c.point2 : c.point1;
      CHECK(onUpper.y == doctest::Approx(0.5 + gap));
      CHECK(onLower.y == doctest::Approx(0.5));
      CHECK(onUpper.x == doctest::Approx(onLower.x));
      xs.push_back(c.point1.x);
    }
    std::sort(xs.begin(), xs.end());
    CHECK(xs[0] == doctest::Approx(-1));
    CHECK(xs[1] == doctest::Approx(1));
  }
}

TEST_CASE(
    "a box on an equal box shifted or turned by a hair still rests on two vertical contacts") {
  Shape block = box(2, 1);
  Transform lowerPlace({0, 0}, 0);
  for (double tilt : {0.0, 1e-9, 1e-4, -1e-3})
    for (double shift : {1e-10, 1e-7, -1e-4})
      for (double gap : {0.005, 0.0, -0.002}) {
        CAPTURE(tilt);
        CAPTURE(shift);
        CAPTURE(gap);
        auto contacts = collide(block, Transform({shift, 1 + gap}, tilt), block, lowerPlace);
        REQUIRE(contacts.size() == 2);
        double x0 = contacts[0].point1.x, x1 = contacts[1].point1.x;
        CHECK(std::abs(x0 - x1) == doctest::Approx(2).epsilon(1e-3));  // one at each end
        for (const auto& c : contacts) {
          checkConsistent(c);
          // The normal is one of the two bottom/top edge normals, turned by at most the tilt; a
          // corner is higher or lower by about half the width (1 m) times the tilt.
          CHECK(glm::dot(normalTowardsFirst(c), {0, 1}) >= std::cos(std::abs(tilt)) - 1e-12);
          CHECK(std::abs(c.distance - gap) <= 1.01 * std::abs(tilt) + 1e-9);
        }
      }
}

TEST_CASE("a disc above a floor touches the edge below its centre, disc as body 1") {
  const double radius = 0.5, gap = 0.004;
  Shape ball = disc(radius);
  Transform place({0.3, radius + gap}, 0.4);
  for (bool discFirst : {true, false}) {
    CAPTURE(discFirst);
    auto contacts = discFirst ? collide(ball, place, kFloor, kFloorPlace)
                              : collide(kFloor, kFloorPlace, ball, place);
    REQUIRE(contacts.size() == 1);
    const ContactGeometry& c = contacts[0];
    checkConsistent(c);
    CHECK(c.pointOwnerIsFirst == discFirst);
    CHECK(c.normalKind == NormalKind::EdgeOfBody2);
    CHECK(near(c.normal, {0, 1}));
    CHECK(c.distance == doctest::Approx(gap));
    CHECK(near(c.point1, {0.3, gap}));
    CHECK(near(c.point2, {0.3, 0}));
    CHECK(body1Feature(c) == 0xffffu);
    CHECK(body2Feature(c) == edgeWithNormal(kFloor, kFloorPlace, {0, 1}));
    CHECK_FALSE(body2FeatureIsVertex(c));
  }
}

TEST_CASE("a disc beside a box corner touches the corner along the line through its centre") {
  const double radius = 0.25, gap = 0.003;
  Shape ball = disc(radius);
  Shape block = box(1, 1);
  Transform blockPlace({0, 0}, 0);
  Vec2 corner{0.5, 0.5};
  Vec2 direction{std::cos(0.5), std::sin(0.5)};  // between the two edge normals of the corner
  Vec2 centre = corner + (radius + gap) * direction;
  Transform discPlace(centre, 0);
  for (bool discFirst : {true, false}) {
    CAPTURE(discFirst);
    auto contacts = discFirst ? collide(ball, discPlace, block, blockPlace)
                              : collide(block, blockPlace, ball, discPlace);
    REQUIRE(contacts.size() == 1);
    const ContactGeometry& c = contacts[0];
    checkConsistent(c);
    CHECK(c.pointOwnerIsFirst == discFirst);
    CHECK(c.normalKind == NormalKind::CentreLine);
    CHECK(near(c.normal, direction));
    CHECK(c.distance == doctest::Approx(gap));
    CHECK(near(c.anchor1, centre));
    CHECK(near(c.anchor2, corner));
    CHECK(near(c.point2, corner));
    CHECK(near(c.point1, centre - radius * direction));
    CHECK(body2FeatureIsVertex(c));
    CHECK(body2Feature(c) == vertexIndexAt(block, blockPlace, corner));
  }
}

TEST_CASE("two discs touch along the line of centres at |c1 - c2| - r1 - r2") {
  Shape first = disc(0.4), second = disc(0.595);
  Vec2 c1{0.3, 0.4}, c2{1.1, -0.2};  // 1 m apart
  auto contacts = collide(first, Transform(c1, 0), second, Transform(c2, 2.0));
  REQUIRE(contacts.size() == 1);
  const ContactGeometry& c = contacts[0];
  checkConsistent(c);
  Vec2 direction = (c1 - c2) / glm::length(c1 - c2);
  CHECK(c.pointOwnerIsFirst);
  CHECK(c.normalKind == NormalKind::CentreLine);
  CHECK(near(c.normal, direction));
  CHECK(c.distance == doctest::Approx(1 - 0.4 - 0.595));
  CHECK(near(c.anchor1, c1));
  CHECK(near(c.anchor2, c2));
  CHECK(near(c.point1, c1 - 0.4 * direction));
  CHECK(near(c.point2, c2 + 0.595 * direction));

  SUBCASE("coincident centres push along +y") {
    auto same = collide(first, Transform(c1, 0), second, Transform(c1, 0));
    REQUIRE(same.size() == 1);
    CHECK(near(same[0].normal, {0, 1}));
    CHECK(same[0].distance == doctest::Approx(-0.4 - 0.595));
  }
}

TEST_CASE("a triangle vertex pressing 1 cm into a disc gives one centre-line contact") {
  const double radius = 0.5;
  Shape ball = disc(radius);
  Vec2 centre{0.2, 0.1};
  Vec2 direction{std::cos(-1.0), std::sin(-1.0)};  // from the centre towards the tip
  Vec2 tip = centre + (radius - 0.01) * direction;
  // The triangle points back at the centre from outside the disc.
  Vec2 side = perpendicular(direction);
  Vec2 centroid;
  Shape triangle = polygon(
      {tip, tip + 0.6 * direction - 0.3 * side, tip + 0.6 * direction + 0.3 * side}, centroid);
  Transform trianglePlace(centroid, 0);
  Transform discPlace(centre, 0);
  for (bool discFirst : {true, false}) {
    CAPTURE(discFirst);
    auto contacts = discFirst ? collide(ball, discPlace, triangle, trianglePlace)
                              : collide(triangle, trianglePlace, ball, discPlace);
    REQUIRE(contacts.size() == 1);
    const ContactGeometry& c = contacts[0];
    checkConsistent(c);
    CHECK(c.pointOwnerIsFirst == discFirst);  // the disc is body 1
    CHECK(c.normalKind == NormalKind::CentreLine);
    CHECK(near(c.normal, -direction));  // from the tip (body 2) towards the centre (body 1)
    CHECK(c.distance == doctest::Approx(-0.01));
    CHECK(near(c.anchor1, centre));
    CHECK(near(c.anchor2, tip));
    CHECK(near(c.point2, tip));
    CHECK(body2FeatureIsVertex(c));
    CHECK(body2Feature(c) == vertexIndexAt(triangle, trianglePlace, tip));
  }
}

TEST_CASE("rotating and translating a scene rotates the normals and keeps the distances") {
  struct Body {
    Shape shape;
    Transform place;
  };
  struct Scene {
    Body a, b;
  };
  Vec2 centroid;
  Shape wedge = polygon({{0.48, 0.45}, {1.5, 0.2}, {1.5, 0.7}}, centroid);
  Vec2 wedgeCentroid = centroid;
  Shape triangle = polygon({{0.2, -0.3}, {0.7, -0.6}, {0.6, -0.2}}, centroid);
  Vec2 triangleCentroid = centroid;
  std::vector<Scene> scenes = {
      {{box(2, 1), Transform({0.3, 0.505}, 0)}, {kFloor, kFloorPlace}},
      {{box(2, 1), Transform({0.1, 0.75}, 0.3)}, {kFloor, kFloorPlace}},
      {{box(2, 1), Transform({0, 1.005}, 0)}, {box(2, 1), Transform({0, 0}, 0)}},
      {{box(2, 1), Transform({0, 0.998}, 0)}, {box(2, 1), Transform({0, 0}, 0)}},
      {{wedge, Transform(wedgeCentroid, 0)}, {box(1, 1), Transform({0, 0}, 0)}},
      {{disc(0.5), Transform({0.3, 0.503}, 0)}, {kFloor, kFloorPlace}},
      {{box(1, 1), Transform({0, 0}, 0.2)}, {disc(0.25), Transform({0.62, 0.6}, 0)}},
      {{disc(0.4), Transform({0.3, 0.4}, 0)}, {disc(0.595), Transform({1.1, -0.2}, 0)}},
      {{triangle, Transform(triangleCentroid, 0)}, {disc(0.4), Transform({0, 0}, 0)}},
  };
  for (size_t s = 0; s < scenes.size(); ++s) {
    const Scene& scene = scenes[s];
    auto original = collide(scene.a.shape, scene.a.place, scene.b.shape, scene.b.place);
    REQUIRE_FALSE(original.empty());
    for (double angle : {0.7, -2.1, 3.0}) {
      Transform motion({12.5, -3.25}, angle);
      auto moved = [&](const Body& body) {
        double bodyAngle = std::atan2(body.place.sine, body.place.cosine);
        return Transform(motion.apply(body.place.position), bodyAngle + angle);
      };
      auto contacts = collide(scene.a.shape, moved(scene.a), scene.b.shape, moved(scene.b));
      CAPTURE(s);
      CAPTURE(angle);
      REQUIRE(contacts.size() == original.size());
      for (size_t k = 0; k < contacts.size(); ++k) {
        const ContactGeometry &c = contacts[k], &o = original[k];
        CHECK(c.pointOwnerIsFirst == o.pointOwnerIsFirst);
        CHECK(c.normalKind == o.normalKind);
        CHECK(c.feature == o.feature);
        CHECK(c.distance == doctest::Approx(o.distance).epsilon(1e-9));
        CHECK(near(c.normal, motion.rotate(o.normal)));
        CHECK(near(c.point1, motion.apply(o.point1)));
        CHECK(near(c.point2, motion.apply(o.point2)));
        if (o.normalKind == NormalKind::CentreLine) {
          CHECK(near(c.anchor1, motion.apply(o.anchor1)));
          CHECK(near(c.anchor2, motion.apply(o.anchor2)));
        }
      }
    }
  }
}

TEST_CASE("shapes farther apart than the margin give no contact, nearer ones do") {
  Shape block = box(2, 1);
  Shape ball = disc(0.5);
  Shape small = disc(0.25);
  Shape square = box(1, 1);
  for (double factor : {1.1, 0.9}) {
    CAPTURE(factor);
    const double gap = factor * kMargin;
    size_t expected = factor < 1 ? 1 : 0;
    CHECK(collide(block, Transform({0, 0.5 + gap}, 0), kFloor, kFloorPlace).size() == 2 * expected);
    CHECK(collide(ball, Transform({0, 0.5 + gap}, 0), kFloor, kFloorPlace).size() == expected);
    CHECK(collide(ball, Transform({0, 0}, 0), small, Transform({0.75 + gap, 0}, 0)).size() ==
          expected);
    Vec2 direction{std::cos(0.8), std::sin(0.8)};
    Transform corner({0.5 + (0.25 + gap) * direction.x, 0.5 + (0.25 + gap) * direction.y}, 0);
    CHECK(collide(small, corner, square, Transform({0, 0}, 0)).size() == expected);
  }
  CHECK(collide(block, Transform({0, 0.5 + 0.003}, 0), kFloor, kFloorPlace, 0.0).empty());
  CHECK(collide(block, Transform({0, 0.5 - 0.003}, 0), kFloor, kFloorPlace, 0.0).size() == 2);
}

namespace {

// A random convex polygon: points on an ellipse at jittered angles (an ellipse stays convex).
std::vector<Vec2> randomConvexPoints(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  int count = 3 + static_cast<int>(unit(rng) * 5);
  double rx = 0.2 + unit(rng), ry = 0.2 + unit(rng);
  std::vector<Vec2> points;
  for (int i = 0; i < count; ++i) {
    double angle = 2 * M_PI * (i + 0.4 * unit(rng)) / count;
    points.push_back({rx * std::cos(angle), ry * std::sin(angle)});
  }
  return points;
}

struct SegmentDistance {
  double distance;
  bool interior;  // the nearest point is strictly inside the segment
};

SegmentDistance toSegment(Vec2 p, Vec2 a, Vec2 b) {
  Vec2 e = b - a;
  double t = glm::dot(p - a, e) / glm::dot(e, e);
  Vec2 q = a + std::clamp(t, 0.0, 1.0) * e;
  return {glm::length(p - q), t > 1e-6 && t < 1 - 1e-6};
}

std::vector<Vec2> worldVertices(const Shape& s, const Transform& t) {
  std::vector<Vec2> v;
  for (Vec2 p : s.vertices) v.push_back(t.apply(p));
  return v;
}

// Largest signed distance of p from the edge lines: negative exactly when p is inside.
double insideDepth(const std::vector<Vec2>& poly, Vec2 p) {
  double best = -std::numeric_limits<double>::infinity();
  for (size_t j = 0; j < poly.size(); ++j) {
    Vec2 a = poly[j], b = poly[(j + 1) % poly.size()];
    Vec2 outward = glm::normalize(Vec2{b.y - a.y, a.x - b.x});
    best = std::max(best, glm::dot(outward, p - a));
  }
  return best;
}

// Whether the boundaries of two polygons cross or touch (segment against segment).
bool boundariesMeet(const std::vector<Vec2>& p, const std::vector<Vec2>& q) {
  for (size_t i = 0; i < p.size(); ++i) {
    Vec2 a = p[i], b = p[(i + 1) % p.size()];
    for (size_t j = 0; j < q.size(); ++j) {
      Vec2 c = q[j], d = q[(j + 1) % q.size()];
      if (cross(b - a, c - a) * cross(b - a, d - a) <= 0 &&
          cross(d - c, a - c) * cross(d - c, b - c) <= 0)
        return true;
    }
  }
  return false;
}

Transform randomPlace(std::mt19937& rng, double spread) {
  std::uniform_real_distribution<double> u(-1, 1);
  return Transform({spread * u(rng), spread * u(rng)}, M_PI * u(rng));
}

}  // namespace

TEST_CASE("random polygon pairs: contacts agree with brute-force distances and inside tests") {
  std::mt19937 rng(7);
  const double margin = 0.05;
  int nearChecked = 0, insideChecked = 0, cornerChecked = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    CAPTURE(trial);
    Vec2 ca, cb;
    Shape a = polygon(randomConvexPoints(rng), ca);
    Shape b = polygon(randomConvexPoints(rng), cb);
    Transform ta = randomPlace(rng, 0.2), tb = randomPlace(rng, 1.2);
    auto contacts = collide(a, ta, b, tb, margin);
    auto va = worldVertices(a, ta), vb = worldVertices(b, tb);
    for (const auto& c : contacts) {
      checkConsistent(c, margin);
      const auto& body1 = c.pointOwnerIsFirst ? va : vb;
      const auto& body2 = c.pointOwnerIsFirst ? vb : va;
      size_t edge = body2Feature(c);
      REQUIRE(body1Feature(c) < body1.size());
      REQUIRE(edge < body2.size());
      CHECK(near(c.point1, body1[body1Feature(c)], 1e-12));
      if (c.normalKind == NormalKind::CentreLine) {  // corner to corner
        CHECK(near(c.point2, body2[edge], 1e-12));
        CHECK(c.distance == doctest::Approx(glm::length(c.point1 - c.point2)));
        continue;
      }
      Vec2 start = body2[edge], end = body2[(edge + 1) % body2.size()];
      CHECK(toSegment(c.point2, start, end).distance < 1e-9);
      CHECK(glm::dot(c.normal, end - start) == doctest::Approx(0).scale(1));
      CHECK(cross(end - start, c.normal) < 0);  // outward: the edge runs counter-clockwise
    }

    // Every vertex clearly inside the other polygon is the point of some contact (a vertex of b
    // may instead be the point2 of the equal contact found from a's side).
    for (int side = 0; side < 2; ++side) {
      const auto& own = side == 0 ? va : vb;
      const auto& other = side == 0 ? vb : va;
      for (Vec2 v : own) {
        if (insideDepth(other, v) > -1e-6) continue;
        ++insideChecked;
        bool found = std::any_of(contacts.begin(), contacts.end(), [&](const ContactGeometry& c) {
          return near(c.point1, v, 1e-12) || (side == 1 && near(c.point2, v, margin / 10));
        });
        CHECK(found);
      }
    }

    // Disjoint and apart by less than the margin: a contact at that distance exists, whether the
    // nearest features are a vertex and an edge or two vertices.
    bool contained = insideDepth(vb, va[0]) < 0 || insideDepth(va, vb[0]) < 0;
    if (contained || boundariesMeet(va, vb)) continue;
    double nearest = std::numeric_limits<double>::infinity();
    bool interior = false;
    for (int side = 0; side < 2; ++side) {
      const auto& own = side == 0 ? va : vb;
      const auto& other = side == 0 ? vb : va;
      for (Vec2 v : own) {
        for (size_t j = 0; j < other.size(); ++j) {
          SegmentDistance d = toSegment(v, other[j], other[(j + 1) % other.size()]);
          if (d.distance < nearest - 1e-12) {
            nearest = d.distance;
            interior = d.interior;
          } else if (d.distance < nearest + 1e-12) {
            interior = interior || d.interior;
          }
        }
      }
    }
    for (const auto& c : contacts) CHECK(c.distance >= nearest - 1e-9);
    if (nearest >= margin) continue;
    ++nearChecked;
    cornerChecked += !interior;  // the nearest features are two corners
    bool found = std::any_of(contacts.begin(), contacts.end(), [&](const ContactGeometry& c) {
      return std::abs(c.distance - nearest) < 1e-9;
    });
    CHECK(found);
  }
  CHECK(nearChecked > 50);
  CHECK(cornerChecked > 0);
  CHECK(insideChecked > 200);
}

TEST_CASE("random disc-polygon pairs: one contact exactly when the true gap is below the margin") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unit(0, 1);
  const double margin = 0.05;
  int touching = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    CAPTURE(trial);
    Vec2 centroid;
    Shape poly = polygon(randomConvexPoints(rng), centroid);
    Shape ball = disc(0.1 + 0.6 * unit(rng));
    Transform tp = randomPlace(rng, 0.2), td = randomPlace(rng, 1.5);
    auto vertices = worldVertices(poly, tp);
    Vec2 centre = td.position;
    double boundary = std::numeric_limits<double>::infinity();
    for (size_t j = 0; j < vertices.size(); ++j)
      boundary = std::min(
          boundary, toSegment(centre, vertices[j], vertices[(j + 1) % vertices.size()]).distance);
    double depth = insideDepth(vertices, centre);
    double gap = (depth < 0 ? -boundary : boundary) - ball.radius;
    if (std::abs(gap - margin) < 1e-9) continue;
    for (bool discFirst : {true, false}) {
      auto contacts =
          discFirst ? collide(ball, td, poly, tp, margin) : collide(poly, tp, ball, td, margin);
      REQUIRE(contacts.size() == (gap < margin ? 1u : 0u));
      if (contacts.empty()) continue;
      ++touching;
      const ContactGeometry& c = contacts[0];
      checkConsistent(c, margin);
      CHECK(c.pointOwnerIsFirst == discFirst);
      CHECK(c.distance == doctest::Approx(gap).epsilon(1e-9));
      CHECK(glm::length(c.point1 - centre) == doctest::Approx(ball.radius));
      CHECK(near(c.point1 + ball.radius * c.normal, centre));
    }
  }
  CHECK(touching > 500);
}

TEST_CASE("equal boxes side by side and overlapping report their penetration, at any margin") {
  const Shape unit = box(1, 1);
  for (double overlap : {0.01, 0.1, 0.5}) {
    for (double margin : {0.0, kMargin}) {
      auto contacts =
          collide(unit, Transform({0, 0}, 0), unit, Transform({1 - overlap, 0}, 0), margin);
      REQUIRE(!contacts.empty());
      double deepest = 0;
      for (const ContactGeometry& c : contacts) {
        deepest = std::min(deepest, c.distance);
        CHECK(std::abs(std::abs(c.normal.x) - 1) < kEps);
      }
      CHECK(deepest == doctest::Approx(-overlap));
    }
  }
}

namespace {

// The contacts of a call with `beyond` that lie below `margin`, and the call without it, are the
// same contacts: the same features and the same bits.
void checkBeyondKeepsMargin(const Shape& a, const Transform& ta, const Shape& b,
                            const Transform& tb, double margin, double beyond) {
  const std::vector<ContactGeometry> plain = collide(a, ta, b, tb, margin);
  std::vector<ContactGeometry> far;
  collideShapes(a, ta, b, tb, margin, far, beyond);
  for (const ContactGeometry& c : far) CHECK(c.distance < margin + beyond);
  std::erase_if(far, [&](const ContactGeometry& c) { return !(c.distance < margin); });
  REQUIRE(far.size() == plain.size());
  for (size_t k = 0; k < plain.size(); ++k) {
    CHECK(far[k].feature == plain[k].feature);
    CHECK(far[k].pointOwnerIsFirst == plain[k].pointOwnerIsFirst);
    CHECK(far[k].distance == plain[k].distance);
    CHECK(far[k].point1 == plain[k].point1);
    CHECK(far[k].normal == plain[k].normal);
  }
}

}  // namespace

TEST_CASE("contacts sought beyond the margin are, below it, exactly the contacts within it") {
  // Two boxes side by side 1 mm apart, one 0.8 mm higher: each facing corner touches the other's
  // side. The two upper contacts, 0.8 mm apart, count as one seen from both sides only within a
  // tenth of a margin above 8 mm: at 6 mm they stay two, and must stay two when sought to 11 mm.
  const Shape unit = box(1, 1);
  checkBeyondKeepsMargin(unit, Transform({0, 0}, 0), unit, Transform({1.001, 0.0008}, 0), 0.006,
                         0.005);
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> beyond(0, 0.05);
  for (int trial = 0; trial < 2000; ++trial) {
    CAPTURE(trial);
    Vec2 ca, cb;
    const Shape a = polygon(randomConvexPoints(rng), ca);
    const Shape b = trial % 3 == 0 ? disc(0.3) : polygon(randomConvexPoints(rng), cb);
    const Transform ta = randomPlace(rng, 0.2), tb = randomPlace(rng, 1.2);
    checkBeyondKeepsMargin(a, ta, b, tb, 0.01, beyond(rng));
    checkBeyondKeepsMargin(b, tb, a, ta, 0.01, beyond(rng));
  }
  checkBeyondKeepsMargin(disc(0.5), Transform({0, 0}, 0), disc(0.25), Transform({0.76, 0}, 0), 0.02,
                         0.1);
}

TEST_CASE("a corner approaching a corner gives one contact along the line between them") {
  const Shape unit = box(1, 1);
  // Box b sits diagonally beyond box a's corner (0.5, 0.5): its corner (-0.5, -0.5) is `gap` away
  // along (1, 1), outside the slabs of a's edges.
  const double gap = 0.004;
  const Vec2 direction = glm::normalize(Vec2{1, 1});
  const Vec2 corner{0.5, 0.5};
  auto contacts = collide(unit, Transform({0, 0}, 0), unit,
                          Transform(corner + gap * direction + Vec2{0.5, 0.5}, 0));
  REQUIRE(contacts.size() == 1);
  const ContactGeometry& c = contacts[0];
  CHECK(c.normalKind == NormalKind::CentreLine);
  CHECK(c.distance == doctest::Approx(gap).epsilon(1e-9));
  CHECK(std::abs(std::abs(glm::dot(c.normal, direction)) - 1) < 1e-9);
  CHECK(glm::dot(normalTowardsFirst(c), direction) < 0);
  CHECK(collide(unit, Transform({0, 0}, 0), unit,
                Transform(corner + 2 * kMargin * direction + Vec2{0.5, 0.5}, 0))
            .empty());
}

TEST_CASE("a polygon of many corners on a polygon of many corners touches at the nearest corner") {
  // Two regular 40-gons of radius 1, the upper one's lowest corner 2 mm above the middle of the
  // lower one's top edge. Within a 5 mm margin that corner is the only contact (its neighbours
  // are 14 mm up, the top edge's ends 8 mm below the upper one's edges): normal up, at 2 mm,
  // whichever shape comes first.
  constexpr int kCorners = 40;
  const double pi = std::acos(-1.0), step = 2 * pi / kCorners;
  std::vector<Vec2> lowerPoints, upperPoints;
  for (int k = 0; k < kCorners; ++k) {
    lowerPoints.push_back(
        {std::cos(pi / 2 + step / 2 + k * step), std::sin(pi / 2 + step / 2 + k * step)});
    upperPoints.push_back({std::cos(-pi / 2 + k * step), std::sin(-pi / 2 + k * step)});
  }
  Vec2 lowerCentre, upperCentre;
  const Shape lower = polygon(lowerPoints, lowerCentre), upper = polygon(upperPoints, upperCentre);
  const double top = std::cos(step / 2), gap = 0.002, margin = 0.005;
  const Transform lowerPlace(lowerCentre, 0), upperPlace(upperCentre + Vec2{0, top + 1 + gap}, 0);
  for (bool upperFirst : {true, false}) {
    CAPTURE(upperFirst);
    const auto contacts = upperFirst ? collide(upper, upperPlace, lower, lowerPlace, margin)
                                     : collide(lower, lowerPlace, upper, upperPlace, margin);
    REQUIRE(contacts.size() == 1);
    const ContactGeometry& c = contacts[0];
    checkConsistent(c, margin);
    CHECK(c.pointOwnerIsFirst == upperFirst);
    CHECK(near(normalTowardsFirst(c), upperFirst ? Vec2{0, 1} : Vec2{0, -1}));
    CHECK(c.distance == doctest::Approx(gap).epsilon(1e-9));
    CHECK(near(c.point1, Vec2{0, top + gap}));
  }
}

namespace {

// The distance between two disjoint polygons (brute force: every vertex against every edge).
double polygonDistance(const std::vector<Vec2>& p, const std::vector<Vec2>& q) {
  double nearest = std::numeric_limits<double>::infinity();
  for (int side = 0; side < 2; ++side) {
    const auto& own = side == 0 ? p : q;
    const auto& other = side == 0 ? q : p;
    for (Vec2 v : own)
      for (size_t j = 0; j < other.size(); ++j)
        nearest = std::min(nearest, toSegment(v, other[j], other[(j + 1) % other.size()]).distance);
  }
  return nearest;
}

}  // namespace

TEST_CASE("a box's corner on, or a hair beside, another box's corner gives one contact") {
  // Box a's bottom-right corner p = v + (dx, dy), turned by theta about p, near box b's top-left
  // corner v = (-0.5, 0.5): exactly on it, a hair past the end of b's top edge (dx < 0: the
  // nearest features are two corners), a hair within it (dx > 0), or beside b's side (dy < 0).
  // Each contact joins a corner to its nearest point on the other box, with a unit normal from
  // body 2 towards body 1 (a corner-corner normal along the line between them); the nearest
  // contact is at the distance between the boxes. Up to the 2.6 degrees within which a corner on
  // each other's edge counts as one contact, there is exactly one; beyond (theta = 0.05) each
  // corner may rest on the other's edge. Distances hold to the narrow phase's length tolerance
  // (1e-9 times the radii, 1.4e-9 m here), and where the two corners' contacts count as one, the
  // one kept may lie farther than the other by the turn theta times the offset between them.
  const Shape unit = box(1, 1);
  const Transform lowerPlace({0, 0}, 0);
  const Vec2 v{-0.5, 0.5};
  int checked = 0, corners = 0;
  for (double theta : {0.0, 1e-6, -1e-6, 1e-3, -1e-3, 0.05, -0.05})
    for (double dx : {0.0, 1e-9, -1e-9, 1e-6, -1e-6, 1e-4, -1e-4, -3e-3})
      for (double dy : {0.0, 1e-9, 1e-6, 1e-4, 3e-3, -1e-6, -1e-4}) {
        CAPTURE(theta);
        CAPTURE(dx);
        CAPTURE(dy);
        const Vec2 p = v + Vec2{dx, dy};
        const Transform turn({0, 0}, theta);
        const Transform upperPlace(p - turn.apply(unit.vertices[1]), theta);
        const auto va = worldVertices(unit, upperPlace), vb = worldVertices(unit, lowerPlace);
        bool overlap = false;
        for (Vec2 x : va) overlap = overlap || insideDepth(vb, x) < -1e-12;
        for (Vec2 x : vb) overlap = overlap || insideDepth(va, x) < -1e-12;
        if (overlap) continue;
        const double distance = polygonDistance(va, vb);
        ++checked;
        for (bool upperFirst : {true, false}) {
          CAPTURE(upperFirst);
          const auto contacts = upperFirst ? collide(unit, upperPlace, unit, lowerPlace)
                                           : collide(unit, lowerPlace, unit, upperPlace);
          REQUIRE(contacts.size() >= 1);
          REQUIRE(contacts.size() <= (std::abs(theta) < 0.04 ? 1u : 2u));
          const double tolerance = 2e-9, merged = std::abs(theta) * (std::abs(dx) + std::abs(dy));
          double nearest = std::numeric_limits<double>::infinity();
          for (const ContactGeometry& c : contacts) {
            checkConsistent(c);
            const bool body1IsUpper = c.pointOwnerIsFirst == upperFirst;
            const auto& body1 = body1IsUpper ? va : vb;
            const auto& body2 = body1IsUpper ? vb : va;
            CHECK(std::abs(c.distance - polygonDistance({c.point1}, body2)) <= tolerance);
            CHECK(std::abs(glm::length(c.point1 - c.point2) - std::abs(c.distance)) <= 1e-12);
            CHECK(glm::dot(c.normal, glm::normalize(upperPlace.position - lowerPlace.position)) *
                      (body1IsUpper ? 1 : -1) >
                  0);
            nearest = std::min(nearest, c.distance);
            if (c.normalKind != NormalKind::CentreLine) continue;
            // Corner to corner: the two corners, and a normal that separates the boxes.
            ++corners;
            CHECK(near(c.anchor1, c.point1, 0));
            CHECK(near(c.anchor2, c.point2, 0));
            CHECK(near(c.point1, body1IsUpper ? p : v, 1e-12));
            CHECK(near(c.point2, body1IsUpper ? v : p, 1e-12));
            for (Vec2 x : body1) CHECK(glm::dot(c.normal, x - c.point2) >= c.distance - 1e-12);
            for (Vec2 x : body2) CHECK(glm::dot(c.normal, x - c.point2) <= 1e-12);
          }
          CHECK(nearest >= distance - tolerance);
          CHECK(nearest <= distance + tolerance + merged);
        }
      }
  CHECK(checked > 200);
  CHECK(corners > 50);
}
