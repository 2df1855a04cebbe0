//! Progress reports from long computations, so a Web Worker can drive a progress bar.
//!
//! Cancelling is not the core's business: the page terminates the worker.

/// Receives `(done, total)` in any unit the computation chooses; `done <= total`.
pub trait Progress {
    fn report(&mut self, done: u64, total: u64);
}

/// Ignores every report (the CLI and tests).
pub struct NoProgress;

impl Progress for NoProgress {
    fn report(&mut self, _done: u64, _total: u64) {}
}

impl<F: FnMut(u64, u64)> Progress for F {
    fn report(&mut self, done: u64, total: u64) {
        self(done, total)
    }
}
