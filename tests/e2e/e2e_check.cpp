// Checks for the desktop end-to-end test (desktop_e2e.sh), reading the program's --report JSON and
// its --screenshot PNG:
//   e2e_check body-screen REPORT NAME          prints the pixel "x y" of the body's centre
//   e2e_check to-screen REPORT X Y             prints the pixel "x y" of the world point (X, Y)
//   e2e_check body-near REPORT NAME X Y TOL    PASS if the body's centre is within TOL m of (X, Y)
//   e2e_check force-lines REPORT PNG           PASS if every resting contact's force arrow is red
//   in
//                                              the picture, with its head, and no red pixel is
//                                              anywhere else but the legend
//   e2e_check field REPORT KEY...              prints the value at report[KEY][KEY]... (a string as
//                                              it is, anything else as JSON)
//   e2e_check notice-box PNG                   PASS if the picture shows the notice box (its dark
//                                              red title bar)
//   e2e_check spoke REPORT PNG NAME RADIUS     PASS if the disc NAME (RADIUS m) shows its spoke:
//                                              dark along its angle from its centre, not a
//                                              quarter and a half turn away
// Prints one PASS or FAIL line per check; exits 0 on PASS, 1 on FAIL, 2 on bad input.
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

using json = nlohmann::json;

struct View {
  double width, height, cx, cy, ppm, forceScale;
  void toScreen(double x, double y, double& px, double& py) const {
    px = width / 2 + (x - cx) * ppm;
    py = height / 2 - (y - cy) * ppm;
  }
};

json readReport(const char* path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(std::string(path) + ": cannot be read");
  return json::parse(in);
}

View viewOf(const json& report) {
  const json& v = report.at("view");
  return {v.at("width"),    v.at("height"),           v.at("center_x"),
          v.at("center_y"), v.at("pixels_per_meter"), v.at("force_scale")};
}

const json& bodyNamed(const json& report, const std::string& name) {
  for (const json& body : report.at("bodies"))
    if (body.at("name") == name) return body;
  throw std::runtime_error("no body named " + name + " in the report");
}

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  // The colour of the contact-force arrows (220, 20, 20), not blended with anything.
  bool forceRed(int x, int y) const {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const unsigned char* p = &rgb[3 * (static_cast<size_t>(y) * width + x)];
    return p[0] >= 180 && p[1] <= 90 && p[2] <= 90;
  }
  bool redNear(double x, double y, int radius) const {
    for (int dy = -radius; dy <= radius; ++dy)
      for (int dx = -radius; dx <= radius; ++dx)
        if (forceRed(static_cast<int>(std::lround(x)) + dx, static_cast<int>(std::lround(y)) + dy))
          return true;
    return false;
  }
};

struct Segment {
  double x0, y0, x1, y1;
  double distance(double x, double y) const {
    double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? std::clamp(((x - x0) * dx + (y - y0) * dy) / len2, 0.0, 1.0) : 0;
    return std::hypot(x - (x0 + t * dx), y - (y0 + t * dy));
  }
};

Image loadImage(const char* pngPath) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(pngPath, &image.width, &image.height, &channels, 3);
  if (!data) throw std::runtime_error(std::string(pngPath) + ": cannot be read as an image");
  image.rgb.assign(data, data + 3 * static_cast<size_t>(image.width) * image.height);
  stbi_image_free(data);
  return image;
}

// The notice box's title bar is dark red (about 140-166, 41-46, 31-36, focused or not); nothing
// else in the window has that colour (force arrows are a bright red, bodies are pale).
int noticeBox(const char* pngPath) {
  Image image = loadImage(pngPath);
  int pixels = 0;
  for (size_t i = 0; i + 2 < image.rgb.size(); i += 3) {
    int r = image.rgb[i], g = image.rgb[i + 1], b = image.rgb[i + 2];
    if (r >= 125 && r <= 180 && g >= 30 && g <= 60 && b >= 20 && b <= 50) ++pixels;
  }
  bool pass = pixels >= 2000;
  std::printf("%s notice box: %d pixels of its title bar's colour\n", pass ? "PASS" : "FAIL",
              pixels);
  return pass ? 0 : 1;
}

// A disc's spoke (render/world_drawing.cpp): a line of the outline's dark grey from its centre to
// its rim along its angle (counter-clockwise from +x, y up in the world, down on the screen). It is
// sampled at 45 % and 75 % of the radius, clear of the centre mark, along the angle and, where it
// must not be, a quarter and a half turn away.
int spoke(const json& report, const char* pngPath, const std::string& name, double radius) {
  const Image image = loadImage(pngPath);
  const View view = viewOf(report);
  const json& body = bodyNamed(report, name);
  const double x = body.at("x"), y = body.at("y"), angle = body.at("angle");
  const auto darkNear = [&](double turn, double along) {
    double px, py;
    view.toScreen(x + along * radius * std::cos(angle + turn),
                  y + along * radius * std::sin(angle + turn), px, py);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int ix = static_cast<int>(std::lround(px)) + dx;
        const int iy = static_cast<int>(std::lround(py)) + dy;
        if (ix < 0 || iy < 0 || ix >= image.width || iy >= image.height) continue;
        const unsigned char* p = &image.rgb[3 * (static_cast<size_t>(iy) * image.width + ix)];
        if (p[0] < 110 && p[1] < 110 && p[2] < 120) return true;
      }
    return false;
  };
  const double pi = std::acos(-1.0);
  bool pass = true;
  for (double along : {0.45, 0.75})
    pass = pass && darkNear(0, along) && !darkNear(pi / 2, along) && !darkNear(pi, along);
  std::printf("%s spoke of %s (angle %.3f rad)\n", pass ? "PASS" : "FAIL", name.c_str(), angle);
  return pass ? 0 : 1;
}

// Each contact's force arrow (render/force_arrows.h): a red shaft from the contact point along the
// force, kInset pixels to one side (into the body the force acts on, whichever side that is), and
// a head at its end wider than the shaft. Red pixels elsewhere are an error, except in the bottom
// band where the force legend (a red arrow and its value) sits.
int forceLines(const json& report, const char* pngPath) {
  constexpr double kInset = 4;        // kForceInset
  constexpr double kLegendBand = 75;  // px above the bottom edge: the legend
  Image image = loadImage(pngPath);
  View view = viewOf(report);
  std::vector<Segment> segments;
  int checked = 0, failed = 0, heads = 0;
  for (const json& c : report.at("contacts")) {
    double x = c.at("x"), y = c.at("y"), nx = c.at("nx"), ny = c.at("ny");
    double f = c.at("force"), t = c.at("friction");
    Segment s;
    view.toScreen(x, y, s.x0, s.y0);
    view.toScreen(x + nx * f * view.forceScale, y + ny * f * view.forceScale, s.x1, s.y1);
    segments.push_back(s);
    if (t != 0) {  // the friction arrow, another colour: only its place matters here
      Segment friction;
      view.toScreen(x, y, friction.x0, friction.y0);
      view.toScreen(x - ny * t * view.forceScale, y + nx * t * view.forceScale, friction.x1,
                    friction.y1);
      segments.push_back(friction);
    }
    const double length = std::hypot(s.x1 - s.x0, s.y1 - s.y0);
    if (length < 20) continue;  // too short to sample along
    const double ux = (s.x1 - s.x0) / length, uy = (s.y1 - s.y0) / length;
    const double px = -uy, py = ux;  // across the shaft
    int best = 0;
    double side = 0;
    for (double sign : {1.0, -1.0}) {
      int red = 0;
      for (double k : {0.2, 0.35, 0.5, 0.65})
        red += image.redNear(s.x0 + k * (s.x1 - s.x0) + sign * kInset * px,
                             s.y0 + k * (s.y1 - s.y0) + sign * kInset * py, 1);
      if (red > best) best = red, side = sign;
    }
    ++checked;
    if (best < 3) {
      ++failed;
      std::printf("  contact %s on %s at pixel (%.0f, %.0f): %d of 4 samples red\n",
                  c.at("b").get<std::string>().c_str(), c.at("a").get<std::string>().c_str(), s.x0,
                  s.y0, best);
      continue;
    }
    // The head: 9 px back from the tip it is about 8 px wide, the shaft 3.
    const double cx = s.x1 + side * kInset * px, cy = s.y1 + side * kInset * py;
    const auto redAcross = [&](double back, double across) {
      return image.forceRed(static_cast<int>(std::lround(cx - back * ux + across * px)),
                            static_cast<int>(std::lround(cy - back * uy + across * py)));
    };
    if (redAcross(9, 3) && redAcross(9, -3))
      ++heads;
    else
      std::printf("  contact %s on %s at pixel (%.0f, %.0f): no arrowhead at (%.0f, %.0f)\n",
                  c.at("b").get<std::string>().c_str(), c.at("a").get<std::string>().c_str(), s.x0,
                  s.y0, cx, cy);
  }
  int stray = 0, redPixels = 0;
  for (int py = 0; py < image.height; ++py) {
    for (int px = 0; px < image.width; ++px) {
      if (!image.forceRed(px, py)) continue;
      ++redPixels;
      if (py >= image.height - kLegendBand) continue;
      bool onLine = std::any_of(segments.begin(), segments.end(),
                                [&](const Segment& s) { return s.distance(px, py) <= kInset + 6; });
      if (!onLine && ++stray <= 3)
        std::printf("  red pixel away from every contact at (%d, %d)\n", px, py);
    }
  }
  bool pass = checked > 0 && failed == 0 && heads == checked && stray == 0;
  std::printf(
      "%s force arrows: %d contacts checked, %d without a red shaft, %d with an arrowhead; %d red "
      "pixels, %d away from contacts\n",
      pass ? "PASS" : "FAIL", checked, failed, heads, redPixels, stray);
  return pass ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::string command = argc > 1 ? argv[1] : "";
    if (command == "body-screen" && argc == 4) {
      json report = readReport(argv[2]);
      const json& body = bodyNamed(report, argv[3]);
      double px, py;
      viewOf(report).toScreen(body.at("x"), body.at("y"), px, py);
      std::printf("%.0f %.0f\n", px, py);
      return 0;
    }
    if (command == "to-screen" && argc == 5) {
      json report = readReport(argv[2]);
      double px, py;
      viewOf(report).toScreen(std::stod(argv[3]), std::stod(argv[4]), px, py);
      std::printf("%.0f %.0f\n", px, py);
      return 0;
    }
    if (command == "body-near" && argc == 7) {
      json report = readReport(argv[2]);
      const json& body = bodyNamed(report, argv[3]);
      double x = body.at("x"), y = body.at("y");
      double distance = std::hypot(x - std::stod(argv[4]), y - std::stod(argv[5]));
      bool pass = distance <= std::stod(argv[6]);
      std::printf("%s %s at (%.3f, %.3f), %.3f m from (%s, %s) (tolerance %s m)\n",
                  pass ? "PASS" : "FAIL", argv[3], x, y, distance, argv[4], argv[5], argv[6]);
      return pass ? 0 : 1;
    }
    if (command == "force-lines" && argc == 4) return forceLines(readReport(argv[2]), argv[3]);
    if (command == "notice-box" && argc == 3) return noticeBox(argv[2]);
    if (command == "spoke" && argc == 6)
      return spoke(readReport(argv[2]), argv[3], argv[4], std::stod(argv[5]));
    if (command == "field" && argc >= 4) {
      json value = readReport(argv[2]);
      for (int i = 3; i < argc; ++i) value = value.at(argv[i]);
      std::printf("%s\n",
                  value.is_string() ? value.get<std::string>().c_str() : value.dump().c_str());
      return 0;
    }
  } catch (const std::exception& error) {
    std::printf("FAIL %s\n", error.what());
    return 2;
  }
  std::fprintf(stderr, "usage: see the comment at the top of e2e_check.cpp\n");
  return 2;
}
