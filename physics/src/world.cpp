// The public World: ids and validation around the model, its states and the stepper.
#include "contactlab/world.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "body_edits.h"
#include "body_validation.h"
#include "contactlab_assert.h"
#include "copy_on_write.h"
#include "divergence.h"
#include "energy.h"
#include "joint_rows.h"
#include "joint_validation.h"
#include "model.h"
#include "placed_shape.h"
#include "scratch.h"
#include "step_statistics.h"
#include "stepper.h"
#include "timestep_sim.h"
#include "world_validation.h"

namespace contactlab {

struct WorldImpl {
  // The bodies, forces and settings, shared with copies of the world until one of them changes
  // them: a copy costs the state, not the definitions.
  CopyOnWrite<Model> model;
  std::vector<BodyState> states;            // one per model body, same order
  std::vector<std::uint32_t> denseOfSlot;   // slot index -> dense index (or kNoBody)
  std::vector<std::uint32_t> generationOf;  // slot index -> current generation
  std::unordered_map<std::string, std::uint32_t> slotOfName;  // every body's name -> its slot
  // Every joint's name: addJoint checks a new name against it (a scan of the joints made loading
  // 20,000 hinges take a second).
  std::unordered_set<std::string> jointNames;
  // Slots of removed bodies, lowest first: addBody reuses the lowest.
  std::priority_queue<std::uint32_t, std::vector<std::uint32_t>, std::greater<>> freeSlots;
  unsigned nextForceSerial = 1;
  double time = 0;
  double timeCompensation = 0;  // Neumaier summation keeps time = n dt exact to round-off
  Statistics stats;
  StepReport lastStep;
  Scratch<StepReport> trialStep;                     // step(): the report of the step under way
  Scratch<std::vector<BodyState>> statesBeforeStep;  // step(): what a failed step restores
  // Both solvers keep their warm start between steps: it is part of the world and copied with it,
  // their workspace is not (scratch.h); changing the bodies or the settings forgets it
  // (forgetWarmStart). contacts() reads it only.
  Stepper stepper;
  TimestepSim timestep;
  std::vector<ContactReport> contacts;    // valid when contactsValid; contacts() computes them
  std::vector<JointReport> jointReports;  // with the contacts, valid when contactsValid
  bool contactsValid = false;
  bool stepReportCurrent = false;  // the time-stepping solver's last step report is for this state

  static constexpr std::uint32_t kNoBody = 0xffffffff;

  int dense(BodyId id) const {
    if (id.isNull() || id.index >= denseOfSlot.size() || generationOf[id.index] != id.generation)
      return -1;
    // A removed body's slot keeps its generation until reused and holds kNoBody, read as -1.
    CONTACTLAB_ASSERT(
        denseOfSlot[id.index] == kNoBody || (denseOfSlot[id.index] < model->bodies.size() &&
                                             model->bodies[denseOfSlot[id.index]].id == id),
        "world: a live id's slot does not hold its body");
    return static_cast<int>(denseOfSlot[id.index]);
  }
  void changed() {
    contactsValid = false;
    stepReportCurrent = false;
  }
  void forgetWarmStart() {
    stepper.forgetWarmStart();
    timestep.reset();
  }
  // A copy's time-stepping solver keeps no record of the last step (timestep_sim.h), so the copy
  // takes the contacts that step reported, as the source would report them.
  void takeStepReport(const WorldImpl& source) {
    if (source.stepReportCurrent && !source.contactsValid) {
      std::vector<SteppedContact> stepped;
      source.timestep.lastContacts(*model, states, stepped);
      reportStepped(stepped);
      reportJoints({}, {}, source.timestep.jointImpulses());
      contactsValid = true;
    }
    stepReportCurrent = false;
  }
  // The joints at the current state, with the forces of the solve just made: ContactSim's, force
  // per joint row (`rows`, `forces`), or the time-stepping solver's, each joint's impulse on A over
  // its step (`impulses`, divided by dt).
  void reportJoints(std::span<const JointRow> rows, std::span<const double> forces,
                    std::span<const Vec2> impulses) {
    jointReports.clear();
    for (const Joint& joint : model->joints)
      jointReports.push_back({.id = joint.id,
                              .name = joint.def.name,
                              .kind = joint.def.kind,
                              .a = joint.def.a,
                              .b = joint.def.b,
                              .pointA = jointPointA(joint, states),
                              .pointB = jointPointB(joint, states),
                              .length = joint.def.length});
    for (std::size_t k = 0; k < rows.size() && k < forces.size(); ++k) {
      JointReport& r = jointReports[rows[k].joint];
      r.force += forces[k] * rows[k].normal;
    }
    if (impulses.size() == jointReports.size())
      for (std::size_t j = 0; j < impulses.size(); ++j)
        jointReports[j].force = impulses[j] / model->settings.dt;
    // A rod's or a rope's tension pulls A towards B: minus the force on A along B-to-A.
    for (JointReport& r : jointReports) {
      const double distance = glm::length(r.pointA - r.pointB);
      if (holdsDistance(r.kind) && distance > 0)
        r.tension = -glm::dot(r.force, r.pointA - r.pointB) / distance;
    }
  }
  void reportStepped(std::span<const SteppedContact> stepped) {
    contacts.clear();
    const double h = model->settings.dt;
    for (const SteppedContact& c : stepped) {
      const ContactGeometry& g = c.contact.geometry;
      contacts.push_back({model->bodies[c.contact.body1].id, model->bodies[c.contact.body2].id,
                          g.point1, g.normal, g.distance, c.normalImpulse / h,
                          c.tangentImpulse / h});
    }
  }
  void refreshMaterials() {
    Model& edited = model.edit();
    for (Body& body : edited.bodies) {
      body.elasticity = body.def.elasticity.value_or(edited.settings.elasticity);
      body.friction = body.def.friction.value_or(edited.settings.friction);
    }
  }
};

World::World() : impl_(std::make_unique<WorldImpl>()) {}
World::~World() = default;
World::World(const World& other) : impl_(std::make_unique<WorldImpl>(*other.impl_)) {
  impl_->takeStepReport(*other.impl_);
}
World& World::operator=(const World& other) {
  if (this != &other) *this = World(other);
  return *this;
}
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

Result<World> World::create(const WorldSettings& settings) {
  World world;
  Status status = world.setSettings(settings);
  if (!status) return status.error();
  return world;
}

const WorldSettings& World::settings() const {
  return impl_->model->settings;
}

Status World::setSettings(const WorldSettings& settings) {
  Status status = validateSettings(settings);
  if (!status) return status;
  impl_->model.edit().settings = settings;
  impl_->refreshMaterials();
  impl_->forgetWarmStart();
  impl_->changed();
  return {};
}

Result<BodyId> World::addBody(const BodyDef& def) {
  Result<Body> made = makeBody(def, impl_->model->settings);
  if (!made) return made.error();
  WorldImpl& w = *impl_;
  if (w.slotOfName.contains(def.name))
    return Error{"a body named '" + def.name + "' already exists"};
  std::uint32_t slot = static_cast<std::uint32_t>(w.denseOfSlot.size());
  if (w.freeSlots.empty()) {
    w.denseOfSlot.push_back(WorldImpl::kNoBody);
    w.generationOf.push_back(0);
  } else {
    slot = w.freeSlots.top();
    w.freeSlots.pop();
  }
  w.slotOfName.emplace(def.name, slot);
  BodyId id{slot, ++w.generationOf[slot]};
  w.denseOfSlot[slot] = static_cast<std::uint32_t>(w.model->bodies.size());
  Body body = made.value();
  body.id = id;
  w.model.edit().bodies.push_back(std::move(body));
  w.states.push_back(def.state);
  CONTACTLAB_ASSERT(
      w.slotOfName.size() == w.model->bodies.size() && w.states.size() == w.model->bodies.size(),
      "world: one name and one state per body");
  w.forgetWarmStart();
  w.changed();
  return id;
}

Status World::removeBody(BodyId id) {
  WorldImpl& w = *impl_;
  int i = w.dense(id);
  if (i < 0) return Error{"no such body (it was removed, or the id is from another world)"};
  Model& edited = w.model.edit();
  std::erase_if(edited.springs, [&](const Spring& s) { return s.body == i; });
  std::erase_if(edited.thrusts, [&](const Thrust& t) { return t.body == i; });
  for (Spring& s : edited.springs) s.body -= s.body > i;
  for (Thrust& t : edited.thrusts) t.body -= t.body > i;
  std::erase_if(edited.joints, [&](const Joint& j) {
    const bool held = j.a == i || j.b == i;
    if (held) w.jointNames.erase(j.def.name);
    return held;
  });
  for (Joint& j : edited.joints) {
    j.a -= j.a > i;
    j.b -= j.b > i;
  }
  refreshJointedPairs(edited);
  w.slotOfName.erase(edited.bodies[i].def.name);
  edited.bodies.erase(edited.bodies.begin() + i);
  w.states.erase(w.states.begin() + i);
  w.denseOfSlot[id.index] = WorldImpl::kNoBody;
  w.freeSlots.push(id.index);
  CONTACTLAB_ASSERT(
      w.slotOfName.size() == w.model->bodies.size() && w.states.size() == w.model->bodies.size(),
      "world: one name and one state per body");
  for (auto& d : w.denseOfSlot)
    if (d != WorldImpl::kNoBody && d > static_cast<std::uint32_t>(i)) --d;
  w.forgetWarmStart();
  w.changed();
  return {};
}

Status World::setBodyState(BodyId id, const BodyState& state) {
  int i = impl_->dense(id);
  if (i < 0) return Error{"no such body"};
  Status status = validateState(state);
  if (status) status = validateSpin(state, impl_->model->bodies[i].shape);
  if (!status) return status;
  impl_->states[i] = state;
  impl_->changed();
  return {};
}

std::optional<BodyView> World::body(BodyId id) const {
  int i = impl_->dense(id);
  if (i < 0) return std::nullopt;
  const Body& b = impl_->model->bodies[i];
  BodyView view{id, b.def, impl_->states[i], b.mass, b.inertia, b.elasticity, b.friction};
  if (b.fixed()) view.mass = view.inertia = INFINITY;
  return view;
}

std::optional<BodyId> World::findBody(const std::string& name) const {
  auto found = impl_->slotOfName.find(name);
  if (found == impl_->slotOfName.end()) return std::nullopt;
  return BodyId{found->second, impl_->generationOf[found->second]};
}

std::vector<BodyId> World::bodies() const {
  std::vector<BodyId> ids;
  for (const Body& b : impl_->model->bodies) ids.push_back(b.id);
  return ids;
}

std::size_t World::bodyCount() const {
  return impl_->model->bodies.size();
}

Status World::outline(BodyId id, BodyOutline& out) const {
  int i = impl_->dense(id);
  if (i < 0) return Error{"outline: no such body"};
  placedOutline(impl_->model->bodies[i].shape, impl_->states[i], out);
  return {};
}

Result<Vec2> World::centroid(BodyId id) const {
  int i = impl_->dense(id);
  if (i < 0) return Error{"centroid: no such body"};
  return impl_->states[i].position;
}

Result<Bounds> World::bounds(BodyId id) const {
  int i = impl_->dense(id);
  if (i < 0) return Error{"bounds: no such body"};
  return placedBounds(impl_->model->bodies[i].shape, impl_->states[i]);
}

Result<bool> World::containsPoint(BodyId id, Vec2 point, double tolerance) const {
  int i = impl_->dense(id);
  if (i < 0) return Error{"point test: no such body"};
  if (!std::isfinite(point.x) || !std::isfinite(point.y))
    return Error{"point test: the point must be finite"};
  if (!(tolerance >= 0) || !std::isfinite(tolerance))
    return Error{"point test: the tolerance must be a finite number >= 0"};
  BodyOutline outline;
  placedOutline(impl_->model->bodies[i].shape, impl_->states[i], outline);
  return outlineContains(outline, point, tolerance);
}

Status World::setBodyMass(BodyId id, double kg) {
  int i = impl_->dense(id);
  if (i < 0) return Error{"set mass: no such body"};
  Status status = setMass(impl_->model.edit().bodies[i], kg);
  if (status) impl_->changed();
  return status;
}

Status World::setBodyFixed(BodyId id, bool fixed) {
  int i = impl_->dense(id);
  if (i < 0) return Error{"set fixed: no such body"};
  Status status = setFixed(impl_->model.edit().bodies[i], impl_->states[i], fixed);
  if (status) impl_->changed();
  return status;
}

Result<SpringId> World::addSpring(const SpringDef& def) {
  int i = impl_->dense(def.body);
  if (i < 0) return Error{"spring: no such body"};
  Status status = validateSpring(def);
  if (!status) return status.error();
  SpringId id{impl_->nextForceSerial++};
  impl_->model.edit().springs.push_back({id, def, i});
  impl_->changed();
  return id;
}

Status World::setSpringAnchor(SpringId id, Vec2 anchor) {
  if (!std::isfinite(anchor.x) || !std::isfinite(anchor.y))
    return Error{"spring anchor must be finite"};
  const std::vector<Spring>& springs = impl_->model->springs;
  for (std::size_t k = 0; k < springs.size(); ++k) {
    if (springs[k].id == id) {
      SpringDef moved = springs[k].def;
      moved.anchor = anchor;
      Status status = validateSpring(moved);
      if (!status) return status;
      impl_->model.edit().springs[k].def = moved;
      impl_->changed();
      return {};
    }
  }
  return Error{"no such spring"};
}

Status World::removeSpring(SpringId id) {
  if (std::erase_if(impl_->model.edit().springs, [&](const Spring& s) { return s.id == id; }) == 0)
    return Error{"no such spring"};
  impl_->changed();
  return {};
}

Result<ThrustId> World::addThrust(const ThrustDef& def) {
  int i = impl_->dense(def.body);
  if (i < 0) return Error{"thrust: no such body"};
  Status status = validateThrust(def);
  if (!status) return status.error();
  ThrustId id{impl_->nextForceSerial++};
  impl_->model.edit().thrusts.push_back({id, def, i});
  impl_->changed();
  return id;
}

Status World::removeThrust(ThrustId id) {
  if (std::erase_if(impl_->model.edit().thrusts, [&](const Thrust& t) { return t.id == id; }) == 0)
    return Error{"no such thrust"};
  impl_->changed();
  return {};
}

Result<JointId> World::addJoint(const JointDef& def) {
  WorldImpl& w = *impl_;
  const Model& model = *w.model;
  const std::string what = "joint '" + def.name + "': ";
  if (def.name.empty()) return Error{"a joint needs a name"};
  if (w.jointNames.contains(def.name))
    return Error{"a joint named '" + def.name + "' already exists"};
  const int a = w.dense(def.a);
  if (a < 0) return Error{what + "body A does not exist"};
  const int b = def.b.isNull() ? -1 : w.dense(def.b);
  if (!def.b.isNull() && b < 0) return Error{what + "body B does not exist"};
  const Body& bodyA = model.bodies[a];
  JointBodies bodies{bodyA.def.name, {}, bodyA.fixed()};
  if (b >= 0) bodies.b = model.bodies[b].def.name, bodies.bFixed = model.bodies[b].fixed();
  if (std::optional<JointFlaw> flaw = jointFlaw(def, bodies)) return Error{what + flaw->message};
  JointId id{w.nextForceSerial++};
  Model& edited = w.model.edit();
  edited.joints.push_back({id, def, a, b});
  addJointedPair(edited, edited.joints.back());
  w.jointNames.insert(def.name);
  CONTACTLAB_ASSERT(w.jointNames.size() == edited.joints.size(), "world: one name per joint");
  w.forgetWarmStart();
  w.changed();
  return id;
}

Status World::removeJoint(JointId id) {
  WorldImpl& w = *impl_;
  const auto joint = std::find_if(w.model->joints.begin(), w.model->joints.end(),
                                  [&](const Joint& j) { return j.id == id; });
  if (joint == w.model->joints.end()) return Error{"no such joint"};
  const auto index = joint - w.model->joints.begin();
  w.jointNames.erase(joint->def.name);
  Model& edited = w.model.edit();
  edited.joints.erase(edited.joints.begin() + index);
  refreshJointedPairs(edited);
  impl_->forgetWarmStart();
  impl_->changed();
  return {};
}

std::vector<JointReport> World::joints() {
  contacts();  // the joints' forces come with the contacts' solve
  return impl_->jointReports;
}

std::vector<JointDef> World::jointDefinitions() const {
  std::vector<JointDef> out;
  for (const Joint& joint : impl_->model->joints) out.push_back(joint.def);
  return out;
}

std::vector<SpringDef> World::springDefinitions() const {
  std::vector<SpringDef> out;
  for (const Spring& spring : impl_->model->springs) out.push_back(spring.def);
  return out;
}

Status World::step() {
  WorldImpl& w = *impl_;
  const bool timestepping = w.model->settings.solver == SolverKind::Timestep;
  w.statesBeforeStep = w.states;
  StepReport& report = w.trialStep;
  startReport(report, w.model->settings.solver);
  if (timestepping) {
    w.timestep.step(*w.model, w.states, report);
  } else {
    w.stepper.step(*w.model, w.states, report);
  }
  Status status = checkStep(*w.model, w.statesBeforeStep, w.states);
  if (!status) {
    w.states.swap(w.statesBeforeStep);
    if (timestepping) {
      w.timestep.undoStep();
    } else {
      w.stepper.undoStep();
    }
    w.changed();
    return status;
  }
  const double dt = w.model->settings.dt, sum = w.time + dt;
  w.timeCompensation += std::abs(w.time) >= dt ? (w.time - sum) + dt : (dt - sum) + w.time;
  w.time = sum;
  report.step = w.stats.steps + 1;
  report.time = w.time + w.timeCompensation;
  addStep(w.stats, report);
  std::swap(w.lastStep, report);
  w.changed();
  w.stepReportCurrent = timestepping;
  return {};
}

void World::forgetWarmStart() {
  impl_->forgetWarmStart();
}

void World::setQpIterationCap(int cap) {
  impl_->timestep.setIterationCap(std::max(cap, 0));
}

double World::time() const {
  return impl_->time + impl_->timeCompensation;
}

const std::vector<ContactReport>& World::contacts() {
  WorldImpl& w = *impl_;
  if (w.contactsValid) return w.contacts;
  w.contacts.clear();
  if (w.model->settings.solver == SolverKind::Timestep) {
    std::vector<SteppedContact> stepped;
    if (w.stepReportCurrent) {
      w.timestep.lastContacts(*w.model, w.states, stepped);
    } else {
      w.timestep.contactsAt(*w.model, w.states, stepped);
    }
    w.reportStepped(stepped);
    w.reportJoints({}, {}, w.timestep.jointImpulses());
    w.contactsValid = true;
    return w.contacts;
  }
  std::vector<RestingContact> resting;
  StepReport scratch;
  w.stepper.contactsAt(*w.model, w.states, scratch, resting);
  for (const RestingContact& r : resting) {
    const ContactGeometry& g = r.contact.geometry;
    w.contacts.push_back({w.model->bodies[r.contact.body1].id, w.model->bodies[r.contact.body2].id,
                          g.point1, g.normal, g.distance, r.force, 0.0});
  }
  w.reportJoints(w.stepper.jointRows(), w.stepper.jointForces(), {});
  w.contactsValid = true;
  return w.contacts;
}

Energy World::energy() const {
  return energyOf(*impl_->model, impl_->states);
}

const Statistics& World::statistics() const {
  return impl_->stats;
}

const StepReport& World::lastStep() const {
  return impl_->lastStep;
}

Status World::validate() const {
  const WorldImpl& w = *impl_;
  std::vector<std::uint32_t> freeSlots;
  for (auto queue = w.freeSlots; !queue.empty(); queue.pop()) freeSlots.push_back(queue.top());
  const BodyIdMaps maps{w.denseOfSlot, w.generationOf, w.slotOfName, freeSlots, WorldImpl::kNoBody};
  const std::size_t bodies = w.model->bodies.size();
  if (Status status = validateBodies(*w.model, w.states); !status) return status;
  if (Status status = validateBodyIds(*w.model, maps); !status) return status;
  if (Status status = validateForces(*w.model, w.nextForceSerial); !status) return status;
  if (Status status = w.stepper.validateWarmStart(bodies); !status) return status;
  if (Status status = w.timestep.validateWarmStart(bodies); !status) return status;
  if (!(time() >= 0) || !std::isfinite(time())) return Error{"the time is not finite and >= 0"};
  for (const Joint& joint : w.model->joints) {
    if (joint.a < 0 || static_cast<std::size_t>(joint.a) >= bodies ||
        joint.b >= static_cast<int>(bodies) || joint.a == joint.b)
      return Error{"joint '" + joint.def.name + "' acts on a body that does not exist"};
    if (!w.jointNames.contains(joint.def.name))
      return Error{"joint '" + joint.def.name + "' is missing from the joints' names"};
  }
  if (w.jointNames.size() != w.model->joints.size())
    return Error{"the joints' names: " + std::to_string(w.jointNames.size()) + " names for " +
                 std::to_string(w.model->joints.size()) + " joints"};
  if (w.contactsValid) {
    for (const ContactReport& c : w.contacts)
      if (w.dense(c.body1) < 0 || w.dense(c.body2) < 0)
        return Error{"a reported contact names a body that does not exist"};
  }
  return {};
}

}  // namespace contactlab
