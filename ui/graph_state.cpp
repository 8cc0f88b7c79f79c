// The Graph panel's starting series (graph_state.h).
#include "graph_state.h"

namespace contactlab {

void addDefaultSeries(const WorldSnapshot& world, GraphRecord& record) {
  for (std::size_t i = 0; i < world.bodyCount(); ++i) {
    const SnapshotBody& body = world.body(i);
    if (body.def.fixed) continue;
    record.addSeries({.quantity = Quantity::Y, .body = body.def.name, .other = {}});
    for (const ContactReport& c : world.contacts) {
      if (c.body1 != body.id && c.body2 != body.id) continue;
      const BodyId other = c.body1 == body.id ? c.body2 : c.body1;
      const int points = static_cast<int>(contactPoints(world, body.id, other).size());
      for (int k = 1; k <= points; ++k)
        record.addSeries({.quantity = Quantity::NormalForce,
                          .body = body.def.name,
                          .other = world.nameOf(other),
                          .point = k,
                          .points = points});
      return;
    }
    return;
  }
  for (Quantity q : {Quantity::KineticTotal, Quantity::PotentialTotal, Quantity::EnergyTotal})
    record.addSeries({.quantity = q, .body = {}, .other = {}});
}

}  // namespace contactlab
