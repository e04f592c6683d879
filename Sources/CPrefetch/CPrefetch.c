// The module's one function is inline, in include/CPrefetch.h; SwiftPM wants
// a source file in every C target.
#include "CPrefetch.h"
