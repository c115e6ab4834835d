// A Synchronization.Mutex under contention from four threads. On Linux, ThreadSanitizer
// reports the accesses inside withLock as races: the hand-over happens in an uninstrumented
// library. See run.sh.
import Dispatch
import Synchronization

final class Box: Sendable { let state = Mutex([Int]()) }
let box = Box()
DispatchQueue.concurrentPerform(iterations: 4) { _ in
  for i in 0..<200_000 { box.state.withLock { $0.append(i); if $0.count > 100 { $0.removeAll() } } }
}
print("done")
