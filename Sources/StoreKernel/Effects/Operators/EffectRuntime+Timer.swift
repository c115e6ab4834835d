extension EffectRuntime {
  /// Starts an operator's timer: a task, registered under `ids` and in the group of the `send`
  /// being handled, that sleeps `wait` on `clock`, then comes back to this store and runs
  /// `body` there as part of that `send`, and lasts until what `body` started has ended (so a
  /// concatenation or a handle waiting on the timer waits for that). Cancelling any of `ids`
  /// ends the sleep, or what `body` started.
  func startTimer(
    after wait: Duration, clock: any Clock<Duration>, ids: [EffectID],
    then body: @escaping @Sendable (any EffectRuntime<Action>) -> StoreTask
  ) -> Task<Void, Never> {
    let store = revisit()
    return spawn(priority: nil, ids: ids, dependencies: nil) { _ in
      do {
        try await clock.sleep(for: wait)
      } catch {
        return
      }
      let started = await store.revisit(body)
      await withTaskCancellationHandler {
        await started.finish()
      } onCancel: {
        started.cancelWithoutWaiting()
      }
    }
  }
}
