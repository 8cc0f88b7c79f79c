// The ImGui panels, one function each (one file each), and the whole UI of a frame: the main menu,
// the two side columns that hold the panels, the file dialog and the labels drawn over the world.
// Panels read UiFacts, keep their state in UiState and ask for changes through Commands.
#pragma once

#include "camera.h"
#include "ui_model.h"

namespace contactlab {

void simulationPanel(const UiFacts& facts, UiState& state, Commands& out);
void displayOptions(UiState& state);
void parametersPanel(const UiFacts& facts, UiState& state, Commands& out);
void bodiesPanel(const UiFacts& facts, UiState& state, Commands& out);
void jointsPanel(const UiFacts& facts, UiState& state, Commands& out);
void presetsPanel(const UiFacts& facts, UiState& state, Commands& out);
void sharePanel(const UiFacts& facts, UiState& state, Commands& out);
void energyPanel(const UiFacts& facts, UiState& state);
void contactsPanel(const UiFacts& facts, UiState& state, Commands& out);
void statisticsPanel(const UiFacts& facts, const Readouts& shown);
void helpPanel();
void mainMenu(const UiFacts& facts, UiState& state, Commands& out);
void fileDialog(const UiFacts& facts, UiState& state, Commands& out);
void noticeBox(UiState& state);
void pictureDialog(UiState& state, Commands& out);

// A path to type and, below it, the files of its folder ending in `extension` (".png") to click;
// true when Enter was pressed in the path. For the file dialogs' popups.
bool pathPicker(std::string& path, const char* extension);
// The confirm and Cancel buttons at the foot of a file dialog's popup; either closes it. True when
// the person confirmed (the button `confirm`, or `entered`: Enter in the path).
bool dialogButtons(const char* confirm, bool entered);
void graphPanel(const UiFacts& facts, UiState& state);
void exportDialog(UiState& state, Commands& out);
void worldLabels(const UiFacts& facts, const UiState& state);

// The settings the panels edit: the world's, or the buffer while a settings widget is held.
WorldSettings& editedSettings(const UiFacts& facts, UiState& state);

// Builds the frame's UI (between ImGui::NewFrame and ImGui::Render) and returns what it asks for.
Commands drawUi(const UiFacts& facts, UiState& state);

// The part of the window the side columns leave for the world, in pixels. The columns are drawn
// without a background of their own: the program fills the rest of the window with the colour
// ImGuiCol_WindowBg before drawing the UI.
Rect freeArea(const UiState& state, Vec2 viewport);

}  // namespace contactlab
