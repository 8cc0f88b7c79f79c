// Edits posted to the physics worker (controller.h).
#include "controller.h"

#include "joint_edits.h"

namespace contactlab {
namespace {

void startRunning(Session& s) {
  if (s.control.running) return;
  markStart(s.doc);
  s.control.running = true;
  s.control.error.clear();
  s.clock.reset();
}

// An edit the world refused: said in the Simulation panel until the next play, step or load.
void reportFailure(Session& s, const Status& status) {
  if (!status) s.control.error = "edit refused: " + status.error().message;
}

}  // namespace

void Controller::postForThisWorld(std::function<void(Session&)> edit) {
  std::uint64_t epoch = epoch_;
  post([epoch, edit = std::move(edit)](Session& s) {
    if (s.doc.epoch == epoch) edit(s);
  });
}

void Controller::togglePlay() {
  post([](Session& s) {
    if (s.control.running)
      s.control.running = false;
    else
      startRunning(s);
  });
}

void Controller::step() {
  post([](Session& s) {
    s.control.running = false;
    s.control.error.clear();
    ++s.control.stepRequests;
  });
}

void Controller::reset() {
  post([](Session& s) {
    reportFailure(s, resetToStart(s.doc));
    s.clock.reset();
    s.collisions.clear();
    s.control.error.clear();
  });
}

void Controller::setTimeRate(double rate) {
  post([rate](Session& s) { s.control.timeRate = rate; });
}

void Controller::capture(CapturedScene::Use use, const std::string& path) {
  post([use, path](Session& s) { captureBetweenSteps(s, use, path); });
}

void Controller::undo() {
  post([](Session& s) { contactlab::undo(s.doc); });
}

void Controller::redo() {
  post([](Session& s) { contactlab::redo(s.doc); });
}

void Controller::setSettings(const WorldSettings& settings) {
  post([settings](Session& s) {
    reportFailure(s, applyEdit(s.doc, [&](World& w) { return w.setSettings(settings); }));
  });
}

void Controller::addBody(const BodyDef& def) {
  post([def](Session& s) {
    reportFailure(s, applyEdit(s.doc, [&](World& w) {
                    Result<BodyId> id = w.addBody(def);
                    return id ? Status{} : Status{id.error()};
                  }));
  });
}

void Controller::removeBody(BodyId id) {
  postForThisWorld([id](Session& s) {
    if (s.doc.drag.body() == id) s.doc.drag.end(s.doc.world);
    applyEdit(s.doc, [&](World& w) { return w.removeBody(id); });
  });
}

void Controller::editState(BodyId id, const BodyStateEdit& edit) {
  postForThisWorld([id, edit](Session& s) {
    std::optional<BodyView> body = s.doc.world.body(id);
    if (!body) return;
    reportFailure(s, applyEdit(s.doc, [&](World& w) {
                    return w.setBodyState(id, edit.appliedTo(body->state));
                  }));
  });
}

void Controller::placeBody(BodyId id, const BodyState& state) {
  postForThisWorld([id, state](Session& s) {
    applyEdit(s.doc, [&](World& w) { return w.setBodyState(id, state); });
  });
}

void Controller::editDef(const std::string& name, const BodyDefEdit& edit) {
  post([name, edit](Session& s) {
    if (edit.mass || edit.fixed) {
      // In place: the world keeps its ids, its other bodies, springs and warm start. The mass goes
      // first: it is the one a bad value can refuse, and then nothing has changed.
      reportFailure(s, applyEdit(s.doc, [&](World& w) -> Status {
                      std::optional<BodyId> id = w.findBody(name);
                      if (!id) return Error{"no body named '" + name + "'"};
                      Status status = edit.mass ? w.setBodyMass(*id, *edit.mass) : Status{};
                      if (status && edit.fixed) status = w.setBodyFixed(*id, *edit.fixed);
                      return status;
                    }));
    }
    if (!edit.elasticity) return;
    reportFailure(s, editScene(s.doc, [&](Scene& scene) -> Status {
                    for (BodyDef& def : scene.bodies) {
                      if (def.name != name) continue;
                      def.elasticity = *edit.elasticity;
                      return {};
                    }
                    return Error{"no body named '" + name + "'"};
                  }));
  });
}

void Controller::addJoint(const JointDef& def) {
  postForThisWorld([def](Session& s) {
    Result<std::string> added = contactlab::addJoint(s.doc, def);
    reportFailure(s, added ? Status{} : Status{added.error()});
  });
}

void Controller::addSpring(const SpringDef& def) {
  postForThisWorld([def](Session& s) { reportFailure(s, contactlab::addSpring(s.doc, def)); });
}

void Controller::removeJoint(const std::string& name) {
  post([name](Session& s) { reportFailure(s, contactlab::removeJoint(s.doc, name)); });
}

void Controller::editJoint(const JointEdit& edit) {
  post([edit](Session& s) {
    reportFailure(s, contactlab::editJoint(s.doc, edit.name, edit.length, edit.elasticity));
  });
}

void Controller::removeSpring(int index) {
  postForThisWorld(
      [index](Session& s) { reportFailure(s, contactlab::removeSpring(s.doc, index)); });
}

void Controller::editSpring(const SpringEdit& edit) {
  postForThisWorld([edit](Session& s) {
    reportFailure(s, contactlab::editSpring(s.doc, edit.index, edit.stiffness, edit.restLength,
                                            edit.damping));
  });
}

void Controller::open(const Scene& scene, const std::string& source) {
  post([scene, source](Session& s) {
    Status status = loadScene(s.doc, scene, source);
    reportFailure(s, status);
    if (status) {
      s.clock.reset();
      s.collisions.clear();
      s.control.error.clear();
    }
  });
}

void Controller::beginGesture() {
  post([](Session& s) { contactlab::beginGesture(s.doc); });
}

void Controller::endGesture() {
  post([](Session& s) { contactlab::endGesture(s.doc); });
}

void Controller::beginDrag(BodyId id, Vec2 grab) {
  postForThisWorld([id, grab](Session& s) { contactlab::beginDrag(s.doc, id, grab); });
}

void Controller::dragTo(Vec2 anchor) {
  post([anchor, frame = frame_](Session& s) { moveDragBetweenSteps(s, anchor, frame); });
}

void Controller::endDrag() {
  post([](Session& s) { endDragBetweenSteps(s); });
}

}  // namespace contactlab
