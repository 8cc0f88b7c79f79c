// Building the --report JSON (report.h).
#include "report.h"

#include "run_output.h"

namespace contactlab {

namespace {

FrameFacts frameFacts(const WorldSnapshot& world) {
  FrameFacts facts{.time = world.time,
                   .bodies = {},
                   .contacts = world.contacts,
                   .joints = world.joints,
                   .nameOf = [&world](BodyId id) { return world.nameOf(id); },
                   .energy = world.energy,
                   .statistics = world.statistics,
                   .lastStep = world.lastStep};
  for (std::size_t i = 0; i < world.bodyCount(); ++i)
    facts.bodies.emplace_back(world.body(i).def.name, world.states[i]);
  return facts;
}

}  // namespace

nlohmann::ordered_json desktopReport(const ReportInputs& in) {
  nlohmann::ordered_json report = frameJson(frameFacts(in.world), in.wallSeconds);
  report["view"] = {{"width", in.camera.viewport.x},
                    {"height", in.camera.viewport.y},
                    {"center_x", in.camera.center.x},
                    {"center_y", in.camera.center.y},
                    {"pixels_per_meter", in.camera.pixelsPerMeter},
                    {"force_scale", in.view.forceScale},
                    {"forces_shown", in.view.forces}};
  const PerfNumbers& p = in.perf.numbers();
  double seconds = in.perf.totalSeconds();
  std::int64_t frames = in.perf.totalFrames();
  report["performance"] = {
      {"frames", frames},
      {"frames_drawn", in.perf.framesDrawn()},
      {"seconds", seconds},
      {"fps_average", seconds > 0 ? frames / seconds : 0.0},
      {"fps_after_start",
       in.perf.intervals().totalSeconds() > 0
           ? static_cast<double>(in.perf.intervals().count()) / in.perf.intervals().totalSeconds()
           : 0.0},
      {"frame_work_ms_average", frames > 0 ? 1000 * in.perf.totalWorkSeconds() / frames : 0.0},
      {"frame_ms_median", in.perf.intervals().quantileMs(0.5)},
      {"frame_ms_max", in.perf.intervals().maxMs()},
      {"frame_work_ms_median", in.perf.work().quantileMs(0.5)},
      {"frame_work_ms_max", in.perf.work().maxMs()},
      {"frame_take_ms_median", in.perf.takes().quantileMs(0.5)},
      {"frame_take_ms_max", in.perf.takes().maxMs()},
      {"fps", p.fps},
      {"frame_ms", p.frameMs},
      {"frame_work_ms", p.frameWorkMs},
      {"physics_ms_per_step", p.physicsMsPerStep},
      {"lcp_ms_per_step", p.lcpMsPerStep},
      {"pivots_per_step", p.pivotsPerStep},
      {"qp_iterations_per_step", p.qpIterationsPerStep},
      {"steps_per_second", p.stepsPerSecond},
      {"collisions_per_second", p.collisionsPerSecond},
      {"contacts", p.contacts},
      {"drag_moves_shown", in.perf.dragMovesShown()},
      {"drag_lag_frames_median", in.perf.dragLagMedian()},
      {"drag_lag_frames_max", in.perf.dragLagMax()}};
  report["status"] = {{"running", in.status.running}, {"speed", in.status.speed},
                      {"behind", in.status.behind},   {"source", in.status.source},
                      {"error", in.status.error},     {"notice", in.notice},
                      {"message", in.message}};
  report["selected"] = in.selected;
  const WorldSettings& settings = in.world.settings;
  report["settings"] = {{"gravity", settings.gravity},
                        {"damping", settings.damping},
                        {"elasticity", settings.elasticity},
                        {"friction", settings.friction}};
  nlohmann::ordered_json items = nlohmann::ordered_json::object();
  for (const auto& [name, rect] : in.itemRects)
    items[name] = {rect.min.x, rect.min.y, rect.max.x, rect.max.y};
  report["ui"] = items;
  return report;
}

}  // namespace contactlab
