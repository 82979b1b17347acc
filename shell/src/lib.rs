//! # tackle-shell
//!
//! Reading a shell command line the way a shell would, far enough to see
//! which programs it runs and where, without running anything.
//!
//! Hooks and permission rules on an agent's shell tool judge command lines
//! (`cd web && npm publish`), not commands. This crate is the one reader
//! tackle's permission rules and the example guard share. A plugin reaches
//! it as `tackle::shell` (the `tackle` crate re-exports it); anything else
//! that judges command lines can depend on it alone, since it has no
//! dependencies:
//!
//! * [`split`] reads a line into [`SimpleCommand`]s: their words with
//!   quotes removed and `$'...'` decoded, redirections left out, the values
//!   the line gives its parameters expanded, where each reads its input (a
//!   pipe, a here-string, a here-document) and how it is joined to the one
//!   before ([`Joint`]);
//! * [`programs`] lists every [`Run`] a line makes: each simple command as
//!   written, then what each of its wrappers runs (`FOO=1`, `env`, `sudo`,
//!   `nice`, `timeout`, `xargs`, `find -exec`, `busybox`, ...), then the
//!   commands of the scripts the line hands to a shell (`$(...)`, every
//!   shell's `-c` with its words as `$1`..., `eval`, a here-string or `echo
//!   ... |` into `sh`), each with the folders it may run in after the line's
//!   `cd`s, and what it runs but does not show ([`Unseen`]: `curl ... |
//!   sh`, `source <(curl ...)`);
//! * [`Place`] reads a word as the places a path may point to (`~root/..`,
//!   `${X:-/}`, `$X/*` with `X` empty, `{a,/}`, globs);
//! * [`subcommand`] finds a program's subcommand past its global options
//!   (`git -C . push`).
//!
//! ```
//! use tackle_shell::programs;
//!
//! let line = r#"cd /tmp; FOO=1 /usr/bin/env nice "s"udo rm -rf $'\x2f'"#;
//! let runs = programs(line).runs;
//! assert!(runs.iter().any(|r| r.program() == "sudo"));
//! assert!(runs.iter().any(|r| r.words == ["rm", "-rf", "/"]));
//! ```
//!
//! It reads one pass, linear in the line's length, never fails (an
//! unclosed quote takes the rest of the line), stops following nested
//! scripts at [`MAX_DEPTH`] and bounds every reading (wrappers peeled,
//! readings of a word, folders kept). It expands only the values the line
//! itself shows (a `sh -c` script's words, `X=/` before `$X`), not the
//! environment's, aliases or functions, and cannot know what most
//! substitutions print or what a script file holds: a guard built on it is
//! a net for an agent's mistakes, not a sandbox.

#![warn(missing_docs)]

mod escapes;
mod lex;
mod params;
mod place;
mod shells;
mod step;
mod subcommand;
mod unseen;
mod walk;
mod wrappers;

pub use lex::{Input, Joint, Script, SimpleCommand, is_assignment, split};
pub use place::{Base, Name, Place};
pub use subcommand::subcommand;
pub use unseen::{MAX_DEPTH, Unseen, Why};
pub use walk::{Operands, Programs, Run, programs, programs_of_argv};
pub use wrappers::basename;
