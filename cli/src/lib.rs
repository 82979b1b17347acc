//! The `tackle` command. `tackle new NAME` makes a project that builds and
//! passes its tests at once: a workspace with a plugin crate and a host
//! binary that links it.
//!
//! ```text
//! cargo install --locked --path cli
//! tackle new my-plugin && cd my-plugin && cargo test
//! ```
//!
//! ```text
//! my-plugin/
//!   Cargo.toml               the workspace: plugin, host, shared dependencies
//!   README.md  .gitignore  tackle.toml (the host's config)
//!   plugin/                  package `my-plugin`, lib `my_plugin`, plugin id `my-plugin`:
//!                            a typed config, a tool, a hook, a command, a cron job, a skill,
//!                            and tests with tackle's test kit
//!   host/                    package `my-plugin-host`, binary `my-plugin`, and tests that run it
//!   .github/workflows/release.yml   on a tag: a build per platform, npm packages, a release
//!   Cargo.lock               the checkout's, when tackle comes from one
//! ```
//!
//! The project depends on the checkout this binary was built from (when it
//! was built from one; else on crates.io), on `--tackle-path DIR`, on
//! `--git URL`, or with `--crates-io` on crates.io's `tackle-sdk` and
//! `tackle-runtime` at exactly this version (`=0.1.0`). The
//! files come from templates under `cli/templates/` ([`template`]); the
//! name rules are in [`name`]. See `docs/guide/new-project.md`.
//!
//! `tackle add NAME`, inside such a project, writes a second plugin crate
//! `NAME/` and links it into the host ([`add()`]): the workspace's members
//! and dependencies, the host's dependencies and `link!`, `tackle.toml`.

pub mod add;
pub mod link;
pub mod name;
pub mod new;
pub mod project;
pub mod source;
pub mod template;
pub mod write;

pub use add::{AddError, AddOptions, Added, add};
pub use name::{NameError, ProjectName};
pub use new::{Created, NewError, NewOptions, create};
pub use source::TackleSource;
