// What the panels and shortcuts ask for, done: edits go to the physics worker through the
// controller; files, share strings and the clipboard are handled here (desktop_app.h).
#include <SDL.h>

#include <algorithm>
#include <cctype>

#include "data_export.h"
#include "desktop_app.h"
#include "persistence.h"
#include "scene_source.h"
#include "share_link.h"

namespace contactlab {
namespace {

std::string trimmed(std::string text) {
  auto space = [](unsigned char ch) { return std::isspace(ch) != 0; };
  text.erase(text.begin(), std::find_if_not(text.begin(), text.end(), space));
  text.erase(std::find_if_not(text.rbegin(), text.rend(), space).base(), text.end());
  return text;
}

}  // namespace

void DesktopApp::apply(const Commands& c) {
  Controller& ctl = *controller_;
  if (c.editBegan) ctl.beginGesture();
  if (c.togglePlay) ctl.togglePlay();
  if (c.step) ctl.step();
  if (c.reset) ctl.reset();
  if (c.timeRate) ctl.setTimeRate(*c.timeRate);
  if (c.textScale) pendingTextScale_ = *c.textScale;
  if (c.savePicture) pendingPicture_ = *c.savePicture;
  if (c.undo) ctl.undo();
  if (c.redo) ctl.redo();
  if (c.settings) ctl.setSettings(*c.settings);
  if (c.addBody) {
    ctl.addBody(*c.addBody);
    ui_.selected = BodyId{};
    ui_.selectedName = c.addBody->name;
    ui_.selectedJoint.clear();
    ui_.selectedSpring = -1;
  }
  if (c.select) {
    ui_.selected = *c.select;
    ui_.selectedName = world().nameOf(*c.select);
    ui_.selectedJoint.clear();
    ui_.selectedSpring = -1;
  }
  if (c.selectJoint) {
    ui_.selectedJoint = *c.selectJoint;
    ui_.selectedSpring = -1;
    ui_.selected = BodyId{};
    ui_.selectedName.clear();
  }
  if (c.selectSpring) {
    ui_.selectedSpring = *c.selectSpring;
    ui_.selectedJoint.clear();
    ui_.selected = BodyId{};
    ui_.selectedName.clear();
  }
  if (c.jointEdit) ctl.editJoint(*c.jointEdit);
  if (c.springEdit) ctl.editSpring(*c.springEdit);
  if (c.selectedState && !ui_.selected.isNull()) ctl.editState(ui_.selected, *c.selectedState);
  if (c.selectedDef && !ui_.selectedName.empty()) ctl.editDef(ui_.selectedName, *c.selectedDef);
  if (c.deleteSelected && !ui_.selected.isNull()) {
    if (mouse_.holding()) mouse_.cancel(ctl);
    ctl.removeBody(ui_.selected);
    ui_.selected = BodyId{};
    ui_.selectedName.clear();
  } else if (c.deleteSelected && !ui_.selectedJoint.empty()) {
    ctl.removeJoint(ui_.selectedJoint);
    ui_.selectedJoint.clear();
  } else if (c.deleteSelected && ui_.selectedSpring >= 0) {
    ctl.removeSpring(ui_.selectedSpring);
    ui_.selectedSpring = -1;
  }
  if (c.newScene) {
    opened(newScene(), "new scene", "new scene");
    tell(ui_, "A new scene: a floor. Ctrl+Z brings the last scene back.");
  }
  if (c.openPreset) openArgument(*c.openPreset);
  if (c.openShare) openShareText(*c.openShare);
  if (c.openFile) openSceneText(*c.openFile);
  if (c.saveFile) saveSceneFile(*c.saveFile);
  if (c.openSession) openSession(*c.openSession);
  if (c.copyShare) controller_->capture(CapturedScene::Use::CopyShare);
  if (c.copyLink) controller_->capture(CapturedScene::Use::CopyLink);
  if (c.refreshShareText) controller_->capture(CapturedScene::Use::ShowShare);
  if (c.pasteShare) {
    char* clipboard = SDL_GetClipboardText();
    std::string text = clipboard ? clipboard : "";
    SDL_free(clipboard);
    if (trimmed(text).empty())
      tell(ui_, "The clipboard holds no text.");
    else
      openShareText(text);
  }
  if (c.exportData) exportData(*c.exportData);
  if (c.fitView) fitView();
  if (c.quit) quit_ = true;
  if (c.editEnded) ctl.endGesture();
}

// File > Export data: a failure is told in the status line; the recording and any existing file
// are left as they were.
void DesktopApp::exportData(const DataExport& request) {
  const GraphRecord& record = ui_.graph.record;
  if (record.size() == 0) {
    tell(ui_, "Nothing to export yet: the recording starts when time moves on.", 8);
    return;
  }
  const std::string samples = std::to_string(record.size()) + " samples";
  std::string text, what;
  switch (request.kind) {
    case ExportKind::Series:
      if (record.series().empty()) {
        tell(ui_,
             "No series to export: add one in the Graph panel (G), or export every body's state.",
             8);
        return;
      }
      text = seriesCsv(record);
      what = std::to_string(record.series().size()) + " series over " + samples;
      break;
    case ExportKind::Bodies:
      text = bodiesCsv(record);
      what = std::to_string(bodyRows(record)) + " body states over " + samples;
      break;
    case ExportKind::Joints:
      if (jointRows(record) == 0) {
        tell(ui_, "No joints were recorded: the scene had no joints while the recording ran.", 8);
        return;
      }
      text = jointsCsv(record);
      what = std::to_string(jointRows(record)) + " joint rows over " + samples;
      break;
  }
  Status written = writeFileAtomically(request.path, text);
  if (!written) {
    tell(ui_, "Not exported: " + written.error().message, 12);
    return;
  }
  tell(ui_, "Exported " + what + " to " + request.path, 8);
}

// Opens a preset, a share string or a file named like on the command line.
void DesktopApp::openArgument(const std::string& argument) {
  Result<LoadedScene> loaded = loadSceneArgument(argument);
  if (!loaded) {
    tell(ui_, loaded.error().message, 8);
    return;
  }
  std::string source = looksLikeShareString(argument) ? "share string" : argument;
  opened(loaded->scene, source, source);
  tell(ui_, "Opened " + argument +
                (loaded->warnings.empty() ? "" : " (" + loaded->warnings.front() + ")"));
}

void DesktopApp::openShareText(const std::string& text) {
  std::string share = trimmed(text);
  if (const std::optional<LinkTarget> target =
          looksLikeLink(share) ? linkTarget(share) : std::nullopt) {
    if (target->kind == LinkTarget::Kind::Preset) {
      openArgument(target->value);
      return;
    }
    share = target->value;  // a link: its share string
  }
  if (!looksLikeShareString(share)) {  // scene text copied from a file works too
    Result<LoadedScene> parsed = parseScene(share, "clipboard");
    if (!parsed) {
      tell(ui_,
           "Not a share string (they start with cl1~) nor scene text: " + parsed.error().message,
           8);
      return;
    }
    opened(parsed->scene, "pasted scene", "pasted scene");
  } else {
    Result<Scene> scene = decodeShare(share);
    if (!scene) {
      tell(ui_, scene.error().message, 8);
      return;
    }
    opened(scene.value(), "share string", "share string");
  }
  tell(ui_, "Opened the share string.");
}

void DesktopApp::openSceneText(const std::string& path) {
  Result<std::string> text = readTextFile(path);
  Result<LoadedScene> loaded =
      text ? parseScene(text.value(), path) : Result<LoadedScene>(text.error());
  if (!loaded) {
    tell(ui_, loaded.error().message, 8);
    return;
  }
  opened(loaded->scene, path, path);
  ui_.filePath = path;
  tell(ui_, "Opened " + path);
}

// Opens a session kept by File > Recent sessions; the kept file itself is never written again.
void DesktopApp::openSession(const std::string& path) {
  Result<RecoveredSession> session =
      sessions_ ? sessions_->open(path) : Result<RecoveredSession>(Error{"no sessions are kept"});
  if (!session) {
    tell(ui_, "This session cannot be opened: " + session.error().message, 10);
    return;
  }
  std::string savedAt = path;
  for (const SessionInfo& kept : keptSessions_)
    if (kept.path == path) savedAt = kept.savedAt;
  opened(session->scene->scene, "session of " + savedAt, session->origin);
  tell(ui_, "Opened the session of " + savedAt);
}

// The scene on screen becomes `scene`, undoably. `source` names it in the title and the report;
// `origin` is what it was first opened from, kept in the session's header.
void DesktopApp::opened(const Scene& scene, const std::string& source, const std::string& origin) {
  if (mouse_.holding()) mouse_.cancel(*controller_);
  controller_->open(scene, source);
  origin_ = origin;
  fitPending_ = true;
  fitAfterEpoch_ = runStatus().epoch;
  ui_.selected = BodyId{};
  ui_.selectedName.clear();
  ui_.selectedJoint.clear();
  ui_.selectedSpring = -1;
}

// Saving and sharing capture the worker's world between two steps (Controller::capture), which
// forgets its warm start there: the saved scene or share string, opened anywhere, then continues
// exactly as this window's simulation does. The scene comes back with a later frame (deliver).
void DesktopApp::saveSceneFile(const std::string& path) {
  controller_->capture(CapturedScene::Use::SaveFile, path);
}

void DesktopApp::deliver(const CapturedScene& captured) {
  if (captured.use == CapturedScene::Use::ShowShare) {
    ui_.shareText = encodeShare(captured.scene);
    return;
  }
  if (captured.use == CapturedScene::Use::Autosave) {
    keepSession(captured.scene);
    return;
  }
  if (captured.use == CapturedScene::Use::SaveFile) {
    Status saved = writeFileAtomically(captured.path, writeScene(captured.scene));
    if (!saved) {
      tell(ui_, "Not saved: " + saved.error().message, 12);
      return;
    }
    ui_.filePath = captured.path;
    tell(ui_, "Saved " + captured.path);
    return;
  }
  const bool link = captured.use == CapturedScene::Use::CopyLink;
  const std::string share = encodeShare(captured.scene);
  const std::string text = link ? shareLink(ui_.webBase, share) : share;
  if (SDL_SetClipboardText(text.c_str()) != 0) {
    tell(ui_, std::string("Cannot copy: ") + SDL_GetError());
    return;
  }
  tell(ui_, link ? "Link copied (" + std::to_string(text.size()) + " characters): it opens in " +
                       ui_.webBase
                 : "Share string copied (" + std::to_string(text.size()) + " characters).");
}

}  // namespace contactlab
