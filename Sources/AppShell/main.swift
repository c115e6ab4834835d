// The terminal app lands with its own issue; until then it says so and exits non-zero.
import StoreKernel

#if canImport(Glibc)
  import Glibc
#endif

StandardError.write("AppShell: the terminal app is not built yet (see the AppShell issue).\n")
exit(1)
