#include "KernelTestingLink.h"

// Defined by StoreKernelTesting (`TestIssues`), which apps never link. A weak reference to it
// is null unless the executable links it: the kernel finds its test tools without importing
// them, before any `TestStore` exists. Mach-O has no weak reference to a symbol missing at link
// time, so there the kernel waits for StoreKernelTesting to install itself.
#if defined(__ELF__)
extern void store_kernel_testing_install_scopes(void) __attribute__((weak));
#endif

int kernel_testing_link_install(void) {
#if defined(__ELF__)
  if (store_kernel_testing_install_scopes) {
    store_kernel_testing_install_scopes();
    return 1;
  }
#endif
  return 0;
}
