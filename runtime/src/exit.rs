//! Exit codes of a host binary: its command line and its hook entry point.

/// Success.
pub const OK: u8 = 0;
/// `call`: the tool ran and reported an error (bad arguments included),
/// or a hook or permission rule refused the call;
/// `command`: the command failed or panicked.
/// `complete`: the provider failed.
pub const TOOL_ERROR: u8 = 1;
/// `doctor`: a check or a validation failed, or a fix was refused or failed.
pub const CHECK_FAILED: u8 = 1;
/// `export`: the package could not be written (a file, or a path that
/// would leave the folder).
pub const WRITE_FAILED: u8 = 1;
/// `mcp`: the client broke the handshake, or stdin/stdout could not be
/// taken for the protocol.
pub const SERVE_FAILED: u8 = 1;
/// The command line is wrong (unknown flag, `--args` not JSON; for
/// `command`, the slash command's own arguments, or a command that does not
/// run on the host; `plugins enable|disable` in a project that is not
/// trusted).
pub const USAGE: u8 = 2;
/// The config or the linked plugins have problems: the host could not be
/// built, or (`list`, `manifest`) a plugin is off because of its config or
/// its state, or (`call`, `command`) the item's plugin is off or the host
/// shut down.
pub const CONFIG: u8 = 3;
/// `call`: no tool has that name; `command`: no command has that name.
pub const UNKNOWN_TOOL: u8 = 4;

/// The table `--help` shows.
pub const HELP: &str = "\
Exit codes:
  0  success
  1  call: the tool reported an error (including invalid arguments),
     or a hook or permission rule refused the call;
     command: the command failed; complete: the provider failed;
     doctor: a check failed, or a fix was refused or failed;
     run: a job's run failed, or was abandoned at shutdown;
     export: the package could not be written (or would leave DIR);
     install: a file could not be written;
     mcp: the client broke the handshake, or stdio could not be used;
     plugins validate|doctor: a plugin file has problems;
     replay: an event matched --fail-on
  2  usage error: unknown option, --args not valid JSON, a slash
     command's arguments, a command that does not run on the host;
     run: no cron job has the --job id; export, install: unknown agent;
     plugins enable|disable: no plugin has that id, or the project
     is not trusted; replay: the file cannot be read or holds no hook
     event
  3  config or plugin problem: invalid tackle.toml, clashing plugins,
     a plugin switched off by its config or its state (list, manifest,
     call, command); complete: no such provider, or its plugin is off;
     doctor: the host could not be built (the report says why);
     run: [cron] names unknown jobs; export: the agent cannot
     deliver some hooks (listed) and --allow-partial was not given;
     install: the same, an agent install does not support, or a
     config file it would merge into is malformed (left as it is);
     plugins list: a plugin has problems; plugins doctor: the host
     could not be built (the plugin files are checked all the same)
  4  call: no tool has that name; command: no command has that name
hook follows the agent's protocol instead: 0 with the reply on stdout,
2 to block where the agent blocks that way (reason on stderr), 1 for an
error the agent must not take as a decision (0 for copilot).";
