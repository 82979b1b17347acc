//! Cross-crate tests of tackle. The test host binaries in `src/bin/` each
//! link a chosen set of plugins; the tests in `tests/` drive them.

pub mod auggie;
pub mod claude;
pub mod codex_app_server;
pub mod fake_model;
pub mod haproxy;
pub mod hostile;
pub mod http_server;
pub mod mcp;
pub mod private_etc;
pub mod process;
pub mod recorded;
pub mod redis_server;
pub mod store;
pub mod venv;
