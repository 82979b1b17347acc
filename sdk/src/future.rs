//! The boxed future that every async handler returns, below every module
//! that names one.

use std::future::Future;
use std::pin::Pin;

/// A boxed, sendable future, as async tool handlers return.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;
