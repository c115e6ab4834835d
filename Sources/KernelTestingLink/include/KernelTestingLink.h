#ifndef KERNEL_TESTING_LINK_H
#define KERNEL_TESTING_LINK_H

/// Installs StoreKernelTesting's finder of the running test's own dependency values and shared
/// values when StoreKernelTesting is linked into this executable, as it is in a test process;
/// does nothing in an app, which never links it.
///
/// Returns 1 when it installed it, 0 when StoreKernelTesting is not linked.
int kernel_testing_link_install(void);

#endif
