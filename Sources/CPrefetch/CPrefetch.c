// The module's functions are inline, in include/CPrefetch.h; SwiftPM wants
// a source file in every C target.
#include "CPrefetch.h"
