//! Shell guard: refuses destructive shell commands before they run.
//!
//! An example tackle plugin with two `before_tool_call` hooks on the agents'
//! shell tools (`Bash` for Claude Code, `run_shell_command` for Gemini CLI,
//! `shell` for Codex). The first reads the command line with
//! [`tackle::shell::programs`], as a shell would: every simple command
//! (split at `;`, `&&`, `||`, `|`, `&`, parentheses and newlines, quotes
//! removed, `$'\x2f'` decoded, redirections left out), each wrapper peeled
//! off in turn (`FOO=1`, `env` with `-S` and `-C`, `nice`, `nohup`,
//! `timeout`, `stdbuf`, `setsid`, `ionice`, `flock`, `chroot`, `xargs`,
//! `parallel`, `find -exec`, `watch`, `busybox`, `exec`, `command`,
//! `sudo`), the scripts the line hands to a shell (every shell's `-c` with
//! its words as `$1`..., `eval`, `$(...)` and backquotes, `<(...)`,
//! here-strings, here-documents, `echo ... | sh`), the values the line
//! gives its variables (`X=/; rm -rf $X`), and the folder each command runs
//! in after the line's `cd`s. It denies:
//!
//! * `rm` with a recursive and a force flag (`-rf`, `-fr`, `-r -f`,
//!   `--recursive --force`, ...) that may reach a protected folder: `/`, a
//!   system folder in it (`/usr`, `/etc`, ...), a home folder (`~`,
//!   `$HOME`, `~bob`, `/home/bob`) or any folder above one (`~root/..`,
//!   `..` from where the line starts), or a folder in a home that cannot be
//!   rebuilt (`~/.ssh`, `~/.config`, `~/Documents`, ...). However the line
//!   reaches it: spelled otherwise (`//`, `/tmp/..`, `$'\x2f'`, `{a,/}`),
//!   a glob that can match one (`/*`, `/.*`, `/[a-z]*`, `~/.*`, `.*`
//!   matching `..`), a `cd` before it (`cd / && rm -rf *`, `cd; rm -rf
//!   ./*`, `env -C / rm -rf *`), the agent's own folder when that is the
//!   home folder (`rm -rf *` there), a value that may be empty (`$X/*` is
//!   `/*` when `X` is unset; `${X:-/}`), the items `xargs` or `find` hand
//!   it (`echo / | xargs rm -rf`, `find ~ -exec rm -rf {} +`);
//! * a glob over everything in a folder the line does not show (`rm -rf
//!   "${X:?}"/*`, `cd "$X" && rm -rf *`), and paths `xargs` reads from
//!   input the line does not show (`cat list | xargs rm -rf`): failing
//!   closed, since that folder or list could be `/` or the home folder;
//! * running a command as root: `sudo`, `sudoedit`, `doas`, `pkexec`,
//!   `run0`, `su`;
//! * a forced `git push` (`--force`, `-f`, `--force-with-lease`, a `+refspec`)
//!   to `main` or `master`;
//! * commands starting with one of the config's `deny_prefixes`;
//! * a script the line runs but does not show: a shell reading another
//!   program's output (`curl ... | sh`), a process substitution
//!   (`bash <(curl ...)`, `source <(curl ...)`), standard input the line
//!   does not give (`source /dev/stdin`, `. /dev/fd/0`), or an encoded
//!   script (`pwsh -EncodedCommand`).
//!
//! A second hook rewrites rather than refuses: a `git commit` or `git push`
//! with `--no-verify` loses the flag (see [`verify`]), so the repository's
//! own git hooks still run and the agent's work goes ahead.
//!
//! # What a command-line guard cannot catch
//!
//! It reads the command; it does not run it. It cannot know the value of a
//! variable the line does not set (`rm -rf "$DIR"` is let through: it takes
//! such a value for an ordinary folder, unless it may be empty or a glob
//! covers everything in it, as above), an alias or a function, what a
//! command substitution prints beyond `echo` and `printf` (`rm -rf $(cat
//! list)`), what a script file holds (`bash cleanup.sh`, `source env.sh`),
//! what a program does on its own (`python -c`, `perl -e`, `find / -delete`,
//! `make clean`, `git -c core.pager=...`), where `cd` goes through
//! `CDPATH`, or which folders a glob matches on this machine beyond the
//! names it knows. It is a net against an agent's mistakes, not a sandbox
//! against a determined adversary: run agents in a container or VM when the
//! stakes call for it.
//!
//! The hook fails closed (`on_error = "closed"`): if it cannot read the
//! command, the call is denied rather than let through unchecked. The policy
//! itself is plain functions ([`check_line`], [`check_argv`]), tested
//! without a host.
//!
//! ```toml
//! [plugins.guard]
//! deny_prefixes = ["npm publish", "terraform destroy"]
//! ```
//!
//! It also declares two permission rules (`npm publish` is denied, every
//! `git push` goes to the user), a context file telling the model how the
//! guard behaves, and a skill (`skills/safe-shell.md`) on working within it.

#![warn(missing_docs)]

mod git;
mod policy;
mod protected;
mod rm;
pub mod verify;

use tackle::prelude::*;
use tackle::serde_json::Value;

pub use policy::{Refusal, check_argv, check_argv_in, check_line, check_line_in};
pub use protected::Folders;

tackle::plugin! {
    id: "guard",
    name: "Shell guard",
    description: "Refuses destructive shell commands: rm -rf of / or ~, sudo, force-pushes to main.",
    config: GuardConfig,
    // Evaluated at `permission_request`, before any hook: every matching
    // rule counts, deny over ask over allow.
    permission_rules: [
        { tool: "Bash", pattern: "npm publish*", action: deny },
        { tool: "Bash", pattern: "git push*", action: ask },
    ],
    // Added to the system prompt, under a `## Shell guard` header.
    context_injectors: ["context/shell.md"],
    // A skill the agent can load: how to work with the guard, not against it.
    skills: ["skills/safe-shell.md"],
}

/// Settings from the host config's `[plugins.guard]` block.
#[tackle::data]
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default)]
pub struct GuardConfig {
    /// Extra command prefixes to refuse, compared word by word with each
    /// simple command (`"npm publish"` refuses `npm publish --tag next`).
    pub deny_prefixes: Vec<String>,
}

/// Denies destructive shell commands, saying which command and why.
#[hook(
    before_tool_call,
    matcher = "Bash|run_shell_command|shell|bash",
    on_error = "closed"
)]
fn refuse_destructive(
    ev: &BeforeToolCall,
    ctx: &HookContext<GuardConfig>,
) -> Result<Decision, String> {
    // The folder the agent runs the command in, and the user's home (as
    // the host resolved it, never the project's `HOME`): `rm -rf *` in the
    // home folder is refused.
    let folders = Folders {
        home: ctx.home_dir().and_then(|h| h.to_str().map(str::to_owned)),
        start: ev
            .cwd
            .to_str()
            .filter(|c| c.starts_with('/'))
            .map(str::to_owned),
    };
    let refusal = match ev.arguments.get("command") {
        Some(Value::String(line)) => check_line_in(line, ctx.config(), &folders),
        // Codex's `shell` tool sends the command as its words.
        Some(Value::Array(words)) => {
            let words: Option<Vec<String>> = words
                .iter()
                .map(|w| w.as_str().map(str::to_owned))
                .collect();
            let words = words.ok_or("the `command` array holds something other than strings")?;
            check_argv_in(&words, ctx.config(), &folders)
        }
        // Failing closed: a shell call whose command cannot be read is not
        // let through unchecked.
        _ => {
            return Err(format!(
                "no `command` to check in the arguments of `{}`",
                ev.tool_name
            ));
        }
    };
    Ok(refusal.map_or(Decision::abstain(), |r| Decision::deny(r.to_string())))
}

/// Removes `--no-verify` from `git commit` and `git push`, saying why.
///
/// The repository's own git hooks then run, and the model learns that it
/// should fix what they report rather than skip them.
#[hook(before_tool_call, matcher = "Bash|run_shell_command|shell|bash")]
fn keep_git_hooks(ev: &BeforeToolCall) -> Option<Decision> {
    const WHY: &str = "guard removed `--no-verify`: this repository's git hooks (formatting, \
                       lints, tests) run on every commit and push. If one fails, fix what it \
                       reports rather than skipping it.";
    let command = match ev.arguments.get("command")? {
        Value::String(line) => match verify::keep_git_hooks(line)? {
            verify::Rewrite::Line(line) => Value::String(line),
            verify::Rewrite::Refuse(reason) => return Some(Decision::deny(reason)),
        },
        Value::Array(words) => {
            let words: Vec<String> = words
                .iter()
                .map(|w| w.as_str().map(str::to_owned))
                .collect::<Option<_>>()?;
            Value::from(verify::keep_git_hooks_argv(&words)?)
        }
        _ => return None,
    };
    let mut arguments = ev.arguments.clone();
    arguments["command"] = command;
    Some(Decision::modify(arguments).with_context(WHY))
}
