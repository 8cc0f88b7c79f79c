// The WebSimulation as JavaScript sees it (embind): `new Module.Simulation()` and its methods;
// states() and contacts() are Float64Array views, contactBodies() an Int32Array view, of the
// simulation's own arrays, valid until its next call (docs/web.md).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "web_simulation.h"

namespace {

using contactlab::WebSimulation;
using emscripten::val;

template <typename T>
val view(const std::vector<T>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data()));
}

val states(WebSimulation& sim) {
  return view(sim.states());
}

val contacts(WebSimulation& sim) {
  return view(sim.contacts());
}

val contactBodies(WebSimulation& sim) {
  return view(sim.contactBodies());
}

}  // namespace

EMSCRIPTEN_BINDINGS(contactlab) {
  emscripten::class_<WebSimulation>("Simulation")
      .constructor<>()
      .function("load", &WebSimulation::load)
      .function("presetsJson", &WebSimulation::presetsJson)
      .function("bodiesJson", &WebSimulation::bodiesJson)
      .function("settingsJson", &WebSimulation::settingsJson)
      .function("step", &WebSimulation::step)
      .function("time", &WebSimulation::time)
      .function("reset", &WebSimulation::reset)
      .function("states", &states)
      .function("contacts", &contacts)
      .function("contactBodies", &contactBodies)
      .function("jointsJson", &WebSimulation::jointsJson)
      .function("energyJson", &WebSimulation::energyJson)
      .function("setSetting", &WebSimulation::setSetting)
      .function("setSolver", &WebSimulation::setSolver)
      .function("bodyAt", &WebSimulation::bodyAt)
      .function("grab", &WebSimulation::grab)
      .function("dragTo", &WebSimulation::dragTo)
      .function("release", &WebSimulation::release)
      .function("moveBody", &WebSimulation::moveBody)
      .function("share", &WebSimulation::share);
}
