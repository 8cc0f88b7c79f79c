// The scene being edited: its world, the scene Reset goes back to, the undo/redo history, the
// mouse spring, and counters of world replacements (body ids from before are void) and edits (for
// autosave). Every change a person makes goes through these functions so that it is undoable.
// Pure: no SDL, no ImGui, no threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "contactlab/scene.h"
#include "contactlab/world.h"
#include "drag_spring.h"
#include "edit_history.h"

namespace contactlab {

struct Document {
  World world;
  Scene start;  // where Reset goes: the bodies when loaded or when play was last pressed
  EditHistory history;
  DragSpring drag;
  std::uint64_t epoch = 0;  // bumped whenever the world is replaced
  std::uint64_t edits = 0;  // bumped by every change to the scene
  std::string source;       // what was opened: a file, a preset, a share string, the last session
};

// The scene the person made, as it is now: the world without the mouse drag's spring and dashpots
// (a drag under way is a hand on the world, not part of the scene). Saves, shares, the session
// and the undo history all keep this.
Scene sceneOf(const Document& doc);

// A document on `scene` (its start), or why the scene does not build.
Result<Document> openDocument(const Scene& scene, std::string source);

// Replaces the world and the start by `scene` (opening a file, a preset or a share string),
// undoably. On error nothing changes.
Status loadScene(Document& doc, const Scene& scene, std::string source);

// Applies `change` to the world, undoably: on its own as one entry, or as part of the gesture
// under way. On error nothing changes (World calls are all or nothing).
Status applyEdit(Document& doc, const std::function<Status(World&)>& change);

// Changes the scene text of the world (a body's elasticity, which only a rebuilt world can take),
// undoably, and rebuilds the world. A body's mass and fixedness change in place through applyEdit
// (World::setBodyMass, World::setBodyFixed).
Status editScene(Document& doc, const std::function<Status(Scene&)>& change);

void beginGesture(Document& doc);
void endGesture(Document& doc);

// Undo and redo put back the scene and the start of the moment they return to, so that Reset
// never brings back an edit that was undone.
bool undo(Document& doc);
bool redo(Document& doc);

// Grabs `body` at `grab` with the mouse spring (a drag while running), undoably: Undo puts the
// world back to this moment, whatever the drag and the run did after it. On error nothing changes.
Status beginDrag(Document& doc, BodyId body, Vec2 grab);

// The bodies back where they were at the start, with the settings as they are now (a slider moved
// since Play stays where it was put), undoably (Ctrl+Z after R brings the moment before back).
Status resetToStart(Document& doc);

// How far a body may wander before it counts as lost: its top this far below the bottom of the
// lowest fixed body, or its centre this far outside the box around the fixed bodies. A world
// without fixed bodies (free fall, a space scene) loses nothing.
inline constexpr double kLostDepth = 50;       // m
inline constexpr double kLostDistance = 1000;  // m

// Removes the movable bodies that have left the world (kLostDepth, kLostDistance), undoably as one
// step (Undo brings them back as they were). Returns their names, empty when none left.
std::vector<std::string> removeLostBodies(Document& doc);

// The start becomes the world as it is now (pressing play).
void markStart(Document& doc);

}  // namespace contactlab
