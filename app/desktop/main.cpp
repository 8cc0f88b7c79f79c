// contactlab: the desktop program (docs/app.md).
#include "desktop_app.h"
#include "options.h"

int main(int argc, char** argv) {
  contactlab::DesktopOptions options;
  if (std::optional<int> code = contactlab::parseDesktopOptions(argc, argv, options)) return *code;
  return contactlab::DesktopApp(std::move(options)).run();
}
